import * as React from "react";
import { cn } from "#app/lib/utils.ts";

/** A field's label. A double click on it does not select its text (it focuses or ticks the field instead). */
export function Label({ className, onMouseDown, ...props }: React.ComponentProps<"label">) {
  return (
    <label
      className={cn(
        "text-sm font-medium leading-none text-gray-900 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        className,
      )}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        const inField = (event.target as HTMLElement).closest("button, input, select, textarea");
        if (!inField && !event.defaultPrevented && event.detail > 1) event.preventDefault();
      }}
      {...props}
    />
  );
}
