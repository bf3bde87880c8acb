/**
 * /account/delete — "Delete my account" (docs/privacy.md#deleting-your-account): what goes and what is
 * kept, then the password, the phrase and — with two-factor sign-in on — a code from the app or a
 * backup code. The same deletion as an admin's (removeAccount). Afterwards the user's sessions are
 * gone with the account: the cookie is cleared and they land on the home page with a toast. Refused
 * (nothing changes): a wrong password or code (counted like sign-in's), a code already used, a phrase
 * that does not match (the answer says what to type), the last active admin.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/account-delete";
import { DeleteAccountForm, DeletionSummary } from "#app/components/account/delete-account-form.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import {
  deleteOwnAccount,
  getAccountDeletionFacts,
  LAST_ADMIN_SELF,
} from "#app/domain/user/delete-own-account.server.ts";
import { DeleteOwnAccountSchema } from "#app/domain/user/delete-user-phrase.ts";
import { pageTitle, PRODUCT_NAME } from "#app/lib/brand.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./account-delete.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Delete my account") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { db } = await getRuntime();
  const facts = await getAccountDeletionFacts({ db, userId: viewer.userId });
  return { email: viewer.email, ...facts, lastAdminMessage: facts.isLastAdmin ? LAST_ADMIN_SELF : null };
}

/** better-auth's session cookies (with the `__Secure-` prefix in production), cleared on the way out. */
function clearedSessionCookies(request: Request) {
  const names = new Set(["better-auth.session_token"]);
  for (const m of (request.headers.get("cookie") ?? "").matchAll(/(?:^|;\s*)((?:__Secure-)?better-auth\.[a-z_]+)=/g))
    names.add(m[1]!);
  const headers = new Headers();
  for (const name of names) {
    const secure = name.startsWith("__Secure-") ? "; Secure" : "";
    headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
  }
  return headers;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  if (intent !== "delete") return redirect("/account/delete");

  const hideFields = ["password", "code"];
  const submission = parseWithZod(formData, { schema: DeleteOwnAccountSchema });
  if (submission.status !== "success") return invalidReply(submission, { title: "Account Not Deleted", hideFields });
  return runForm(
    submission,
    async () => {
      await deleteOwnAccount({ runtime, viewer, ...submission.value, ip: clientIp(context) });
      return redirectWithToast(
        "/",
        {
          type: "success",
          title: "Account deleted",
          description: `Your ${PRODUCT_NAME} account and your data have been deleted. Thank you for using ${PRODUCT_NAME}.`,
        },
        { headers: clearedSessionCookies(request) },
      );
    },
    { hideFields, fieldErrors: "only" },
  );
}

export default function AccountDelete({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const facts = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <Link to="/account" className="text-sm text-brand-700 hover:underline">
        ← My account
      </Link>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Delete my account</h1>
      <p className="mt-2 text-sm text-gray-700 sm:text-base">
        This deletes your account, <span className="break-all font-medium">{facts.email}</span>, and your data. It
        cannot be undone.
      </p>
      <div className="mt-6">
        <DeletionSummary facts={facts} />
      </div>
      <div className="mt-6">
        {facts.isLastAdmin ? (
          <Alert variant="destructive">
            <AlertTitle>Your account cannot be deleted yet</AlertTitle>
            <AlertDescription>{facts.lastAdminMessage}</AlertDescription>
          </Alert>
        ) : (
          <DeleteAccountForm facts={facts} lastResult={actionData?.result} />
        )}
      </div>
    </div>
  );
}
