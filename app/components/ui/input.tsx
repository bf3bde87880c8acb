import * as React from "react";
import { cn } from "#app/lib/utils.ts";

/** A field's frame without its vertical padding (a native select centres its text itself). */
export const fieldFrame =
  "w-full rounded-md border border-gray-300 bg-white px-3 text-base text-gray-900 shadow-xs placeholder:text-gray-400 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 disabled:cursor-not-allowed disabled:bg-gray-50 disabled:opacity-60 aria-[invalid=true]:border-red-500 aria-[invalid=true]:focus-visible:ring-red-500/40 sm:text-sm";

/**
 * Shared by every text-like field so they line up. `cn` does not resolve
 * conflicts: a `className` that changes a property set here (the background,
 * the width) must win another way, e.g. `bg-gray-100!`.
 */
export const fieldClasses = `${fieldFrame} py-2`;

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        fieldClasses,
        "flex h-10 file:mr-3 file:border-0 file:bg-transparent file:text-sm file:font-medium",
        className,
      )}
      {...props}
    />
  );
}
