import { Star } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/feedback";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { createFeedback } from "#app/domain/feedback/create-feedback.server.ts";
import {
  COMMENTS_MAX,
  FEEDBACK_LABELS,
  FEEDBACK_TYPES,
  FeedbackSchema,
  RATING_REQUIRED_TITLE,
  feedbackTypeFor,
  starsLabel,
  type FeedbackType,
} from "#app/domain/feedback/feedback-schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { cn } from "#app/lib/utils.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

const SUCCESS = { title: "Feedback Submitted", description: "Thank you for your feedback!" } as const;
const FAILED = "Failed to submit feedback. Please try again.";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Feedback") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const type = feedbackTypeFor(new URL(request.url).searchParams.get("type"), viewer.role);
  return { type };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const runtime = await getRuntime();
  const form = await readForm(request);
  return orError(async () => {
    const parsed = FeedbackSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new AppError("BAD_REQUEST", issue.path[0] === "rating" ? RATING_REQUIRED_TITLE : "Error", issue.message);
    }
    try {
      await createFeedback({ db: runtime.db, viewer, input: parsed.data });
    } catch (error) {
      if (error instanceof AppError) throw error;
      logger.error({ err: error, userId: viewer.userId }, "feedback could not be stored");
      return data({ toast: { type: "error", title: "Error", description: FAILED } as ActionToast }, { status: 500 });
    }
    return { toast: { type: "success", ...SUCCESS } as ActionToast };
  });
}

export default function Feedback({ loaderData, actionData }: Route.ComponentProps) {
  const { type } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState<number | null>(null);
  const toast = actionData?.toast;
  useActionToast(toast);

  useEffect(() => {
    if (toast?.type !== "success") return;
    formRef.current?.reset();
    setRating(null);
  }, [toast]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="text-3xl font-bold">Feedback</h1>
      <p className="mt-1 text-gray-600">Tell us how the marketplace works for you.</p>

      <nav aria-label="Feedback type" className="mt-6 flex gap-2 border-b">
        {FEEDBACK_TYPES.map((t) => (
          <Link
            key={t}
            to={`?type=${t}`}
            preventScrollReset
            aria-current={type === t ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
              type === t ? "border-brand-600 text-brand-700" : "border-transparent text-gray-600 hover:text-gray-900",
            )}
          >
            {FEEDBACK_LABELS[t]}
          </Link>
        ))}
      </nav>

      <Card className="mt-6">
        <CardHeader>
          <CardTitle>
            <h2>{FEEDBACK_LABELS[type]}</h2>
          </CardTitle>
          <CardDescription>
            {type === "seller"
              ? "How was selling your machinery with us?"
              : "How was finding and buying machinery with us?"}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {toast?.type === "success" ? (
            <Alert variant="success" role="status" className="mb-4">
              <AlertTitle>{toast.title}</AlertTitle>
              <AlertDescription>{toast.description}</AlertDescription>
            </Alert>
          ) : toast?.type === "error" ? (
            <Alert variant="destructive" className="mb-4">
              <AlertTitle>{toast.title}</AlertTitle>
              <AlertDescription>{toast.description}</AlertDescription>
            </Alert>
          ) : null}
          <Form method="post" ref={formRef} className="space-y-6">
            <input type="hidden" name="type" value={type} />
            <StarRating type={type} value={rating} onChange={setRating} />
            <div className="space-y-1.5">
              <Label htmlFor="feedback-comments">Comments (optional)</Label>
              <Textarea
                id="feedback-comments"
                name="comments"
                maxLength={COMMENTS_MAX}
                rows={5}
                placeholder="What went well, and what could be better?"
              />
              <p className="text-xs text-gray-500">Up to {COMMENTS_MAX} characters.</p>
            </div>
            <Button type="submit" disabled={busy || (hydrated && rating === null)}>
              {busy ? "Submitting..." : "Submit Feedback"}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Five radio inputs drawn as stars. Each input covers its star (transparent),
 * so a click, a tap and the arrow keys all work; without JavaScript the chosen
 * star still lights up through `peer-checked`.
 */
function StarRating({
  type,
  value,
  onChange,
}: {
  type: FeedbackType;
  value: number | null;
  onChange: (rating: number) => void;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  const labelId = `rating-label-${type}`;
  return (
    <div className="space-y-2">
      <p id={labelId} className="text-sm font-medium text-gray-900">
        Rating *
      </p>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        aria-required="true"
        className="flex items-center gap-1"
        onMouseLeave={() => setHover(null)}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="relative inline-flex" onMouseEnter={() => setHover(n)}>
            <input
              type="radio"
              name="rating"
              value={n}
              onChange={() => onChange(n)}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <Star
              aria-hidden
              className={cn(
                "size-9 rounded p-0.5 transition-colors peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600",
                "peer-checked:fill-amber-400 peer-checked:text-amber-500",
                n <= shown ? "fill-amber-400 text-amber-500" : "text-gray-300",
              )}
            />
            <span className="sr-only">{starsLabel(n)}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-gray-600" aria-hidden>
          {value ? `${value} of 5` : ""}
        </span>
      </div>
    </div>
  );
}
