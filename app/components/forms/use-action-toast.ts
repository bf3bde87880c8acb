import { useEffect } from "react";
import { toast } from "sonner";

export type ActionToast = { type: "success" | "error" | "info"; title: string; description?: string; key?: number };

/** Shows the toast an action returned (the same text is also rendered inline). */
export function useActionToast(value: ActionToast | undefined | null) {
  useEffect(() => {
    if (!value) return;
    const fn = value.type === "error" ? toast.error : value.type === "success" ? toast.success : toast;
    fn(value.title, { description: value.description });
  }, [value]);
}
