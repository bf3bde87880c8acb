/**
 * The listing a request names, picked from a list that can be searched:
 * type to filter the titles, arrows to move, Enter to choose, Escape to
 * close (the ARIA combobox pattern with a list box). Before JavaScript runs
 * it is a plain select with the same name, so the form still works.
 */
import { Check, ChevronDown } from "lucide-react";
import { useId, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { fieldClasses } from "#app/components/ui/input.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { cn } from "#app/lib/utils.ts";

export type ListingOption = { id: string; title: string };

export const NO_LISTING_LABEL = "No specific listing";

const normalise = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

export function ListingCombobox({
  id,
  name,
  listings,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  name: string;
  listings: ListingOption[];
  value: string;
  onChange: (id: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const hydrated = useHydrated();
  const listId = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = listings.find((l) => l.id === value);

  const options = useMemo(() => {
    const all: ListingOption[] = [{ id: "", title: NO_LISTING_LABEL }, ...listings];
    if (!query?.trim()) return all;
    const words = normalise(query).split(/\s+/).filter(Boolean);
    return listings.filter((l) => {
      const title = normalise(l.title);
      return words.every((w) => title.includes(w));
    });
  }, [listings, query]);

  if (!hydrated) {
    return (
      <NativeSelect
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
      >
        <option value="">{NO_LISTING_LABEL}</option>
        {listings.map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
      </NativeSelect>
    );
  }

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (option: ListingOption) => {
    onChange(option.id);
    close();
  };
  const move = (to: number) => {
    const next = Math.max(0, Math.min(options.length - 1, to));
    setActive(next);
    listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: "nearest" });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown") {
      e.preventDefault();
      if (!open) setOpen(true);
      else move(active + 1);
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      move(active - 1);
    } else if (e.key === "Home" && open) {
      e.preventDefault();
      move(0);
    } else if (e.key === "End" && open) {
      e.preventDefault();
      move(options.length - 1);
    } else if (e.key === "Enter") {
      // Enter picks the highlighted listing instead of sending the form.
      if (open && options[active]) {
        e.preventDefault();
        choose(options[active]);
      }
    } else if (e.key === "Escape") {
      if (open) {
        e.preventDefault();
        close();
      }
    }
  };

  const activeOption = open ? options[active] : undefined;
  return (
    <div className="relative">
      <input type="hidden" name={name} value={value} />
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        placeholder="Type to search listings"
        className={cn(fieldClasses, "h-10 pr-9")}
        value={query ?? (selected ? selected.title : NO_LISTING_LABEL)}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => setOpen(true)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ChevronDown className="pointer-events-none absolute right-3 top-3 size-4 text-gray-500" aria-hidden />
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Listings"
          className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg"
        >
          {options.length === 0 ? (
            <li className="px-3 py-2 text-gray-600" role="presentation">
              No listing matches “{query}”.
            </li>
          ) : (
            options.map((option, i) => (
              <li
                key={option.id || "none"}
                id={`${listId}-${i}`}
                data-index={i}
                role="option"
                aria-selected={option.id === value}
                // Keep the focus in the input: choosing happens on click.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(i)}
                className={cn(
                  "flex cursor-pointer items-start gap-2 px-3 py-2 [overflow-wrap:anywhere]",
                  i === active && "bg-brand-50 text-brand-900",
                )}
              >
                <Check
                  className={cn("mt-0.5 size-4 shrink-0", option.id === value ? "opacity-100" : "opacity-0")}
                  aria-hidden
                />
                <span className={option.id ? undefined : "text-gray-600"}>{option.title}</span>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
