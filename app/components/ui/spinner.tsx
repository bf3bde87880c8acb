import { LoaderCircle } from "lucide-react";
import { cn } from "#app/lib/utils.ts";

/** A spinning indicator announced to screen readers as `label`. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn("inline-flex size-6 items-center justify-center text-brand-600", className)}>
      <LoaderCircle className="size-full animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
