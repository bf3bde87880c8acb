/**
 * Both dashboards' answers to a request: the seller's (accept, decline,
 * counter) on /seller-dashboard and the buyer's (accept a counter, a new
 * offer, withdraw) on /buyer-dashboard. Parses the form with the schema the
 * browser used, counts against the user's limit for answers, makes the move
 * and answers with a toast: 400 for a form that does not validate, an
 * AppError's own status (403, 404, 409, 429) for a refusal.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";
import { moveRequest } from "#app/domain/request/move-request.server.ts";
import { INTENT_MOVE, requestMoveSchema, type BuyerRequestIntent, type SellerRequestIntent } from "#app/domain/request/request-move-schemas.ts";
import { BUYER_REQUEST_KIND_LABEL, requestStatusLabel } from "#app/domain/request/request-state.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db, DbOrTx } from "#app/lib/db.server.ts";
import type { OutgoingEmail } from "#app/lib/mailer.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";

type MoveRuntime = {
  db: Db;
  env: { AUTH_RATE_LIMIT: boolean; PUBLIC_URL: string };
  queueEmail: (email: OutgoingEmail, tx?: DbOrTx) => Promise<() => Promise<void>>;
};

export async function replyToRequestMove<X extends object>(options: {
  runtime: MoveRuntime;
  viewer: Viewer;
  formData: FormData;
  intent: SellerRequestIntent | BuyerRequestIntent;
  as: "seller" | "buyer";
  /** Further keys of the action's answer (the route's own shape). */
  extra: X;
}) {
  const { runtime, viewer, formData, intent, as, extra } = options;
  const submission = parseWithZod(formData, { schema: requestMoveSchema(intent, formData.get("kind")) });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).find((m) => m?.length)?.[0] ?? "Please check the highlighted fields.";
    const toast: ActionToast = { type: "error", title: "Request not updated", description: first };
    return data({ ...extra, toast }, { status: 400 });
  }
  const value = submission.value as { kind: string; requestId: string; message?: string } & Record<string, string | undefined>;
  try {
    await enforceUserLimit(runtime, "answer", viewer.userId);
    const moved = await moveRequest({
      db: runtime.db,
      viewer,
      as,
      kind: value.kind,
      requestId: value.requestId,
      move: INTENT_MOVE[intent],
      terms: {
        offerAmount: value.offerAmount,
        preferredDate: value.preferredDate,
        preferredTime: value.preferredTime,
        message: value.message ?? null,
      },
      mailer: { queueEmail: runtime.queueEmail, publicUrl: runtime.env.PUBLIC_URL },
    });
    const what = `${BUYER_REQUEST_KIND_LABEL[moved.kind]}${moved.listingTitle ? ` for "${moved.listingTitle}"` : ""}`;
    const toast: ActionToast = {
      type: "success",
      title: "Request Updated",
      description: `${what}: ${requestStatusLabel(moved.kind, moved.status)}. The ${as === "seller" ? "buyer" : "seller"} and our team have been notified.`,
    };
    return { ...extra, toast };
  } catch (error) {
    if (error instanceof AppError) {
      const toast: ActionToast = { type: "error", title: error.title, description: error.message };
      return data({ ...extra, toast }, { status: error.status });
    }
    throw error;
  }
}
