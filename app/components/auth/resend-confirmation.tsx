/**
 * Where the confirmation e-mail went, with "Resend confirmation e-mail": a
 * plain form post to the page's own action (intent resend-confirmation), so it
 * works before JavaScript loads. Once hydrated the button counts down the
 * cool-down the server gave; the server refuses too early a request anyway.
 */
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { CONFIRMATION_MESSAGES, formatWait } from "#app/domain/user/auth-messages.ts";
import { cn } from "#app/lib/utils.ts";
import { useHydrated } from "#app/components/forms/use-hydrated.ts";

export const RESEND_INTENT = "resend-confirmation";

export type ConfirmationState = {
  email: string;
  /** Seconds before another e-mail may be asked for, counted from this answer. */
  retryAfterSeconds: number;
  /** The outcome of the last "Resend", if that was the last action. */
  notice?: { type: "sent" | "refused"; message: string };
};

function useCountdown(state: ConfirmationState) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    const deadline = Date.now() + state.retryAfterSeconds * 1000;
    const tick = () => setLeft(Math.max(0, Math.ceil((deadline - Date.now()) / 1000)));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [state]);
  return left;
}

export function ConfirmationPanel({
  state,
  tone,
  title,
  message,
  messageRole = "status",
}: {
  state: ConfirmationState;
  tone: "success" | "warning";
  title: string;
  message: string;
  messageRole?: "status" | "alert";
}) {
  const hydrated = useHydrated();
  const left = useCountdown(state);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === RESEND_INTENT;
  const waiting = hydrated && left > 0;
  // Each new answer brings the panel into view (on a phone the form's button is far below it) and moves focus there.
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: "nearest" });
  }, [state]);

  return (
    <div
      ref={panel}
      tabIndex={-1}
      data-testid="confirmation-panel"
      className={cn(
        "mb-4 scroll-mt-24 space-y-3 rounded-md border p-3 text-sm focus:outline-none",
        tone === "success"
          ? "border-green-200 bg-green-50 text-green-900"
          : "border-amber-200 bg-amber-50 text-amber-900",
      )}
    >
      <p role={messageRole} className="break-words [overflow-wrap:anywhere]">
        <strong>{title}</strong> {message}
      </p>
      {state.notice ? (
        <p
          role={state.notice.type === "refused" ? "alert" : "status"}
          className={cn(
            "break-words [overflow-wrap:anywhere]",
            state.notice.type === "refused" ? "font-medium text-red-700" : "font-medium",
          )}
        >
          {state.notice.message}
        </p>
      ) : null}
      <Form method="post" className="space-y-1">
        <input type="hidden" name="intent" value={RESEND_INTENT} />
        <input type="hidden" name="email" value={state.email} />
        <Button type="submit" variant="outline" className="w-full bg-white" disabled={busy || waiting}>
          {busy ? "Sending..." : waiting ? `Resend in ${left} s` : CONFIRMATION_MESSAGES.button}
        </Button>
        {!hydrated && state.retryAfterSeconds > 0 ? (
          <p className="text-xs">You can ask for another one in {formatWait(state.retryAfterSeconds)}.</p>
        ) : null}
      </Form>
    </div>
  );
}
