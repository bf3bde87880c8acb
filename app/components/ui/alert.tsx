import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "#app/lib/utils.ts";

export const alertVariants = cva(
  "relative grid w-full grid-cols-[0_minmax(0,1fr)] items-start gap-y-1 rounded-lg border p-4 text-sm has-[>svg]:grid-cols-[1.25rem_minmax(0,1fr)] has-[>svg]:gap-x-3 [&>svg]:size-5 [&>svg]:translate-y-0.5",
  {
    variants: {
      variant: {
        default: "border-brand-100 bg-brand-50 text-gray-900 [&>svg]:text-brand-600",
        info: "border-blue-200 bg-blue-50 text-blue-900 [&>svg]:text-blue-600",
        success: "border-green-200 bg-green-50 text-green-900 [&>svg]:text-green-600",
        destructive: "border-red-200 bg-red-50 text-red-900 [&>svg]:text-red-600",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/**
 * A static notice. Destructive alerts are announced (role="alert"); others are notes.
 * Put an optional lucide icon first, then AlertTitle and AlertDescription.
 */
export function Alert({
  className,
  variant,
  role,
  ...props
}: React.ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  return (
    <div
      role={role ?? (variant === "destructive" ? "alert" : "note")}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

export function AlertTitle({ className, ...props }: React.ComponentProps<"h2">) {
  return <h2 className={cn("col-start-2 font-semibold leading-tight", className)} {...props} />;
}

export function AlertDescription({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("col-start-2 text-sm opacity-90 [&_p]:leading-relaxed", className)} {...props} />;
}
