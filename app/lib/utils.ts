import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names (strings, conditionals, arrays). It does not resolve
 * conflicts: a component's own classes and the `className` passed to it
 * must not set the same property, unless the passed one comes later in the
 * stylesheet (a breakpoint or state variant, or `!`). tailwind-merge did
 * that resolution for 8 KB on every page.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
