import type { Route } from "./+types/not-found";
import { NotFound } from "#app/components/layout/not-found.tsx";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Page not found") },
  { name: "robots", content: "noindex" },
];

export function loader() {
  // Public: any unknown path answers 404.
  throw new Response("Not Found", { status: 404 });
}

export default function NotFoundRoute() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
