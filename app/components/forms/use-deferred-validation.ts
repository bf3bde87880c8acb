import type * as ZodAdapterModule from "@conform-to/zod/v4";
import { useCallback, useRef, useState } from "react";

type ZodAdapter = typeof ZodAdapterModule;

export type DeferredValidation<Schemas> = {
  /** Conform's `parseWithZod` and the loaded schema module, or null until they have loaded. */
  loaded: { parseWithZod: ZodAdapter["parseWithZod"]; schemas: Schemas } | null;
  /** Spread on the `<Form>`: the first focus, press or key inside it loads the validation. */
  triggers: { onFocus: () => void; onPointerDown: () => void; onKeyDown: () => void };
};

/**
 * A form's browser-side check with its Zod schema, the same one the server
 * parses with (one schema per form), loaded when the visitor first reaches
 * for the form (focus, pointer or key inside it) instead of with the page:
 * Zod and Conform's Zod adapter are about 27 KB gzip, most of what a form
 * page would otherwise ship beyond React (docs/performance.md). Until they
 * have loaded, a few milliseconds after that first focus, `loaded` is null:
 * pass `onValidate` only once it is set, and a submit meanwhile goes to the
 * server, which answers with the same messages.
 *
 *   const { loaded, triggers } = useDeferredValidation(() => import("#app/domain/contact/contact-schema.ts"));
 *   useForm({ onValidate: loaded ? ({ formData }) => loaded.parseWithZod(formData, { schema: loaded.schemas.ContactSchema }) : undefined });
 *   <Form {...getFormProps(form)} {...triggers}>
 */
export function useDeferredValidation<Schemas>(loadSchemas: () => Promise<Schemas>): DeferredValidation<Schemas> {
  const [loaded, setLoaded] = useState<DeferredValidation<Schemas>["loaded"]>(null);
  const loader = useRef(loadSchemas);
  loader.current = loadSchemas;
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    Promise.all([import("@conform-to/zod/v4"), loader.current()]).then(
      ([adapter, schemas]) => setLoaded({ parseWithZod: adapter.parseWithZod, schemas }),
      () => {
        // Offline, or a new deploy replaced the files: the server still checks; the next focus tries again.
        started.current = false;
      },
    );
  }, []);
  return { loaded, triggers: { onFocus: load, onPointerDown: load, onKeyDown: load } };
}
