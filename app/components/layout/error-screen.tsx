import { RotateCw, TriangleAlert } from "lucide-react";
import { useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/**
 * The error screen. Both actions are plain links so they work even when
 * the error happened before JavaScript loaded; "Try Again" reloads the current page.
 */
export function ErrorScreen({ message }: { message?: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-14 items-center justify-center rounded-full bg-red-100 text-red-600">
        <TriangleAlert className="size-7" aria-hidden />
      </span>
      <h1 className="mt-6 text-2xl font-bold sm:text-3xl">Something went wrong</h1>
      <p className="mt-3 break-words text-gray-600">{message || "An unexpected error occurred"}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button asChild>
          <a href={`${pathname}${search}`}>
            <RotateCw aria-hidden />
            Try Again
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href="/">Go Home</a>
        </Button>
      </div>
    </div>
  );
}
