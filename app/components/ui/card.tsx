import * as React from "react";
import { cn } from "#app/lib/utils.ts";

type DivProps = React.ComponentProps<"div">;

export function Card({ className, ...props }: DivProps) {
  return (
    <div className={cn("rounded-lg border border-gray-200 bg-white text-gray-900 shadow-sm", className)} {...props} />
  );
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={cn("flex flex-col gap-1.5 p-4 sm:p-6", className)} {...props} />;
}

/** A div so it fits under any heading level; nest an `<h2>`/`<h3>` inside when the page outline needs one. */
export function CardTitle({ className, ...props }: DivProps) {
  return <div className={cn("text-lg font-semibold leading-tight tracking-tight", className)} {...props} />;
}

export function CardDescription({ className, ...props }: DivProps) {
  return <div className={cn("text-sm text-gray-600 wrap-anywhere", className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={cn("p-4 pt-0 sm:p-6 sm:pt-0", className)} {...props} />;
}

export function CardFooter({ className, ...props }: DivProps) {
  return <div className={cn("flex items-center gap-2 p-4 pt-0 sm:p-6 sm:pt-0", className)} {...props} />;
}
