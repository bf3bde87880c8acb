import { useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";

/**
 * The submit button of one of a page's forms (told apart by their `intent`):
 * every form's button waits while any of them is sending, and only the one
 * sent shows the spinner and its busy label.
 */
export function IntentSubmitButton({ label, busyLabel, intent }: { label: string; busyLabel: string; intent: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" disabled={navigation.state === "submitting"}>
      {busy ? (
        <>
          <Spinner className="size-4 text-current" label={busyLabel} /> {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}
