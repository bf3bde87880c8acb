import { useRef, useState, useSyncExternalStore } from "react";
import { data, Form, isRouteErrorResponse, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin-user";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { ErrorScreen } from "#app/components/layout/error-screen.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { deleteUser } from "#app/domain/user/delete-user.server.ts";
import { deleteConfirmationPhrase, isDeleteConfirmation } from "#app/domain/user/delete-user-phrase.ts";
import { getUserDetails, getUserEmail } from "#app/domain/user/find-users.server.ts";
import { sendPasswordResetAsAdmin } from "#app/domain/user/send-password-reset.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { formatAdminDate } from "#app/lib/format.ts";
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
          return { toast: { type: "success", title: "Access Updated", description: ACCESS_DONE[change](email) } as ActionToast };
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

/** True once React runs in the browser (false on the server and without JavaScript). */
function useHydrated() {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}

const NOT_PROVIDED = "Not provided";
const yesNo = (value: boolean) => (value ? "Yes" : "No");
const capitalise = (value: string | null | undefined) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1) : null;

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user, isSelf } = loaderData;
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const toast = actionData && "toast" in actionData ? actionData.toast : undefined;
  const revealedEmail = actionData && "email" in actionData ? actionData.email : undefined;
  useActionToast(toast);
  const isBuyer = user.role === "buyer" || Boolean(user.buyer);

  const website = user.website && /^https?:\/\//i.test(user.website) ? user.website : null;
  const fields: [string, React.ReactNode][] = [
    ["Full name", user.fullName ?? NOT_PROVIDED],
    ["E-mail", <span className="break-all">{user.email}</span>],
    ["User ID", <code className="break-all text-xs">{user.id}</code>],
    ["Registered", formatAdminDate(user.createdAt)],
    ["Role", capitalise(user.role)],
    ["Phone", user.phone ?? NOT_PROVIDED],
    ["Company", user.company ?? NOT_PROVIDED],
    [
      "Website",
      website ? (
        <a
          href={website}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="break-all text-brand-700 underline"
        >
          {website}
        </a>
      ) : (
        (user.website ?? NOT_PROVIDED)
      ),
    ],
    ["Admin", user.admin ? `Yes, since ${formatAdminDate(user.admin.since)}` : "No"],
    ["Admin notes", user.admin ? (user.admin.notes ?? NOT_PROVIDED) : "Not an admin"],
    [
      "Seller approval",
      user.sellerApproval ? `Approved on ${formatAdminDate(user.sellerApproval.approvedAt)}` : "Not approved",
    ],
    ["Seller type", user.seller ? (capitalise(user.seller.sellerType) ?? NOT_PROVIDED) : "Not a seller"],
    ["Seller role", user.seller ? (capitalise(user.seller.sellerRole) ?? NOT_PROVIDED) : "Not a seller"],
    ["E-mail verified", yesNo(user.emailVerified)],
    ["Seller verified", user.seller ? yesNo(user.seller.isVerified) : "Not a seller"],
    ["KYC document", user.seller?.kycUploaded ? "Uploaded" : "Not uploaded"],
    ["Commission accepted", user.buyer ? yesNo(user.buyer.commissionAccepted) : "Not a buyer"],
    ["Listings", String(user.counts.listings)],
    ["Transactions", String(user.counts.transactions)],
  ];

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

      <Card>
        <CardHeader>
          <CardTitle>
            <h3>User details</h3>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]" aria-label="User details">
            {fields.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-sm font-medium text-gray-600">{label}</dt>
                <dd className="text-sm text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>

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

      {isSelf ? null : <AccessCard user={user} busyIntent={busyIntent} />}

      <Card className="border-red-200">
        <CardHeader>
          <CardTitle>
            <h3>Delete user</h3>
          </CardTitle>
          <CardDescription>
            Deletes the account and all its data: profile, listings with their photos and mandates, purchase requests,
            offers, notifications, favourites and feedback. This cannot be undone.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {isSelf ? (
            <p className="text-sm text-gray-600">You cannot delete your own account.</p>
          ) : (
            <DeleteUser
              email={user.email}
              busy={busyIntent === "delete"}
              error={toast?.type === "error" && toast.title === "Deletion Failed" ? toast.description : undefined}
            />
          )}
        </CardContent>
      </Card>
    </section>
  );
}

/** Ban or unban, grant or remove admin access; each ends the user's sessions at once. */
function AccessCard({
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
              <Input id="ban-reason" name="reason" maxLength={500} className="w-64 max-w-full" />
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

/**
 * With JavaScript: a dialog whose confirm button stays disabled until the
 * exact phrase is typed. Without: the same field in a plain form (the server
 * checks the phrase either way).
 */
function DeleteUser({ email, busy, error }: { email: string; busy: boolean; error?: string }) {
  const hydrated = useHydrated();
  const phrase = deleteConfirmationPhrase(email);
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const label = (
    <>
      Type <code className="rounded bg-gray-100 px-1 font-mono text-red-700 break-all">{phrase}</code> to confirm
    </>
  );
  const fieldProps = {
    name: "confirmation",
    autoComplete: "off",
    autoCapitalize: "off",
    autoCorrect: "off",
    spellCheck: false,
  } as const;

  if (!hydrated) {
    return (
      <Form method="post" className="max-w-lg space-y-3">
        <input type="hidden" name="intent" value="delete" />
        <Label htmlFor="delete-confirmation-plain" className="block leading-normal">
          {label}
        </Label>
        <Input id="delete-confirmation-plain" {...fieldProps} required />
        <Button type="submit" variant="destructive">
          Delete User
        </Button>
      </Form>
    );
  }

  const matches = isDeleteConfirmation(typed, email);
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructive">Delete User</Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
      >
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <AlertDialogHeader>
            <AlertDialogTitle>Delete this user?</AlertDialogTitle>
            <AlertDialogDescription>
              {email} and all their data will be deleted permanently. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="mt-4 space-y-2">
            <Label htmlFor="delete-confirmation" className="block leading-normal">
              {label}
            </Label>
            <Input
              id="delete-confirmation"
              ref={inputRef}
              {...fieldProps}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "delete-confirmation-error" : undefined}
            />
            {error ? (
              <p id="delete-confirmation-error" role="alert" className="text-sm text-red-600">
                {error}
              </p>
            ) : null}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!matches || busy}>
              {busy ? "Deleting..." : "Delete User"}
            </Button>
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
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
