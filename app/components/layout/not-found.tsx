import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** The 404 page. */
export function NotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center sm:py-24">
      <p className="text-7xl font-extrabold tracking-tight text-brand-700 sm:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Oops! Page not found</h1>
      <Button asChild className="mt-8">
        <Link to="/">Return to Home</Link>
      </Button>
    </div>
  );
}
