import { Form } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";

/** Ban or unban, grant or remove admin access; each ends the user's sessions at once. */
export function UserAccessCard({
  user,
  busyIntent,
}: {
  user: { banned: { reason: string | null } | null; admin: unknown };
  busyIntent: string | null;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3>Account access</h3>
        </CardTitle>
        <CardDescription>
          {user.banned
            ? `Banned${user.banned.reason ? `: ${user.banned.reason}` : ""}. The user cannot sign in.`
            : "Banning signs the user out everywhere and stops them signing in. Changing admin access signs them out too."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        {user.banned ? (
          <Form method="post">
            <input type="hidden" name="intent" value="unban" />
            <Button type="submit" variant="outline" disabled={busyIntent !== null}>
              Lift Ban
            </Button>
          </Form>
        ) : user.admin ? null : (
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="ban" />
            <div className="space-y-1">
              <Label htmlFor="ban-reason">Reason (optional)</Label>
              <Input id="ban-reason" name="reason" maxLength={500} className="w-64! max-w-full" />
            </div>
            <Button type="submit" variant="destructive" disabled={busyIntent !== null}>
              Ban User
            </Button>
          </Form>
        )}
        {user.banned ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value={user.admin ? "revoke-admin" : "grant-admin"} />
            <Button type="submit" variant="outline" disabled={busyIntent !== null}>
              {user.admin ? "Remove Admin Access" : "Make Admin"}
            </Button>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
