import * as React from "react";
import { cn } from "#app/lib/utils.ts";

/** A grey placeholder block; hidden from assistive tech (announce loading with a Spinner or aria-busy). */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div aria-hidden className={cn("rounded-md bg-gray-200 motion-safe:animate-pulse", className)} {...props} />;
}
