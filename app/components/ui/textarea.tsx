import * as React from "react";
import { fieldClasses } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * What was typed into a server-rendered textarea before the page's script ran. React's hydration of
 * a textarea with a `defaultValue` puts the default back over the typed text (it assigns the
 * textarea's value from its text content), so an edit form would lose what a quick typist already
 * wrote: the first render on the client reads the field first and hydrates with that instead.
 */
function typedBeforeHydration(id: string | undefined, defaultValue: React.ComponentProps<"textarea">["defaultValue"]) {
  if (typeof document === "undefined" || !id || defaultValue === undefined) return defaultValue;
  const field = document.getElementById(id);
  return field instanceof HTMLTextAreaElement ? field.value : defaultValue;
}

const noSubscription = () => () => {};

export function Textarea({ className, defaultValue, ...props }: React.ComponentProps<"textarea">) {
  // False only while hydrating the server's HTML (later renders, client navigations included, are not).
  const hydrated = React.useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [initial] = React.useState(() => (hydrated ? defaultValue : typedBeforeHydration(props.id, defaultValue)));
  return <textarea className={cn(fieldClasses, "flex min-h-24", className)} defaultValue={initial} {...props} />;
}
