import { useEffect } from "react";
import { toast } from "#app/components/ui/toast.ts";

export type ActionToast = { type: "success" | "error" | "info"; title: string; description?: string; key?: number };

/** The toast now shown in each outcome slot ("action-outcome", and "action-outcome-1"… for a redirect's extra parts). */
const shown = new Map<string, string>();
let serial = 0;

/**
 * Shows the outcome of the user's last action. Every outcome goes in one slot,
 * so a later success replaces an earlier error instead of sitting next to it
 * (the same text is also rendered inline where it matters). The replacement is
 * a new toast: sonner loses an update to a toast id that is already closing.
 */
export function showActionToast(value: ActionToast, slot: string = "action-outcome") {
  const previous = shown.get(slot);
  if (previous) toast.dismiss(previous);
  const id = `${slot}:${++serial}`;
  shown.set(slot, id);
  const fn = value.type === "error" ? toast.error : value.type === "success" ? toast.success : toast;
  fn(value.title, { id, description: value.description });
}

/** Clears the last outcome once the user's next attempt has succeeded without a toast of its own. */
export function clearActionToast() {
  const previous = shown.get("action-outcome");
  if (previous) toast.dismiss(previous);
  shown.delete("action-outcome");
}

/** Shows the toast an action returned. */
export function useActionToast(value: ActionToast | undefined | null) {
  useEffect(() => {
    if (value) showActionToast(value);
  }, [value]);
}
