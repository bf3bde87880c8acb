import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/contact";
import { FieldError } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { useDeferredValidation } from "#app/components/forms/use-deferred-validation.ts";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "#app/domain/contact/contact-messages.ts";
import { ContactSchema, type ContactInput } from "#app/domain/contact/contact-schema.ts";
import { createContactMessage } from "#app/domain/contact/create-contact-message.server.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { getOptionalViewer } from "#app/server/guards.server.ts";
import { doneReply, firstMessage, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { PRODUCT_NAME, pageTitle } from "#app/lib/brand.ts";
import { CONTACT_DETAILS } from "#app/lib/company.ts";

/** What the form holds, as typed (before the schema trims and checks it). */
type ContactFields = { name: string; email: string; phone: string; subject: string; message: string; website: string };

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Contact Us") },
  {
    name: "description",
    content: `Questions about buying or selling heavy machinery? Contact the ${PRODUCT_NAME} team.`,
  },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Public; a signed-in user gets their name and e-mail filled in.
  const viewer = await getOptionalViewer(request);
  return { defaults: viewer ? { name: viewer.fullName ?? viewer.name, email: viewer.email } : {} };
}

export async function action({ request, context }: Route.ActionArgs) {
  // Public; same-origin posts only; the domain limits messages per IP address.
  const runtime = await getRuntime();
  const viewer = await getOptionalViewer(request);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  const extra = { sent: false };
  if (submission.status !== "success") {
    return invalidReply(submission, { message: firstMessage(submission) ?? CONTACT_MESSAGES.required, extra });
  }
  return runForm(
    submission,
    async () => {
      await createContactMessage({ db: runtime.db, viewer, input: submission.value, ip: clientIp(context) });
      // A filled honeypot gets the same answer, so a bot learns nothing.
      return doneReply(submission, { extra: { sent: true }, toast: { type: "success", title: CONTACT_MESSAGES.sent } });
    },
    { extra, unexpected: { message: CONTACT_MESSAGES.failed, log: "contact message could not be stored" } },
  );
}

/** The contact form's schema for the browser's check, loaded on the first focus (use-deferred-validation.ts). */
const loadContactSchema = () => import("#app/domain/contact/contact-schema.ts");

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionToast(actionData?.toast);

  const { loaded, triggers } = useDeferredValidation(loadContactSchema);
  const [form, fields] = useForm<ContactFields, ContactInput>({
    lastResult: actionData?.result,
    defaultValue: loaderData.defaults,
    onValidate: loaded
      ? ({ formData }) => loaded.parseWithZod(formData, { schema: loaded.schemas.ContactSchema })
      : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const requiredMissing = [fields.name, fields.email, fields.subject, fields.message].some((f) =>
    f.errors?.includes(CONTACT_MESSAGES.required),
  );
  const summary = [...(requiredMissing ? [CONTACT_MESSAGES.required] : []), ...(form.errors ?? [])];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">Contact Us</h1>
      <p className="mt-1 text-gray-600">Questions about buying or selling machinery? Our team is here to help.</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>
              <h2>Send us a message</h2>
            </CardTitle>
            <CardDescription>Fields marked * are required.</CardDescription>
          </CardHeader>
          <CardContent>
            {actionData?.sent ? (
              <Alert variant="success" role="status" className="mb-4">
                <AlertDescription>{CONTACT_MESSAGES.sent}</AlertDescription>
              </Alert>
            ) : null}
            <Form method="post" {...getFormProps(form)} {...triggers} className="space-y-4">
              {summary.length ? (
                <div
                  id={form.errorId}
                  role="alert"
                  className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
                >
                  {summary.map((m) => (
                    <p key={m}>{m}</p>
                  ))}
                </div>
              ) : null}
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput
                  label="Name *"
                  field={fields.name}
                  summaryId={form.errorId}
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name}
                />
                <TextInput
                  label="Email *"
                  field={fields.email}
                  summaryId={form.errorId}
                  type="email"
                  autoComplete="email"
                  maxLength={CONTACT_LIMITS.email}
                />
                <TextInput
                  label="Phone (optional)"
                  field={fields.phone}
                  summaryId={form.errorId}
                  type="tel"
                  autoComplete="tel"
                  maxLength={CONTACT_LIMITS.phone}
                />
                <TextInput
                  label="Subject *"
                  field={fields.subject}
                  summaryId={form.errorId}
                  maxLength={CONTACT_LIMITS.subject}
                />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={fields.message.id}>Message *</Label>
                <Textarea
                  {...getTextareaProps(fields.message, { ariaAttributes: true })}
                  key={fields.message.key}
                  aria-describedby={describedBy(fields.message, form.errorId)}
                  rows={6}
                  maxLength={CONTACT_LIMITS.message}
                />
                <OwnError field={fields.message} />
              </div>
              {/* Honeypot: hidden from people and assistive technology; bots fill it in. */}
              <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
                <label htmlFor={fields.website.id}>Leave this field empty</label>
                <input
                  {...getInputProps(fields.website, { type: "text" })}
                  key={fields.website.key}
                  tabIndex={-1}
                  autoComplete="off"
                />
              </div>
              <Button type="submit" disabled={busy}>
                {busy ? "Sending..." : "Send Message"}
              </Button>
            </Form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Contact details</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-4 text-sm">
              <Detail icon={<Mail />} term="Email">
                <a href={`mailto:${CONTACT_DETAILS.email}`} className="text-brand-700 hover:underline">
                  {CONTACT_DETAILS.email}
                </a>
              </Detail>
              <Detail icon={<Phone />} term="Phone">
                <a href={`tel:${CONTACT_DETAILS.phone.replace(/\s/g, "")}`} className="text-brand-700 hover:underline">
                  {CONTACT_DETAILS.phone}
                </a>
              </Detail>
              <Detail icon={<MapPin />} term="Address">
                <address className="not-italic">
                  {CONTACT_DETAILS.address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </Detail>
              <Detail icon={<Clock />} term="Business hours">
                {CONTACT_DETAILS.hours}
              </Detail>
            </dl>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Points an invalid field at its own message, or at the summary above the form for "required". */
function describedBy(field: FieldMetadata<string>, summaryId: string) {
  if (!field.errors?.length) return undefined;
  return field.errors.some((e) => e !== CONTACT_MESSAGES.required) ? field.errorId : summaryId;
}

/** A field's own problem (e.g. the e-mail pattern); "required" is said once, above the form. */
function OwnError({ field }: { field: FieldMetadata<string> }) {
  const errors = field.errors?.filter((e) => e !== CONTACT_MESSAGES.required);
  return <FieldError id={field.errorId} errors={errors} />;
}

function TextInput({
  label,
  field,
  type = "text",
  autoComplete,
  maxLength,
  summaryId,
}: {
  label: string;
  field: FieldMetadata<string>;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  maxLength?: number;
  summaryId: string;
}) {
  const props = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div className="space-y-1.5">
      <Label htmlFor={field.id}>{label}</Label>
      <Input
        {...props}
        key={props.key}
        aria-describedby={describedBy(field, summaryId)}
        autoComplete={autoComplete}
        maxLength={maxLength}
      />
      <OwnError field={field} />
    </div>
  );
}

function Detail({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="font-medium text-gray-900">
        <span aria-hidden className="absolute left-0 top-0.5 text-brand-700 [&_svg]:size-5">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="text-gray-700">{children}</dd>
    </div>
  );
}
