import type * as React from "react";
import { fieldClasses } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * A styled native `<select>`. It submits and works before JavaScript loads, so forms use this one.
 * Its own module: pages that use it do not load the Radix `Select` (select.tsx).
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(fieldClasses, "flex h-10 py-0", className)} {...props} />;
}
