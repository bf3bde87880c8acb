import { data, Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-user";
import { DeleteUserCard } from "#app/components/admin/delete-user-card.tsx";
import { UserAccessCard } from "#app/components/admin/user-access-card.tsx";
import { capitalise, UserDetailsCard } from "#app/components/admin/user-details-card.tsx";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { ErrorScreen } from "#app/components/layout/error-screen.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { deleteUser } from "#app/domain/user/delete-user.server.ts";
import { getUserDetails, getUserEmail } from "#app/domain/user/find-users.server.ts";
import { sendPasswordResetAsAdmin } from "#app/domain/user/send-password-reset.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { setUserAccess, type AccessChange } from "#app/domain/user/set-user-access.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./admin-user.intents.ts";

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: pageTitle(`${loaderData?.user.fullName ?? loaderData?.user.email ?? "User"} | Admin Panel`) },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireAdmin(request);
  const { db } = await getRuntime();
  const details = await getUserDetails({ db, admin: viewer, userId: params.userId });
  if (!details) throw new Response("Not Found", { status: 404 });
  return {
    user: {
      ...details,
      createdAt: details.createdAt.toISOString(),
      admin: details.admin ? { ...details.admin, since: details.admin.since.toISOString() } : null,
      sellerApproval: details.sellerApproval ? { approvedAt: details.sellerApproval.approvedAt.toISOString() } : null,
    },
    isSelf: details.id === viewer.userId,
  };
}

const FAILURES = {
  "get-email": { title: "Error", description: "Failed to get user contact information." },
  "reset-password": {
    title: "Failed to Send Reset",
    description: "An error occurred while sending the password reset email.",
  },
  delete: { title: "Deletion Failed", description: "An error occurred while deleting the user." },
  ban: { title: "Update Failed", description: "An error occurred while banning the user." },
  unban: { title: "Update Failed", description: "An error occurred while lifting the ban." },
  "grant-admin": { title: "Update Failed", description: "An error occurred while granting admin access." },
  "revoke-admin": { title: "Update Failed", description: "An error occurred while removing admin access." },
} as const satisfies Record<Intent, { title: string; description: string }>;

const ACCESS_DONE: Record<AccessChange, (email: string) => string> = {
  ban: (email) => `${email} is banned and was signed out everywhere.`,
  unban: (email) => `${email} can sign in again.`,
  "grant-admin": (email) => `${email} is now an admin and must sign in again.`,
  "revoke-admin": (email) => `${email} is no longer an admin and was signed out everywhere.`,
};

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const userId = params.userId;
  return orError(async () => {
    if (!(intent in FAILURES)) throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
    try {
      switch (intent as Intent) {
        case "get-email": {
          const email = await getUserEmail({ db: runtime.db, admin, userId });
          if (!email) throw new AppError("NOT_FOUND", "Error", "Could not retrieve user email.");
          return { email };
        }
        case "reset-password": {
          const { email } = await sendPasswordResetAsAdmin({ runtime, admin, userId });
          return {
            toast: {
              type: "success",
              title: "Password Reset Sent",
              description: `A password reset link was e-mailed to ${email}.`,
            } as ActionToast,
          };
        }
        case "ban":
        case "unban":
        case "grant-admin":
        case "revoke-admin": {
          const change = intent as AccessChange;
          const reason = String(form.get("reason") ?? "");
          const { email } = await setUserAccess({ runtime, admin, userId, change, reason });
          return {
            toast: { type: "success", title: "Access Updated", description: ACCESS_DONE[change](email) } as ActionToast,
          };
        }
        case "delete": {
          const confirmation = String(form.get("confirmation") ?? "");
          const { email } = await deleteUser({ runtime, admin, userId, confirmation });
          return redirectWithToast("/admin/users", {
            type: "success",
            title: "User Deleted",
            description: `${email} and all their data were deleted.`,
          });
        }
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error, intent, userId }, "admin user action failed");
      return data({ toast: { type: "error", ...FAILURES[intent as Intent] } as ActionToast }, { status: 500 });
    }
  });
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, isSelf } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : undefined;
  const revealedEmail = actionData && "email" in actionData ? actionData.email : undefined;
  useActionToast(toast);
  const isBuyer = user.role === "buyer" || Boolean(user.buyer);

  return (
    <section className="mt-6 space-y-6" aria-labelledby="user-heading">
      <Link to="/admin/users" className="text-sm text-brand-700 hover:underline">
        ← All users
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="user-heading" className="text-2xl font-bold break-all">
          {user.fullName ?? user.email}
        </h2>
        <Badge variant="secondary">{capitalise(user.role)}</Badge>
        {user.admin && user.role !== "admin" ? <Badge>Admin</Badge> : null}
      </div>

      {toast ? (
        <div
          role={toast.type === "error" ? "alert" : "status"}
          className={
            toast.type === "error"
              ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
              : "rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800"
          }
        >
          <p className="font-medium">{toast.title}</p>
          {toast.description ? <p>{toast.description}</p> : null}
        </div>
      ) : null}

      <UserDetailsCard user={user} />

      <Card>
        <CardHeader>
          <CardTitle>
            <h3>Actions</h3>
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap gap-2">
            {isBuyer ? (
              <Form method="post">
                <input type="hidden" name="intent" value="get-email" />
                <Button type="submit" variant="outline" disabled={busyIntent !== null}>
                  {busyIntent === "get-email" ? "Getting e-mail..." : "Get E-mail"}
                </Button>
              </Form>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="reset-password" />
              <Button type="submit" variant="outline" disabled={busyIntent !== null}>
                {busyIntent === "reset-password" ? "Sending..." : "Send Password Reset"}
              </Button>
            </Form>
          </div>
          {revealedEmail ? (
            <p role="status" className="text-sm">
              Buyer&apos;s e-mail:{" "}
              <a href={`mailto:${revealedEmail}`} className="break-all font-medium text-brand-700 underline">
                {revealedEmail}
              </a>
            </p>
          ) : null}
        </CardContent>
      </Card>

      {isSelf ? null : <UserAccessCard user={user} busyIntent={busyIntent} />}

      <DeleteUserCard
        email={user.email}
        isSelf={isSelf}
        busy={busyIntent === "delete"}
        error={toast?.type === "error" && toast.title === "Deletion Failed" ? toast.description : undefined}
      />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <section className="mt-10 text-center">
        <h2 className="text-2xl font-bold">User Not Found</h2>
        <p className="mt-2 text-gray-600">This user doesn&apos;t exist or has been deleted.</p>
        <Button asChild className="mt-6" variant="outline">
          <Link to="/admin/users">Back to all users</Link>
        </Button>
      </section>
    );
  }
  return (
    <ErrorScreen message={isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined} />
  );
}
