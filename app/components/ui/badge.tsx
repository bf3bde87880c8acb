import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "#app/lib/utils.ts";

export const badgeVariants = cva(
  "inline-flex w-fit shrink-0 items-center gap-1 whitespace-nowrap rounded-full border px-2.5 py-0.5 text-xs font-semibold [&_svg]:size-3",
  {
    variants: {
      variant: {
        default: "border-transparent bg-brand-100 text-brand-800",
        secondary: "border-transparent bg-gray-100 text-gray-800",
        outline: "border-gray-300 text-gray-700",
        destructive: "border-transparent bg-red-600 text-white",
        success: "border-transparent bg-green-100 text-green-800",
        warning: "border-transparent bg-amber-100 text-amber-800",
        urgent: "border-transparent bg-red-600 text-white",
        bargain: "border-transparent bg-green-700 text-white",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

export type BadgeProps = React.ComponentProps<"span"> & VariantProps<typeof badgeVariants>;

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
