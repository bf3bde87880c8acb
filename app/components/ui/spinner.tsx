import { LoaderCircle } from "lucide-react";
import { cn } from "#app/lib/utils.ts";

/** A spinning indicator announced to screen readers as `label`; `className` replaces its size and colour. */
export function Spinner({
  className = "size-6 text-brand-600",
  label = "Loading",
}: {
  className?: string;
  label?: string;
}) {
  return (
    <span role="status" className={cn("inline-flex items-center justify-center", className)}>
      <LoaderCircle className="size-full animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
