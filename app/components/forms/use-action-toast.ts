import { useEffect } from "react";
import { toast } from "sonner";

export type ActionToast = { type: "success" | "error" | "info"; title: string; description?: string; key?: number };

/**
 * Shows the outcome of the user's last action. Every outcome shares one toast
 * id, so a later success replaces an earlier error instead of sitting next to
 * it (the same text is also rendered inline where it matters).
 */
export function showActionToast(value: ActionToast, id: string = "action-outcome") {
  const fn = value.type === "error" ? toast.error : value.type === "success" ? toast.success : toast;
  fn(value.title, { id, description: value.description });
}

/** Clears the last outcome once the user's next attempt has succeeded without a toast of its own. */
export function clearActionToast() {
  toast.dismiss("action-outcome");
}

/** Shows the toast an action returned. */
export function useActionToast(value: ActionToast | undefined | null) {
  useEffect(() => {
    if (value) showActionToast(value);
  }, [value]);
}
