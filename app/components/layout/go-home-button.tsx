import { House } from "lucide-react";
import { Link, useLocation } from "react-router";

/**
 * "Go back to Home" on every page but home. It sits in its own space
 * at the end of the page, after the content, rather than floating over it: a
 * floating button covered titles, buttons and form fields on a phone at one
 * scroll position or another.
 */
export function GoHomeButton() {
  const { pathname } = useLocation();
  if (pathname === "/") return null;
  return (
    <nav aria-label="Back to home" className="mx-auto w-full max-w-7xl px-4 pb-8 pt-2 print:hidden">
      <Link
        to="/"
        className="inline-flex min-h-11 items-center gap-2 rounded-full bg-gray-900 px-4 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-gray-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
      >
        <House className="size-4" aria-hidden />
        Go back to Home
      </Link>
    </nav>
  );
}
