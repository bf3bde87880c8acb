/**
 * The catalog's machine filters (plain GET fields, so they work without JavaScript): make, offered
 * with how many listings of the current search each has (makes with none are not offered), model,
 * year range and the most hours (or kilometres) on the meter.
 */
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { formatWhole } from "#app/lib/format.ts";
import { EARLIEST_YEAR, latestYear } from "#app/domain/listing/machine-specs.ts";

type Search = { make?: string; model?: string; yearFrom?: number; yearTo?: number; maxHours?: number };

export function MachineFilters({ search, makes }: { search: Search; makes: { make: string; count: number | null }[] }) {
  // The make chosen stays offered even when the other filters leave none of it.
  const offered =
    search.make && !makes.some((m) => m.make === search.make) ? [{ make: search.make, count: 0 }, ...makes] : makes;
  return (
    <>
      <div className="space-y-1">
        <Label htmlFor="make">Make</Label>
        <NativeSelect id="make" name="make" defaultValue={search.make ?? ""}>
          <option value="">Any make</option>
          {offered.map((m) => (
            <option key={m.make} value={m.make}>
              {m.count === null ? m.make : `${m.make} (${formatWhole(m.count)})`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-1">
        <Label htmlFor="model">Model</Label>
        <Input id="model" name="model" maxLength={60} defaultValue={search.model ?? ""} placeholder="e.g. 320" />
      </div>
      <div className="space-y-1">
        <Label htmlFor="yearFrom">Year from</Label>
        <Input
          id="yearFrom"
          name="yearFrom"
          inputMode="numeric"
          maxLength={4}
          defaultValue={search.yearFrom ?? ""}
          placeholder={String(EARLIEST_YEAR)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="yearTo">Year to</Label>
        <Input
          id="yearTo"
          name="yearTo"
          inputMode="numeric"
          maxLength={4}
          defaultValue={search.yearTo ?? ""}
          placeholder={String(latestYear())}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor="maxHours">Max hours (km for trucks)</Label>
        <Input id="maxHours" name="maxHours" inputMode="numeric" defaultValue={search.maxHours ?? ""} />
      </div>
    </>
  );
}
