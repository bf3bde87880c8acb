import { Separator as SeparatorPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "#app/lib/utils.ts";

/** Decorative by default (hidden from assistive tech); pass `decorative={false}` for a semantic separator. */
export function Separator({
  className,
  orientation = "horizontal",
  decorative = true,
  ...props
}: React.ComponentProps<typeof SeparatorPrimitive.Root>) {
  return (
    <SeparatorPrimitive.Root
      orientation={orientation}
      decorative={decorative}
      className={cn(
        "shrink-0 bg-gray-200",
        orientation === "horizontal" ? "h-px w-full" : "h-full w-px self-stretch",
        className,
      )}
      {...props}
    />
  );
}
