import * as React from "react";
import { fieldClasses } from "#app/components/ui/input.tsx";
import { cn } from "#app/lib/utils.ts";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(fieldClasses, "flex min-h-24", className)} {...props} />;
}
