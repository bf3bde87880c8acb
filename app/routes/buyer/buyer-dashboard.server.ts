/**
 * The buyer dashboard's guard, reads and form answers: the route module
 * dispatches, these do the work.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";
import { createUserRequest } from "#app/domain/request/create-user-request.server.ts";
import {
  findRequestableListings,
  findUserRequests,
  type OwnRequest,
  type RequestableListing,
} from "#app/domain/request/find-user-requests.server.ts";
import {
  REQUEST_FORM_SCHEMAS,
  REQUEST_TITLES,
  todayInJohannesburg,
  type RequestType,
  type UserRequestInput,
} from "#app/domain/request/request-schemas.ts";
import { BUYER_PROFILE_TITLES, CreateBuyerProfileSchema } from "#app/domain/user/buyer-profile-schema.ts";
import { getProfile } from "#app/domain/user/complete-profile.server.ts";
import { createBuyerProfile } from "#app/domain/user/create-buyer-profile.server.ts";
import { hasCompleteBuyerProfile, type Viewer } from "#app/domain/user/viewer.ts";
import { doneReply, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";

const SUCCESS: Record<RequestType, ActionToast> = {
  offer: {
    type: "success",
    title: "Offer Submitted",
    description: "Your offer has been sent. A representative will contact you soon.",
  },
  viewing: {
    type: "success",
    title: "Viewing Requested",
    description: "Your viewing request has been sent. A representative will contact you to confirm.",
  },
  quote: {
    type: "success",
    title: "Quote Requested",
    description: "Your quote request has been sent. A representative will contact you soon.",
  },
};
const LOAD_FAILED = "Failed to load dashboard data.";

export const isRequestType = (intent: string): intent is RequestType =>
  intent === "offer" || intent === "viewing" || intent === "quote";

/**
 * /buyer-dashboard: signed out → /signin; sellers → /seller-dashboard;
 * admins ("other roles") → /signup; no role yet → the role picker.
 */
export async function requireBuyerViewer(request: Request) {
  const viewer = await requireUser(request);
  if (viewer.isAdmin || viewer.role === "admin") throw redirect("/signup");
  if (viewer.role === "seller") throw redirect("/seller-dashboard");
  if (viewer.role !== "buyer") throw redirect("/select-role");
  return viewer;
}

/** The profile form until the buyer's profile is complete, then the dashboard's listings and requests. */
export async function readBuyerDashboard(options: { db: Runtime["db"]; viewer: Viewer; wanted?: string }) {
  const { db, viewer, wanted } = options;
  if (!hasCompleteBuyerProfile(viewer)) {
    const profile = await getProfile({ db, userId: viewer.userId });
    return {
      view: "create-profile" as const,
      defaults: { fullName: profile?.fullName ?? viewer.name ?? "", companyName: profile?.companyName ?? "" },
    };
  }
  let listings: RequestableListing[] = [];
  let requests: OwnRequest[] = [];
  let loadError: string | null = null;
  try {
    listings = await findRequestableListings({ db, include: wanted });
    requests = await findUserRequests({ db, userId: viewer.userId });
  } catch (error) {
    // The dashboard still renders, with the failure said once (docs/product.md#messages).
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

/** The keys every answer of the action carries (besides `result` and `toast`). */
const answering = (intent: string, sent = false) => ({ intent, sent });

/** An answer without a form result: the action refused before parsing. */
export function refusal(options: { intent: string; toast: ActionToast; status: number }) {
  return data({ ...answering(options.intent), result: undefined, toast: options.toast }, { status: options.status });
}

/** "Create Buyer Profile": back to the tab and listing the buyer came for (?tab=offer&listing=…). */
export async function replyToBuyerProfile(options: {
  runtime: Runtime;
  viewer: Viewer;
  formData: FormData;
  search: string;
}) {
  const { runtime, viewer } = options;
  const extra = answering("create-buyer-profile");
  const submission = parseWithZod(options.formData, { schema: CreateBuyerProfileSchema });
  if (submission.status !== "success") return invalidReply(submission, { titles: BUYER_PROFILE_TITLES, extra });
  const failed = await runForm(
    submission,
    async () => {
      await createBuyerProfile({ db: runtime.db, viewer, input: submission.value });
    },
    { extra },
  );
  if (failed) return failed;
  throw await redirectWithToast(`/buyer-dashboard${options.search}`, {
    type: "success",
    title: "Profile Created",
    description: "You can now make offers, request viewings and get quotes.",
  });
}

/** An offer, viewing request or quote request: one per the user's rate limit, with the buyer's receipt. */
export async function replyToRequest(options: {
  runtime: Runtime;
  viewer: Viewer;
  formData: FormData;
  requestType: RequestType;
}) {
  const { runtime, viewer, requestType } = options;
  const extra = answering(requestType);
  const submission = parseWithZod(options.formData, { schema: REQUEST_FORM_SCHEMAS[requestType] });
  if (submission.status !== "success") return invalidReply(submission, { titles: REQUEST_TITLES, extra });
  return runForm(
    submission,
    async () => {
      await enforceUserLimit(runtime, "request", viewer.userId);
      await createUserRequest({
        db: runtime.db,
        viewer,
        input: { ...submission.value, requestType } as UserRequestInput,
        mailer: { queueEmail: runtime.queueEmail, publicUrl: runtime.env.PUBLIC_URL },
      });
      return doneReply(submission, { toast: SUCCESS[requestType], extra: answering(requestType, true) });
    },
    { extra, fieldErrors: "only" },
  );
}
