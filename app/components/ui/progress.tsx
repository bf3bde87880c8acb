import { cn } from "#app/lib/utils.ts";

export function Progress({ value, label, className }: { value: number; label: string; className?: string }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-gray-200", className)}
    >
      <div className="h-full bg-brand-600 transition-all" style={{ width: `${value}%` }} />
    </div>
  );
}
