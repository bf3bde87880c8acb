/**
 * /account: every signed-in user's own account (docs/product.md#your-account) — profile, password,
 * e-mail address, where they are signed in, what they have agreed to, and the other account pages.
 * Each section is its own form and intent; a change returns here with a toast (a reload repeats nothing).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import type { Route } from "./+types/account";
import { AccountLinks } from "#app/components/account/account-links.tsx";
import { ConsentList } from "#app/components/account/consent-list.tsx";
import { EmailForm, EmailLanding } from "#app/components/account/email-form.tsx";
import { PasswordForm } from "#app/components/account/password-form.tsx";
import { ProfileForm } from "#app/components/account/profile-form.tsx";
import { SessionList } from "#app/components/account/session-list.tsx";
import { AccountSection } from "#app/components/account/account-section.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { setWatchlistAlerts, stopAllAlerts } from "#app/domain/alert/alert-settings.server.ts";
import { assertMayHaveAlerts } from "#app/domain/saved-search/save-search.server.ts";
import {
  ACCOUNT_MESSAGES,
  ACCOUNT_TITLES,
  AccountProfileSchema,
  ChangeEmailSchema,
  ChangeEmailWithoutPasswordSchema,
  ChangePasswordSchema,
  NoFieldsSchema,
  PASSWORD_FIELDS,
  SessionIdSchema,
} from "#app/domain/user/account-schemas.ts";
import { changePassword, hasPassword } from "#app/domain/user/change-password.server.ts";
import { findPendingEmailChange, requestEmailChange, syncChangedEmail } from "#app/domain/user/change-email.server.ts";
import { findSessions, revokeOtherSessions, revokeSession } from "#app/domain/user/sessions.server.ts";
import { getAccount, updateAccountProfile } from "#app/domain/user/update-account-profile.server.ts";
import { maySaveFavourites } from "#app/domain/favourite/favourite-rules.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { invalidReply, runForm, type AnySubmission } from "#app/lib/form-reply.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithToast, type Toast } from "#app/lib/toast.server.ts";
import { requireUserSession } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./account.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Your account") },
  { name: "robots", content: "noindex" },
];

const SOURCE = "/account";

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, sessionId } = await requireUserSession(request);
  const { db, queueEmail } = await getRuntime();
  const url = new URL(request.url);
  // Where the new address's confirmation link lands (EMAIL_CHANGED_CALLBACK); better-auth adds `error` when it refused the link.
  const landing: "changed" | "failed" | null =
    url.searchParams.get("email") === "changed" ? (url.searchParams.get("error") ? "failed" : "changed") : null;
  // The profile's copy of the address follows at once (better-auth's afterEmailVerification does the same
  // when wired; this covers a link followed before that, and is a no-op once they agree).
  if (landing === "changed") await syncChangedEmail({ db, userId: viewer.userId, queueEmail });
  const account = await getAccount({ db, userId: viewer.userId });
  if (!account) throw redirect("/signin");
  const [sessions, pendingEmail] = await Promise.all([
    findSessions({ db, userId: viewer.userId, currentSessionId: sessionId }),
    findPendingEmailChange({ db, userId: viewer.userId, currentEmail: account.email }),
  ]);
  return {
    account,
    sessions,
    pendingEmail,
    landing,
    isBuyer: maySaveFavourites(viewer),
    isSeller: viewer.role === "seller" || Boolean(account.verificationStatus),
  };
}

/** A change made here: back to the page (a reload then only reloads), with the outcome. */
const backHere = (toast: Toast, headers?: Headers) => redirectWithToast(SOURCE, toast, headers ? { headers } : {});

/** A form that did not validate: 400 with its fields' messages, for the form that was sent. */
function invalid(intent: Intent, submission: AnySubmission, title: string) {
  return invalidReply(submission, { titles: ACCOUNT_TITLES, title, hideFields: PASSWORD_FIELDS, extra: { intent } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { viewer, sessionId } = await requireUserSession(request);
  const runtime = await getRuntime();
  const { db } = runtime;
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const userId = viewer.userId;
  const ip = context?.clientIp ?? null;
  const options = { hideFields: PASSWORD_FIELDS, fieldErrors: "only" as const, extra: { intent } };

  if (intent === "update-profile") {
    const submission = parseWithZod(formData, { schema: AccountProfileSchema });
    if (submission.status !== "success") return invalid(intent, submission, "Profile Not Saved");
    return runForm(
      submission,
      async () => {
        const { changed, verificationReset } = await updateAccountProfile({ db, userId, input: submission.value });
        return backHere(
          verificationReset
            ? { type: "success", title: "Profile saved", description: ACCOUNT_MESSAGES.renamedToReview }
            : changed
              ? {
                  type: "success",
                  title: "Profile saved",
                  description: "Your name and contact details are updated everywhere.",
                }
              : { type: "info", title: "Nothing to change", description: "Your profile already says this." },
        );
      },
      options,
    );
  }

  if (intent === "change-password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
    if (submission.status !== "success") return invalid(intent, submission, "Password Not Changed");
    return runForm(
      submission,
      async () => {
        const { headers } = await changePassword({ runtime, request, userId, sessionId, ip, ...submission.value });
        return backHere(
          { type: "success", title: "Password changed", description: ACCOUNT_MESSAGES.passwordChanged },
          headers,
        );
      },
      options,
    );
  }

  if (intent === "change-email") {
    const withPassword = await hasPassword({ db, userId });
    const submission = parseWithZod(formData, {
      schema: withPassword ? ChangeEmailSchema : ChangeEmailWithoutPasswordSchema,
    });
    if (submission.status !== "success") return invalid(intent, submission, "E-mail Not Changed");
    return runForm(
      submission,
      async () => {
        const value = submission.value as { newEmail: string; currentPassword?: string };
        const { newEmail } = await requestEmailChange({
          runtime,
          request,
          userId,
          currentEmail: viewer.email,
          newEmail: value.newEmail,
          currentPassword: value.currentPassword,
          ip,
        });
        return backHere({
          type: "success",
          title: "Check your new inbox",
          description: ACCOUNT_MESSAGES.emailSent(newEmail, viewer.email),
        });
      },
      options,
    );
  }

  if (intent === "sign-out-others") {
    const { ended } = await revokeOtherSessions({ db, userId, currentSessionId: sessionId });
    return backHere(
      ended
        ? {
            type: "success",
            title: "Signed out everywhere else",
            description: `${ended} other ${ended === 1 ? "session has" : "sessions have"} ended. This device stays signed in.`,
          }
        : { type: "info", title: "No other sessions", description: "You are signed in on this device only." },
    );
  }

  if (intent === "sign-out-session") {
    const submission = parseWithZod(formData, { schema: SessionIdSchema });
    if (submission.status !== "success") return invalid(intent, submission, "Session Not Found");
    return runForm(
      submission,
      async () => {
        const { device } = await revokeSession({
          db,
          userId,
          sessionId: submission.value.sessionId,
          currentSessionId: sessionId,
        });
        return backHere({ type: "success", title: "Signed out", description: `${device} is signed out.` });
      },
      options,
    );
  }

  if (intent === "stop-all-alerts" || intent === "watchlist-alerts-off") {
    const submission = parseWithZod(formData, { schema: NoFieldsSchema });
    return runForm(
      submission,
      async () => {
        assertMayHaveAlerts(viewer.role);
        if (intent === "stop-all-alerts") {
          await stopAllAlerts({ db, userId, stopped: true, source: SOURCE });
          return backHere({
            type: "success",
            title: "All alerts stopped",
            description: "Your saved searches and watchlist stay; no alert is sent until you start them again.",
          });
        }
        await setWatchlistAlerts({ db, userId, frequency: "off", source: SOURCE });
        return backHere({
          type: "success",
          title: "Price-drop alerts",
          description: "Off: price drops are shown on your watchlist only.",
        });
      },
      options,
    );
  }

  // Not one of this page's forms: back to the page, with nothing done.
  return redirect(SOURCE);
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const { account, sessions, landing, isBuyer, isSeller } = loaderData;
  const answer = actionData && "result" in actionData ? actionData : undefined;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Your account</h1>
      <p className="mt-1 break-words text-sm text-gray-600 sm:text-base">
        Signed in as <span className="font-medium text-gray-900">{account.email}</span>
      </p>
      {landing ? <EmailLanding landing={landing} email={account.email} /> : null}
      {answer?.toast ? (
        <p
          role="status"
          className={`mt-4 rounded-md border p-3 text-sm ${answer.toast.type === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"}`}
        >
          <strong>{answer.toast.title}</strong>
          {answer.toast.description ? ` — ${answer.toast.description}` : ""}
        </p>
      ) : null}
      <nav aria-label="On this page" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {[
          ["#profile", "Profile"],
          ["#password", "Password"],
          ["#email", "E-mail"],
          ["#sessions", "Where you're signed in"],
          ["#consents", "Consents"],
          ["#more", "Security and data"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {label}
          </a>
        ))}
      </nav>
      <div className="mt-6 space-y-6">
        <AccountSection
          id="profile"
          title="Profile"
          description="Your name and how to reach you, as buyers, sellers and our team see them."
        >
          <ProfileForm
            key={Object.values(account.profile).join("\n")}
            defaults={account.profile}
            verified={account.verificationStatus === "verified"}
            answer={answer}
          />
        </AccountSection>
        <AccountSection id="password" title="Password">
          <PasswordForm hasPassword={account.hasPassword} answer={answer} />
        </AccountSection>
        <AccountSection id="email" title="E-mail address" description={`Now: ${account.email}`}>
          <EmailForm hasPassword={account.hasPassword} answer={answer} pending={loaderData.pendingEmail} />
        </AccountSection>
        <AccountSection
          id="sessions"
          title="Where you're signed in"
          description="Each browser or device you signed in on. Sign out any you do not recognise, then change your password."
        >
          <SessionList sessions={sessions} />
        </AccountSection>
        <AccountSection id="consents" title="Consents" description="What you have agreed to, and when and where.">
          <ConsentList consents={account.consents} isBuyer={isBuyer} />
        </AccountSection>
        <AccountSection id="more" title="Security and data">
          <AccountLinks
            twoFactorEnabled={account.twoFactorEnabled}
            verificationStatus={isSeller ? (account.verificationStatus ?? "unverified") : null}
            isBuyer={isBuyer}
          />
        </AccountSection>
      </div>
    </div>
  );
}
