/**
 * The listing draft (docs/product.md#interface): the form's text fields saved in the browser
 * 1 s after the last change, restored when under an hour old.
 */
import { useEffect, useRef, type RefObject } from "react";
import { toast } from "#app/components/ui/toast.ts";

const DRAFT_KEY = "listing-draft";
const DRAFT_MAX_AGE_MS = 60 * 60 * 1000;
// Category before make: the make list follows the category.
const DRAFT_FIELDS = [
  "title",
  "description",
  "category",
  "condition",
  "make",
  "makeOther",
  "model",
  "year",
  "usage",
  "weightKg",
  "powerKw",
  "serial",
  "attachments",
  "vat",
  "price",
  "location",
] as const;

function field(form: HTMLFormElement, name: string) {
  return form.elements.namedItem(name) as HTMLInputElement | null;
}

export function useListingDraft(options: {
  formRef: RefObject<HTMLFormElement | null>;
  enabled: boolean;
  /** Called after a draft was put back into the form. */
  onRestored: () => void;
}) {
  const { formRef, enabled } = options;
  const onRestored = useRef(options.onRestored);
  onRestored.current = options.onRestored;

  useEffect(() => {
    if (!enabled || !formRef.current) return;
    try {
      const raw = localStorage.getItem(DRAFT_KEY);
      if (raw) {
        const draft = JSON.parse(raw) as { savedAt: number; values: Record<string, string> };
        if (Date.now() - draft.savedAt < DRAFT_MAX_AGE_MS) {
          for (const name of DRAFT_FIELDS) {
            const el = field(formRef.current, name);
            if (el && draft.values[name]) el.value = draft.values[name];
          }
          onRestored.current();
          toast.info("Draft restored", { description: "We restored the listing you were working on." });
        } else {
          localStorage.removeItem(DRAFT_KEY);
        }
      }
    } catch {
      localStorage.removeItem(DRAFT_KEY);
    }
  }, [enabled, formRef]);

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  function scheduleSave() {
    if (!enabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const values: Record<string, string> = {};
      for (const name of DRAFT_FIELDS) values[name] = field(form, name)?.value ?? "";
      localStorage.setItem(DRAFT_KEY, JSON.stringify({ savedAt: Date.now(), values }));
    }, 1000);
  }

  function clearDraft() {
    if (enabled) localStorage.removeItem(DRAFT_KEY);
  }

  return { scheduleSave, clearDraft };
}
