import { Link } from "react-router";
import type { Route } from "./+types/admin";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { requireAdmin } from "#app/lib/guards.server.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Panel | Machinery Marketplace" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const { env } = await getRuntime();
  return { name: viewer.fullName ?? viewer.name, smtp: Boolean(env.SMTP_URL) };
}

export default function Admin({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Admin Panel</h1>
      <p className="mt-1 text-gray-600">Signed in as {loaderData.name}.</p>
      <Alert className="mt-6">
        <AlertTitle>Notifications</AlertTitle>
        <AlertDescription>
          SMS notifications are disabled. Sellers get in-app notifications when a listing is approved or rejected.
          E-mail notifications are active.
        </AlertDescription>
      </Alert>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>E-mail</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-gray-700">
          {loaderData.smtp ? (
            <p>E-mails are delivered over SMTP. Every message is also kept in the outbox.</p>
          ) : (
            <p>No SMTP server is configured: e-mails land in the dev mailbox.</p>
          )}
          <Link to="/admin/mailbox" className="mt-2 inline-block font-medium text-brand-700 hover:underline">
            Open the mailbox
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
