import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { ALERT_FREQUENCIES, ALERT_FREQUENCY_LABELS, type AlertFrequency } from "#db/vocabulary.ts";

/** How often to be told: Instant, Daily digest, Weekly digest, Off. */
export function FrequencySelect({
  id,
  defaultValue,
  label,
}: {
  id: string;
  defaultValue: AlertFrequency;
  label?: string;
}) {
  return (
    <NativeSelect id={id} name="frequency" defaultValue={defaultValue} aria-label={label}>
      {ALERT_FREQUENCIES.map((f) => (
        <option key={f} value={f}>
          {ALERT_FREQUENCY_LABELS[f]}
        </option>
      ))}
    </NativeSelect>
  );
}

/** What choosing a frequency agrees to (the opt-in, recorded as a consent). */
export const ALERT_CONSENT_TEXT =
  "Choosing a frequency other than Off means you agree that we e-mail you and notify you here about new matches. Every e-mail has a one-click unsubscribe link, and you can change or stop alerts at any time under Saved searches.";
