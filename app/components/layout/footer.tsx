import { Link } from "react-router";
import { COMPANY_NAME } from "#app/lib/brand.ts";

const LINKS = [
  { to: "/about", label: "About" },
  { to: "/terms", label: "Terms of use" },
  { to: "/privacy", label: "Privacy policy" },
  { to: "/contact", label: "Contact" },
] as const;

const yearFormat = new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", year: "numeric" });

/** This year in South African time, so the server's page and the browser's agree. */
function currentYear() {
  return yearFormat.format(new Date());
}

/**
 * The foot of every page: the company and the legal pages. It follows the content in the page's flow
 * (never fixed), so it covers nothing, and a bar that sticks to the bottom of the screen (the compare
 * tray) comes to rest above it.
 */
export function Footer() {
  return (
    <footer className="border-t border-gray-200 bg-white print:hidden">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-1">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="inline-flex min-h-8 items-center font-medium text-gray-700 underline-offset-4 hover:text-brand-700 hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p>
          © {currentYear()} {COMPANY_NAME}
        </p>
      </div>
    </footer>
  );
}
