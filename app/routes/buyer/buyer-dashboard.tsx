import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useNavigation,
  useSearchParams,
  useSubmit,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { z } from "zod";
import type { Route } from "./+types/buyer-dashboard";
import { CommissionField, FieldError, FormError } from "#app/components/forms/field.tsx";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { ListingCombobox } from "#app/components/requests/listing-combobox.tsx";
import type { RequestAsked } from "#app/components/requests/request-dialog.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { ContactAdminSchema } from "#app/domain/notification/contact-admin-schema.ts";
import { contactAdmin } from "#app/domain/notification/contact-admin.server.ts";
import { createUserRequest } from "#app/domain/request/create-user-request.server.ts";
import {
  findRequestableListings,
  findUserRequests,
  type OwnRequest,
  type RequestableListing,
} from "#app/domain/request/find-user-requests.server.ts";
import {
  firstFieldError,
  formatOfferAmount,
  formatPreferredDate,
  OfferRequestSchema,
  QUOTE_TYPE_LABELS,
  QuoteRequestSchema,
  REQUEST_FAILURES,
  REQUEST_FORM_SCHEMAS,
  REQUEST_MESSAGE_MAX,
  REQUEST_STATUS_LABELS,
  REQUEST_TITLES,
  todayInJohannesburg,
  VIEWING_TIMES,
  ViewingRequestSchema,
  type RequestType,
  type UserRequestInput,
} from "#app/domain/request/request-schemas.ts";
import { BUYER_REQUEST_KIND_LABEL } from "#app/domain/request/request-state.ts";
import { BUYER_PROFILE_MESSAGES, BUYER_PROFILE_TITLES, CreateBuyerProfileSchema } from "#app/domain/user/buyer-profile-schema.ts";
import { getProfile } from "#app/domain/user/complete-profile.server.ts";
import { createBuyerProfile } from "#app/domain/user/create-buyer-profile.server.ts";
import { hasCompleteBuyerProfile } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { formatShortDate } from "#app/lib/format.ts";
import { requireUser } from "#app/lib/guards.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { isBadInputForDatabase } from "#app/lib/db-errors.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { shortened } from "#app/lib/text-limits.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./buyer-dashboard.intents.ts";

// The confirmation dialog is fetched when the buyer first reaches a request form.
const loadRequestDialog = () => import("#app/components/requests/request-dialog.tsx");
const RequestDialog = lazy(loadRequestDialog);

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Buyer Dashboard") },
  { name: "robots", content: "noindex" },
];

const TABS = [
  { value: "offer", label: "Make Offer" },
  { value: "viewing", label: "Request Viewing" },
  { value: "quote", label: "Get Quote" },
] as const satisfies readonly { value: RequestType; label: string }[];

function tabOf(search: URLSearchParams): RequestType {
  const tab = search.get("tab");
  return tab === "viewing" || tab === "quote" ? tab : "offer";
}

const SUCCESS: Record<RequestType, ActionToast> = {
  offer: { type: "success", title: "Offer Submitted", description: "Your offer has been sent. A representative will contact you soon." },
  viewing: {
    type: "success",
    title: "Viewing Requested",
    description: "Your viewing request has been sent. A representative will contact you to confirm.",
  },
  quote: { type: "success", title: "Quote Requested", description: "Your quote request has been sent. A representative will contact you soon." },
};
const MESSAGE_SENT = "Message Sent Successfully!";
const MESSAGE_FAILED = "Failed to send message. Please try again.";
const LOAD_FAILED = "Failed to load dashboard data.";

/**
 * Spec §2 /buyer-dashboard: signed out → /signin; sellers → /seller-dashboard;
 * admins ("other roles") → /signup; no role yet → the role picker.
 */
async function requireBuyerViewer(request: Request) {
  const viewer = await requireUser(request);
  if (viewer.isAdmin || viewer.role === "admin") throw redirect("/signup");
  if (viewer.role === "seller") throw redirect("/seller-dashboard");
  if (viewer.role !== "buyer") throw redirect("/select-role");
  return viewer;
}

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireBuyerViewer(request);
  const { db } = await getRuntime();
  if (!hasCompleteBuyerProfile(viewer)) {
    const profile = await getProfile(db, viewer.userId);
    return {
      view: "create-profile" as const,
      defaults: { fullName: profile?.fullName ?? viewer.name ?? "", companyName: profile?.companyName ?? "" },
    };
  }
  const wanted = new URL(request.url).searchParams.get("listing") ?? undefined;
  let listings: RequestableListing[] = [];
  let requests: OwnRequest[] = [];
  let loadError: string | null = null;
  try {
    listings = await findRequestableListings({ db, include: wanted });
    requests = await findUserRequests({ db, userId: viewer.userId });
  } catch (error) {
    // Spec §8: the dashboard still renders, with the failure said once.
    logger.error({ err: error }, "buyer dashboard data could not be loaded");
    loadError = LOAD_FAILED;
  }
  return {
    view: "dashboard" as const,
    fullName: viewer.fullName ?? viewer.name,
    today: todayInJohannesburg(),
    listings,
    preselectedListingId: listings.some((l) => l.id === wanted) ? wanted! : "",
    requests,
    loadError,
  };
}

/**
 * Switching tabs or picking a listing only changes which form shows and what it names: no need
 * to reload the data (the picker offers only listings already loaded).
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const withoutTab = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("tab");
    params.delete("listing");
    return params.toString();
  };
  return withoutTab(currentUrl) === withoutTab(nextUrl) ? false : defaultShouldRevalidate;
}

type ActionData = { intent: string; result?: SubmissionResult<string[]>; toast: ActionToast; sent?: boolean };

const reply = (body: ActionData, status = 200) => data(body, { status });

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireBuyerViewer(request);
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;

  if (intent === "create-buyer-profile") {
    const submission = parseWithZod(formData, { schema: CreateBuyerProfileSchema });
    if (submission.status !== "success") {
      const message = firstFieldError(submission.error) ?? BUYER_PROFILE_MESSAGES.failed;
      return reply(
        { intent, result: submission.reply(), toast: { type: "error", title: BUYER_PROFILE_TITLES[message] ?? "Error", description: message } },
        400,
      );
    }
    try {
      await createBuyerProfile({ db: runtime.db, viewer, input: submission.value });
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) logger.error({ err: error }, "buyer profile could not be created");
      const message = known ? error.message : BUYER_PROFILE_MESSAGES.failed;
      return reply(
        {
          intent,
          result: submission.reply({ formErrors: [message] }),
          toast: { type: "error", title: known ? error.title : "Error", description: message },
        },
        known ? error.status : isBadInputForDatabase(error) ? 400 : 500,
      );
    }
    // Back to the same tab and listing the buyer came for (?tab=offer&listing=…).
    throw await redirectWithToast(`/buyer-dashboard${new URL(request.url).search}`, {
      type: "success",
      title: "Profile Created",
      description: "You can now make offers, request viewings and get quotes.",
    });
  }

  // Everything below is the dashboard's: it needs the buyer profile first.
  if (!hasCompleteBuyerProfile(viewer)) {
    return reply(
      {
        intent,
        toast: { type: "error", title: "Complete Your Buyer Profile", description: "Please create your buyer profile first." },
      },
      403,
    );
  }

  if (intent === "contact-admin") {
    // The shared schema trims and checks blanks itself (Conform's coercion would hide its message).
    const submission = parseWithZod(formData, { schema: ContactAdminSchema, disableAutoCoercion: true });
    if (submission.status !== "success") {
      const message = firstFieldError(submission.error) ?? MESSAGE_FAILED;
      return reply({ intent, result: submission.reply(), toast: { type: "error", title: "Message Required", description: message } }, 400);
    }
    try {
      await contactAdmin({ db: runtime.db, viewer, input: submission.value });
    } catch (error) {
      logger.error({ err: error }, "contact-admin message could not be sent");
      return reply(
        { intent, result: submission.reply({ formErrors: [MESSAGE_FAILED] }), toast: { type: "error", title: "Error", description: MESSAGE_FAILED } },
        500,
      );
    }
    return reply({ intent, result: submission.reply({ resetForm: true }), toast: { type: "success", title: MESSAGE_SENT }, sent: true });
  }

  if (intent === "offer" || intent === "viewing" || intent === "quote") {
    const submission = parseWithZod(formData, { schema: REQUEST_FORM_SCHEMAS[intent] });
    if (submission.status !== "success") {
      const message = firstFieldError(submission.error) ?? REQUEST_FAILURES[intent];
      return reply(
        { intent, result: submission.reply(), toast: { type: "error", title: REQUEST_TITLES[message] ?? "Error", description: message } },
        400,
      );
    }
    try {
      await enforceUserLimit(runtime, "request", viewer.userId);
      await createUserRequest({
        db: runtime.db,
        viewer,
        input: { ...submission.value, requestType: intent } as UserRequestInput,
        mailer: { queueEmail: runtime.queueEmail, publicUrl: runtime.env.PUBLIC_URL },
      });
    } catch (error) {
      const known = error instanceof AppError;
      if (!known) logger.error({ err: error, intent }, "buyer request could not be stored");
      const message = known ? error.message : REQUEST_FAILURES[intent];
      return reply(
        {
          intent,
          result: submission.reply(
            known && error.fieldErrors ? { fieldErrors: error.fieldErrors } : { formErrors: [message] },
          ),
          toast: { type: "error", title: known ? error.title : "Error", description: message },
        },
        known ? error.status : isBadInputForDatabase(error) ? 400 : 500,
      );
    }
    return reply({ intent, result: submission.reply({ resetForm: true }), toast: SUCCESS[intent], sent: true });
  }

  return reply({ intent, toast: { type: "error", title: "Error", description: "Unknown action." } }, 400);
}

export default function BuyerDashboard({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  if (loaderData.view === "create-profile") {
    return <CreateBuyerProfile defaults={loaderData.defaults} actionData={actionData} />;
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
            <CardDescription>Send an offer, arrange a viewing or ask for a quote. Our team will contact you.</CardDescription>
          </CardHeader>
          <CardContent>
            <MakeRequest loaderData={loaderData} actionData={actionData} />
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
            <ContactAdminForm actionData={actionData} />
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

type DashboardData = Extract<Route.ComponentProps["loaderData"], { view: "dashboard" }>;
type MaybeActionData = Route.ComponentProps["actionData"];

/** Only the form that was submitted takes the action's answer. */
function resultFor(actionData: MaybeActionData, intent: string) {
  return actionData?.intent === intent ? actionData.result : undefined;
}

function SubmitButton({ label, busyLabel, intent }: { label: string; busyLabel: string; intent: string }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <Button type="submit" disabled={navigation.state === "submitting"}>
      {busy ? (
        <>
          <Spinner className="size-4 text-current" label={busyLabel} /> {busyLabel}
        </>
      ) : (
        label
      )}
    </Button>
  );
}

function SentNotice({ actionData, intent }: { actionData: MaybeActionData; intent: string }) {
  if (actionData?.intent !== intent || !actionData.sent) return null;
  return (
    <Alert variant="success" role="status" className="mb-4">
      <AlertTitle>{actionData.toast.title}</AlertTitle>
      {actionData.toast.description ? <AlertDescription>{actionData.toast.description}</AlertDescription> : null}
    </Alert>
  );
}

function MakeRequest({ loaderData, actionData }: { loaderData: DashboardData; actionData: MaybeActionData }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabOf(searchParams);
  // The chosen listing lives in the address (?listing=), so every tab keeps it.
  const wanted = searchParams.get("listing") ?? "";
  const listingId = loaderData.listings.some((l) => l.id === wanted) ? wanted : "";
  const linkFor = (value: RequestType) => `?tab=${value}${listingId ? `&listing=${listingId}` : ""}`;
  const pickListing = (id: string) =>
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id) next.set("listing", id);
        else next.delete("listing");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const picker = { listings: loaderData.listings, listingId, onPick: pickListing };
  return (
    <>
      {/* Three equal columns on a phone (a label may take two lines), so no tab is cut off. */}
      <nav aria-label="Request type" className="grid grid-cols-3 gap-1 rounded-lg bg-gray-100 p-1 text-gray-600 sm:inline-flex sm:items-center">
        {TABS.map((t) => (
          <Link
            key={t.value}
            to={linkFor(t.value)}
            preventScrollReset
            replace
            aria-current={tab === t.value ? "page" : undefined}
            className="inline-flex min-h-9 items-center justify-center rounded-md px-2 py-1.5 text-center text-sm font-medium leading-tight sm:whitespace-nowrap transition-colors sm:px-3 hover:text-gray-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[current=page]:bg-white aria-[current=page]:text-brand-700 aria-[current=page]:shadow-sm"
          >
            {t.label}
          </Link>
        ))}
      </nav>
      <div className="mt-4">
        <SentNotice actionData={actionData} intent={tab} />
        {tab === "offer" ? <OfferForm actionData={actionData} picker={picker} /> : null}
        {tab === "viewing" ? <ViewingForm loaderData={loaderData} actionData={actionData} picker={picker} /> : null}
        {tab === "quote" ? <QuoteForm actionData={actionData} picker={picker} /> : null}
      </div>
    </>
  );
}

type Picker = { listings: RequestableListing[]; listingId: string; onPick: (id: string) => void };

/**
 * A request form's confirmation: once the form passes its checks in the
 * browser, the dialog reads the request back (the chosen listing with its
 * price, the 2.5% buyer commission and the total, or the offered amount) and
 * only Confirm sends it, through the same action as before. Without
 * JavaScript the form posts directly.
 */
function useRequestConfirmation(kind: RequestType, listings: RequestableListing[]) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [pending, setPending] = useState<{ formData: FormData; asked: RequestAsked; listingId?: string } | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const started = useRef(false);

  // The dialog stays open, busy, until the answer is back; the form then shows it as before.
  useEffect(() => {
    if (!confirmed) return;
    if (navigation.state !== "idle") started.current = true;
    else if (started.current) {
      started.current = false;
      setConfirmed(false);
      setPending(null);
    }
  }, [confirmed, navigation.state]);

  // Conform calls this only once the form has passed its checks.
  const onSubmit = (
    event: FormEvent<HTMLFormElement>,
    context: { formData: FormData; submission?: { status?: string; value?: RequestAsked & { listingId?: string } } },
  ) => {
    const value = context.submission?.status === "success" ? context.submission.value : undefined;
    if (!value) return;
    event.preventDefault();
    setPending({ formData: context.formData, asked: value, listingId: value.listingId });
  };

  const listing = pending?.listingId ? (listings.find((l) => l.id === pending.listingId) ?? null) : null;
  const dialog = pending ? (
    <Suspense fallback={null}>
      <RequestDialog
        kind={kind}
        listing={listing}
        asked={pending.asked}
        busy={confirmed}
        onClose={() => setPending(null)}
        onConfirm={() => {
          setConfirmed(true);
          void submit(pending.formData, { method: "post", preventScrollReset: true });
        }}
      />
    </Suspense>
  ) : null;
  const preload = () => void loadRequestDialog();
  return { onSubmit, dialog, preload };
}

function ListingSelect({ field, picker }: { field: FieldMetadata<string | undefined>; picker: Picker }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>Listing (optional)</Label>
      <ListingCombobox
        id={field.id}
        name={field.name}
        listings={picker.listings}
        value={picker.listingId}
        onChange={picker.onPick}
        invalid={field.errors ? true : undefined}
        describedBy={field.errors ? field.errorId : undefined}
      />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

function MessageField({ field }: { field: FieldMetadata<string | undefined> }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>Message (optional)</Label>
      <Textarea {...getTextareaProps(field, { ariaAttributes: true })} key={field.key} maxLength={REQUEST_MESSAGE_MAX} />
      <FieldError id={field.errorId} errors={field.errors} />
    </div>
  );
}

type OfferFields = { listingId: string; offerAmount: string; message: string };

function OfferForm({ actionData, picker }: { actionData: MaybeActionData; picker: Picker }) {
  const confirmation = useRequestConfirmation("offer", picker.listings);
  const [form, fields] = useForm<OfferFields, z.infer<typeof OfferRequestSchema>>({
    id: "offer-form",
    lastResult: resultFor(actionData, "offer"),
    defaultValue: { listingId: picker.listingId },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OfferRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit: confirmation.onSubmit,
  });
  return (
    <Form method="post" {...getFormProps(form)} onFocus={confirmation.preload} className="space-y-4">
      {confirmation.dialog}
      <input type="hidden" name="intent" value="offer" />
      <FormError errors={form.errors} />
      <ListingSelect field={fields.listingId} picker={picker} />
      <div className="space-y-1.5">
        <Label htmlFor={fields.offerAmount.id}>Offer Amount (R)</Label>
        <Input
          {...getInputProps(fields.offerAmount, { type: "number", ariaAttributes: true })}
          key={fields.offerAmount.key}
          min="0.01"
          step="0.01"
          inputMode="decimal"
          placeholder="e.g. 450000"
          required
        />
        <FieldError id={fields.offerAmount.errorId} errors={fields.offerAmount.errors} />
      </div>
      <MessageField field={fields.message} />
      <SubmitButton label="Submit Offer" busyLabel="Submitting..." intent="offer" />
    </Form>
  );
}

type ViewingFields = { listingId: string; preferredDate: string; preferredTime: string; message: string };

function ViewingForm({
  loaderData,
  actionData,
  picker,
}: {
  loaderData: DashboardData;
  actionData: MaybeActionData;
  picker: Picker;
}) {
  const confirmation = useRequestConfirmation("viewing", picker.listings);
  const [form, fields] = useForm<ViewingFields, z.infer<typeof ViewingRequestSchema>>({
    id: "viewing-form",
    lastResult: resultFor(actionData, "viewing"),
    defaultValue: { listingId: picker.listingId },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ViewingRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit: confirmation.onSubmit,
  });
  return (
    <Form method="post" {...getFormProps(form)} onFocus={confirmation.preload} className="space-y-4">
      {confirmation.dialog}
      <input type="hidden" name="intent" value="viewing" />
      <FormError errors={form.errors} />
      <ListingSelect field={fields.listingId} picker={picker} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={fields.preferredDate.id}>Preferred Date</Label>
          <Input
            {...getInputProps(fields.preferredDate, { type: "date", ariaAttributes: true })}
            key={fields.preferredDate.key}
            min={loaderData.today}
            required
          />
          <FieldError id={fields.preferredDate.errorId} errors={fields.preferredDate.errors} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fields.preferredTime.id}>Preferred Time</Label>
          <NativeSelect {...getSelectProps(fields.preferredTime, { ariaAttributes: true })} key={fields.preferredTime.key} required>
            <option value="">Select a time</option>
            {VIEWING_TIMES.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </NativeSelect>
          <FieldError id={fields.preferredTime.errorId} errors={fields.preferredTime.errors} />
        </div>
      </div>
      <MessageField field={fields.message} />
      <SubmitButton label="Request Viewing" busyLabel="Submitting..." intent="viewing" />
    </Form>
  );
}

type QuoteFields = { listingId: string; quoteType: string; details: string; message: string };

function QuoteForm({ actionData, picker }: { actionData: MaybeActionData; picker: Picker }) {
  const confirmation = useRequestConfirmation("quote", picker.listings);
  const [form, fields] = useForm<QuoteFields, z.infer<typeof QuoteRequestSchema>>({
    id: "quote-form",
    lastResult: resultFor(actionData, "quote"),
    defaultValue: { listingId: picker.listingId, quoteType: "equipment-purchase" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: QuoteRequestSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit: confirmation.onSubmit,
  });
  return (
    <Form method="post" {...getFormProps(form)} onFocus={confirmation.preload} className="space-y-4">
      {confirmation.dialog}
      <input type="hidden" name="intent" value="quote" />
      <FormError errors={form.errors} />
      <div className="space-y-1.5">
        <Label htmlFor={fields.quoteType.id}>Quote Type</Label>
        <NativeSelect {...getSelectProps(fields.quoteType, { ariaAttributes: true })} key={fields.quoteType.key} required>
          {Object.entries(QUOTE_TYPE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={fields.quoteType.errorId} errors={fields.quoteType.errors} />
      </div>
      <ListingSelect field={fields.listingId} picker={picker} />
      <div className="space-y-1.5">
        <Label htmlFor={fields.details.id}>Details</Label>
        <Textarea
          {...getTextareaProps(fields.details, { ariaAttributes: true })}
          key={fields.details.key}
          maxLength={5000}
          placeholder="What do you need? Machine type, quantity, duration, location..."
          required
        />
        <FieldError id={fields.details.errorId} errors={fields.details.errors} />
      </div>
      <MessageField field={fields.message} />
      <SubmitButton label="Request Quote" busyLabel="Submitting..." intent="quote" />
    </Form>
  );
}

type ContactFields = { subject: string; message: string };

function ContactAdminForm({ actionData }: { actionData: MaybeActionData }) {
  const [form, fields] = useForm<ContactFields, z.infer<typeof ContactAdminSchema>>({
    id: "contact-admin-form",
    lastResult: resultFor(actionData, "contact-admin"),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactAdminSchema, disableAutoCoercion: true }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <SentNotice actionData={actionData} intent="contact-admin" />
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="contact-admin" />
        <FormError errors={form.errors} />
        <div className="space-y-1.5">
          <Label htmlFor={fields.subject.id}>Subject (optional)</Label>
          <Input {...getInputProps(fields.subject, { type: "text", ariaAttributes: true })} key={fields.subject.key} maxLength={150} />
          <FieldError id={fields.subject.errorId} errors={fields.subject.errors} />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={fields.message.id}>Message</Label>
          <Textarea {...getTextareaProps(fields.message, { ariaAttributes: true })} key={fields.message.key} maxLength={5000} required />
          <FieldError id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        <SubmitButton label="Send Message" busyLabel="Sending..." intent="contact-admin" />
      </Form>
    </>
  );
}

const STATUS_VARIANT: Record<OwnRequest["status"], "default" | "warning" | "secondary"> = {
  new: "default",
  contacted: "warning",
  closed: "secondary",
};

/** A request's message in the buyer's own list: long ones are cut (the admins read it whole). */
const MESSAGE_PREVIEW = 160;

function requestSummary(r: OwnRequest) {
  if (r.requestType === "offer" || r.requestType === "purchase") return r.offerAmount ? formatOfferAmount(r.offerAmount) : "";
  if (r.requestType === "viewing") return r.preferredDate ? `${formatPreferredDate(r.preferredDate)} at ${r.preferredTime ?? ""}` : "";
  const label = r.quoteType ? (QUOTE_TYPE_LABELS[r.quoteType as keyof typeof QUOTE_TYPE_LABELS] ?? r.quoteType) : "";
  const details = shortened(r.details ?? "", 80);
  return details ? `${label}: ${details}` : label;
}

function RequestListing({ r }: { r: OwnRequest }) {
  return r.listingId && r.listingTitle ? (
    <Link to={`/listing/${r.listingId}`} className="text-brand-700 underline">
      {r.listingTitle}
    </Link>
  ) : (
    <>General</>
  );
}

function RequestList({ requests }: { requests: OwnRequest[] }) {
  if (requests.length === 0) {
    return <p className="text-sm text-gray-600">You have not sent any requests yet.</p>;
  }
  return (
    <>
      {/* A phone gets one card per request; the table needs the width of sm and up. */}
      <ul aria-label="Your requests" className="space-y-3 sm:hidden">
        {requests.map((r) => (
          <li key={r.id} className="rounded-lg border p-3 text-sm" data-testid="request-card">
            <div className="flex items-center justify-between gap-2">
              <span className="font-semibold">{BUYER_REQUEST_KIND_LABEL[r.requestType]}</span>
              <Badge variant={STATUS_VARIANT[r.status]}>{REQUEST_STATUS_LABELS[r.status]}</Badge>
            </div>
            <dl className="mt-2 grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
              <dt className="text-gray-600">Listing</dt>
              <dd className="[overflow-wrap:anywhere]">
                <RequestListing r={r} />
              </dd>
              <dt className="text-gray-600">Details</dt>
              <dd className="[overflow-wrap:anywhere]">{requestSummary(r) || "—"}</dd>
              {r.message ? (
                <>
                  <dt className="text-gray-600">Message</dt>
                  <dd className="[overflow-wrap:anywhere]">{shortened(r.message, MESSAGE_PREVIEW)}</dd>
                </>
              ) : null}
              <dt className="text-gray-600">Submitted</dt>
              <dd>{formatShortDate(r.createdAt)}</dd>
            </dl>
            {r.listingId && r.listingTitle ? (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button asChild size="sm" variant="outline">
                  <Link to={`/listing/${r.listingId}`}>View listing</Link>
                </Button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto sm:block">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b text-gray-600">
              <th className="py-2 pr-4">Type</th>
              <th className="py-2 pr-4">Listing</th>
              <th className="py-2 pr-4">Details</th>
              <th className="py-2 pr-4">Status</th>
              <th className="py-2 pr-4">Submitted</th>
            </tr>
          </thead>
          <tbody>
            {requests.map((r) => (
              <tr key={r.id} className="border-b last:border-0">
                <td className="py-2 pr-4 font-medium">{BUYER_REQUEST_KIND_LABEL[r.requestType]}</td>
                <td className="py-2 pr-4">
                  <RequestListing r={r} />
                </td>
                <td className="py-2 pr-4 [overflow-wrap:anywhere]">
                  {requestSummary(r)}
                  {r.message ? (
                    <p className="mt-1 text-gray-600">
                      <span className="font-medium text-gray-700">Message:</span> {shortened(r.message, MESSAGE_PREVIEW)}
                    </p>
                  ) : null}
                </td>
                <td className="py-2 pr-4">
                  <Badge variant={STATUS_VARIANT[r.status]}>{REQUEST_STATUS_LABELS[r.status]}</Badge>
                </td>
                <td className="py-2 pr-4">{formatShortDate(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

type ProfileFields = { fullName: string; companyName: string; commissionAccepted: string };

function CreateBuyerProfile({
  defaults,
  actionData,
}: {
  defaults: { fullName: string; companyName: string };
  actionData: MaybeActionData;
}) {
  const [form, fields] = useForm<ProfileFields, z.infer<typeof CreateBuyerProfileSchema>>({
    id: "buyer-profile-form",
    lastResult: resultFor(actionData, "create-buyer-profile"),
    defaultValue: defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateBuyerProfileSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold">Complete Your Buyer Profile</h1>
          </CardTitle>
          <CardDescription>Create your buyer profile to make offers, request viewings and get quotes.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <input type="hidden" name="intent" value="create-buyer-profile" />
            <FormError errors={form.errors} />
            <div className="space-y-1.5">
              <Label htmlFor={fields.fullName.id}>Full Name</Label>
              <Input
                {...getInputProps(fields.fullName, { type: "text", ariaAttributes: true })}
                key={fields.fullName.key}
                autoComplete="name"
                maxLength={120}
                required
              />
              <FieldError id={fields.fullName.errorId} errors={fields.fullName.errors} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={fields.companyName.id}>Company Name (optional)</Label>
              <Input
                {...getInputProps(fields.companyName, { type: "text", ariaAttributes: true })}
                key={fields.companyName.key}
                autoComplete="organization"
                maxLength={200}
              />
            </div>
            <CommissionField field={fields.commissionAccepted} />
            <SubmitButton label="Create Buyer Profile" busyLabel="Creating..." intent="create-buyer-profile" />
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}
