import { House } from "lucide-react";
import { Link, useLocation } from "react-router";

/** Floating "Go back to Home" on every page but home (spec §2). */
export function GoHomeButton() {
  const { pathname } = useLocation();
  if (pathname === "/") return null;
  return (
    <nav aria-label="Back to home" className="contents">
      <Link
        to="/"
        className="fixed bottom-4 left-4 z-30 inline-flex items-center gap-2 rounded-full bg-gray-900/90 p-3 sm:px-4 sm:py-2.5 text-sm font-medium text-white shadow-lg backdrop-blur hover:bg-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 print:hidden"
      >
        <House className="size-4" aria-hidden />
        {/* A round icon on phones, so it hides less of the page; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">Go back to Home</span>
      </Link>
    </nav>
  );
}
