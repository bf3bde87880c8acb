import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/buyer-dashboard";
import { CreateBuyerProfile } from "#app/components/buyer/create-buyer-profile.tsx";
import { MakeRequest } from "#app/components/buyer/make-request.tsx";
import { RequestList } from "#app/components/buyer/request-list.tsx";
import { SentNotice } from "#app/components/buyer/sent-notice.tsx";
import { replyToContactAdmin } from "#app/components/contact/contact-admin-action.server.ts";
import { ContactAdminForm } from "#app/components/contact/contact-admin-form.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { CONTACT_ADMIN_INTENT } from "#app/domain/contact/contact-admin-schema.ts";
import { replyToRequestMove } from "#app/components/requests/request-move-action.server.ts";
import { isBuyerRequestIntent } from "#app/domain/request/request-move-schemas.ts";
import { hasCompleteBuyerProfile } from "#app/domain/user/viewer.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import {
  isRequestType,
  readBuyerDashboard,
  refusal,
  replyToBuyerProfile,
  replyToRequest,
  requireBuyerViewer,
} from "./buyer-dashboard.server.ts";
import type { Intent } from "./buyer-dashboard.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Buyer Dashboard") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireBuyerViewer(request);
  const { db } = await getRuntime();
  return readBuyerDashboard({ db, viewer, wanted: new URL(request.url).searchParams.get("listing") ?? undefined });
}

/**
 * Switching tabs or picking a listing only changes which form shows and what it names: no need
 * to reload the data (the picker offers only listings already loaded).
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    params.delete("listing");
    return params.toString();
  };
  return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireBuyerViewer(request);
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  if (intent === "create-buyer-profile") {
    return replyToBuyerProfile({ runtime, viewer, formData, search: new URL(request.url).search });
  }
  // Everything below is the dashboard's: it needs the buyer profile first.
  if (!hasCompleteBuyerProfile(viewer)) {
    return refusal({
      intent,
      toast: {
        type: "error",
        title: "Complete Your Buyer Profile",
        description: "Please create your buyer profile first.",
      },
      status: 403,
    });
  }
  if (intent === CONTACT_ADMIN_INTENT) return replyToContactAdmin({ db: runtime.db, viewer, formData });
  if (isRequestType(intent)) return replyToRequest({ runtime, viewer, formData, requestType: intent });
  if (isBuyerRequestIntent(intent)) {
    const extra = { intent: intent as string, sent: false, result: undefined };
    return replyToRequestMove({ runtime, viewer, formData, intent, as: "buyer", extra });
  }
  return refusal({ intent, toast: { type: "error", title: "Error", description: "Unknown action." }, status: 400 });
}

export default function BuyerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  if (loaderData.view === "create-profile") {
    return <CreateBuyerProfile defaults={loaderData.defaults} answer={actionData} />;
  }
  const { fullName, requests, loadError } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Welcome, {fullName}</h1>
      <p className="mt-1 text-gray-600">
        Make offers, request viewings and get quotes on machinery.{" "}
        <Link to="/buyer-catalog" className="font-medium text-brand-700 underline">
          Browse the catalog
        </Link>
      </p>

      {loadError ? (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{loadError}</AlertDescription>
        </Alert>
      ) : null}

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>Make a Request</h2>
            </CardTitle>
            <CardDescription>
              Send an offer, arrange a viewing or ask for a quote. Our team will contact you.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <MakeRequest listings={loaderData.listings} today={loaderData.today} answer={actionData} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Contact Admin</h2>
            </CardTitle>
            <CardDescription>Questions about a listing or your account? Our team reads every message.</CardDescription>
          </CardHeader>
          <CardContent>
            <SentNotice answer={actionData} intent={CONTACT_ADMIN_INTENT} />
            <ContactAdminForm
              lastResult={actionData?.intent === CONTACT_ADMIN_INTENT ? actionData.result : undefined}
            />
          </CardContent>
        </Card>
      </div>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>Your requests</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <RequestList requests={requests} />
        </CardContent>
      </Card>
    </div>
  );
}
