import { cn } from "#app/lib/utils.ts";

export function Separator({ className }: { className?: string }) {
  return <div role="separator" className={cn("h-px bg-gray-200", className)} />;
}
