// Placeholder: being built (admin desk issue). Replaced by the real page.
import { requireAdmin } from "#app/lib/guards.server.ts";
import type { Route } from "./+types/email-test";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Placeholder() {
  return <p className="mt-10 text-center text-gray-500">This page is being built.</p>;
}
