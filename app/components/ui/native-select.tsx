import type * as React from "react";
import { fieldFrame } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

/**
 * A styled native `<select>`. It submits and works before JavaScript loads, so forms use this one.
 * Its own module: pages that use it do not load the Radix `Select` (select.tsx).
 */
export function NativeSelect({ className, ...props }: React.ComponentProps<"select">) {
  return <select className={cn(fieldFrame, "flex h-10", className)} {...props} />;
}
