import * as React from "react";
import { cn } from "#app/lib/utils.ts";

type SeparatorProps = React.ComponentProps<"div"> & { orientation?: "horizontal" | "vertical"; decorative?: boolean };

/** Decorative by default (hidden from assistive tech); pass `decorative={false}` for a semantic separator. */
export function Separator({ className, orientation = "horizontal", decorative = true, ...props }: SeparatorProps) {
  const semantics = decorative
    ? { role: "none" }
    : { role: "separator", "aria-orientation": orientation === "vertical" ? ("vertical" as const) : undefined };
  return (
    <div
      {...semantics}
      data-orientation={orientation}
      className={cn(
        "shrink-0 bg-gray-200",
        orientation === "horizontal" ? "h-px w-full" : "h-full w-px self-stretch",
        className,
      )}
      {...props}
    />
  );
}
