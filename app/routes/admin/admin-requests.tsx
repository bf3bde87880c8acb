// Placeholder: being built (admin desk issue). Replaced by the real section.
import { requireAdmin } from "#app/lib/guards.server.ts";
import type { Route } from "./+types/admin-requests";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function Placeholder() {
  return <p className="mt-10 text-center text-gray-500">This section is being built.</p>;
}
