import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "#app/lib/utils.ts";
import { Slot } from "./slot.tsx";

/** Every variant but `link`: a link-styled button keeps a link's look, without side padding. */
const PADDED = ["default", "destructive", "outline", "secondary", "ghost"] as const;

/**
 * Each class sets a property no other part sets for the same variant and size
 * (`cn` does not resolve conflicts): the text size is the size's, the side
 * padding comes from the size for every variant but `link`.
 */
export const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0",
  {
    variants: {
      variant: {
        default: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
        destructive: "bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:ring-red-500",
        outline: "border border-gray-300 bg-white text-gray-900 shadow-sm hover:bg-gray-50",
        secondary: "bg-gray-100 text-gray-900 hover:bg-gray-200",
        ghost: "text-gray-700 hover:bg-gray-100 hover:text-gray-900",
        link: "text-brand-700 underline-offset-4 hover:underline",
      },
      size: {
        default: "h-10 py-2 text-sm",
        sm: "h-9 text-sm",
        lg: "h-11 text-base",
        icon: "size-10 text-sm",
      },
    },
    compoundVariants: [
      { variant: [...PADDED], size: "default", class: "px-4" },
      { variant: [...PADDED], size: "sm", class: "px-3" },
      { variant: [...PADDED], size: "lg", class: "px-8" },
    ],
    defaultVariants: { variant: "default", size: "default" },
  },
);

export type ButtonProps = React.ComponentProps<"button"> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (e.g. a `<Link>`) with button styles instead of a `<button>`. */
    asChild?: boolean;
  };

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : "button";
  return <Comp className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
