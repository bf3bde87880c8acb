import { Check } from "lucide-react";
import { Checkbox as CheckboxPrimitive } from "radix-ui";
import * as React from "react";
import { cn } from "#app/lib/utils.ts";

const boxClasses =
  "peer size-5 shrink-0 rounded border border-gray-400 bg-white shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-red-500 sm:size-4";

/**
 * Radix checkbox. Given `name` inside a `<form>`, it renders a hidden input that submits `value`
 * (default "on") when checked. It needs JavaScript to toggle; use `NativeCheckbox` in forms that
 * must work before hydration.
 */
export function Checkbox({ className, ...props }: React.ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root
      className={cn(
        boxClasses,
        "data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white",
        className,
      )}
      {...props}
    >
      <CheckboxPrimitive.Indicator className="flex items-center justify-center text-current">
        <Check className="size-3.5 sm:size-3" strokeWidth={3} aria-hidden />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** A styled `<input type="checkbox">` that looks like `Checkbox` and works without JavaScript. */
export function NativeCheckbox({ className, ...props }: Omit<React.ComponentProps<"input">, "type">) {
  return <input type="checkbox" className={cn(boxClasses, "accent-brand-700", className)} {...props} />;
}
