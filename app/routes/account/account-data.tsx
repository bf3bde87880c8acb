/**
 * /account/data — "Download my data" (docs/privacy.md#downloading-your-data): what the copy holds, the
 * button that asks for one, and the copies asked for (being prepared, ready to download for 24 hours,
 * failed with "Try again"). While one is being prepared the page looks again every few seconds (with
 * JavaScript; without, "Check again" reloads it).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-data";
import { DataExportList } from "#app/components/account/data-export-list.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { onLiveNotification } from "#app/components/notifications/live-notification-event.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EXPORT_VALID_HOURS, formatExportTime, formatSize } from "#app/domain/export/data-export-rules.ts";
import { findDataExports } from "#app/domain/export/find-data-exports.server.ts";
import { requestDataExport } from "#app/domain/export/request-data-export.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./account-data.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Download my data") },
  { name: "robots", content: "noindex" },
];

const SOURCE = "/account/data";
/** How often the page looks again while a copy is being prepared. */
const POLL_MS = 4000;

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { db } = await getRuntime();
  const exports = await findDataExports({ db, userId: viewer.userId });
  return {
    email: viewer.email,
    items: exports.map((e) => ({
      id: e.id,
      state: e.state,
      requested: formatExportTime(e.requestedAt),
      ready: e.readyAt ? formatExportTime(e.readyAt) : null,
      expires: e.expiresAt ? formatExportTime(e.expiresAt) : null,
      size: e.sizeBytes !== null ? formatSize(e.sizeBytes) : null,
    })),
    preparing: exports.some((e) => e.state === "pending"),
  };
}

/** The one button posts nothing but its intent. */
const PrepareSchema = z.object({});

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const { db } = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  if (intent === "prepare") {
    const submission = parseWithZod(formData, { schema: PrepareSchema });
    if (submission.status !== "success") return invalidReply(submission, { title: "Not Prepared" });
    return runForm(submission, async () => {
      await requestDataExport({ db, userId: viewer.userId });
      return redirectWithToast(SOURCE, {
        type: "success",
        title: "Preparing your data",
        description: "We will notify you and send an e-mail when it is ready, usually within a few minutes.",
      });
    });
  }
  return redirect(SOURCE);
}

export default function AccountData({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const { items, preparing, email } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "prepare";
  const revalidator = useRevalidator();
  // The notification that a copy is ready refreshes the list at once (the poll below may be seconds away).
  useEffect(
    () =>
      onLiveNotification((n) => {
        if (n.link === SOURCE && revalidator.state === "idle") void revalidator.revalidate();
      }),
    [revalidator],
  );
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [preparing, revalidator]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <Link to="/account" className="text-sm text-brand-700 hover:underline">
        ← My account
      </Link>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Download my data</h1>
      <p className="mt-2 text-sm text-gray-700 sm:text-base">
        Get a copy of everything we hold about your account, <span className="break-all">{email}</span>, as one ZIP
        file. It is yours to keep or to take elsewhere.
      </p>
      {actionData?.toast ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          <strong>{actionData.toast.title}</strong>
          {actionData.toast.description ? ` — ${actionData.toast.description}` : ""}
        </p>
      ) : null}

      <section aria-labelledby="what-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <h2 id="what-heading" className="text-lg font-semibold">
          What the copy holds
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-700">
          <li>
            <strong>data.json</strong>: your account, profile and sign-in methods, sessions (when, IP address, browser),
            listings with their photos, prices, edits and views, requests and deals, watchlist, saved searches and
            alerts, notifications, mandates, consents, messages and feedback you sent, e-mails we sent you, and our
            audit records about you. Machine-readable (JSON), with a description of every part.
          </li>
          <li>
            <strong>Your files</strong>: listing photos, signed mandates and verification documents.
          </li>
          <li>Never in it: passwords, sign-in tokens or your two-factor secret.</li>
        </ul>
        <p className="mt-3 text-sm text-gray-700">
          Preparing it takes a minute or two. We notify you and send an e-mail when it is ready; you can then download
          it here for {EXPORT_VALID_HOURS} hours, after which it is deleted.
        </p>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="prepare" />
          <Button type="submit" disabled={preparing || busy} className="w-full sm:w-auto">
            {preparing ? "Being prepared…" : busy ? "Asking…" : "Prepare my data"}
          </Button>
        </Form>
      </section>

      <section aria-labelledby="copies-heading" className="mt-8">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="copies-heading" className="text-xl font-semibold">
            Your copies
          </h2>
          {preparing ? (
            <Link to={SOURCE} className="text-sm text-brand-700 hover:underline">
              Check again
            </Link>
          ) : null}
        </div>
        <div aria-live="polite">
          <DataExportList items={items} canRetry={!preparing} />
        </div>
      </section>

      <p className="mt-8 text-sm text-gray-600">
        Want to leave instead?{" "}
        <Link to="/account/delete" className="text-brand-700 underline underline-offset-2">
          Delete my account
        </Link>
        . How we keep and use your data is in{" "}
        <Link to="/privacy" className="text-brand-700 underline underline-offset-2">
          our privacy policy
        </Link>
        .
      </p>
    </div>
  );
}
