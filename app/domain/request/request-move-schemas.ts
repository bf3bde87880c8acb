/**
 * The seller's answers to a request about their machine and the buyer's
 * answers to a counter (docs/product.md#requests), shared by the browser and
 * the server. Every form names its request by kind and id; a counter carries
 * an amount (an offer) or another viewing slot, a new offer an amount, and
 * each may carry a message.
 */
import { z } from "zod";
import { BUYER_REQUEST_KINDS } from "./request-state.ts";
import { offerAmount, optionalMessage, preferredDate, preferredTime, slotNotPast } from "./request-schemas.ts";

/** The seller's intents (seller dashboard) and the buyer's (buyer dashboard). */
export const SELLER_REQUEST_INTENTS = ["accept-request", "decline-request", "counter-request"] as const;
export const BUYER_REQUEST_INTENTS = ["accept-counter", "reoffer", "withdraw-request"] as const;
export type SellerRequestIntent = (typeof SELLER_REQUEST_INTENTS)[number];
export type BuyerRequestIntent = (typeof BUYER_REQUEST_INTENTS)[number];

export const INTENT_MOVE = {
  "accept-request": "accept",
  "decline-request": "decline",
  "counter-request": "counter",
  "accept-counter": "accept",
  reoffer: "reoffer",
  "withdraw-request": "withdraw",
} as const satisfies Record<SellerRequestIntent | BuyerRequestIntent, string>;

export const isSellerRequestIntent = (intent: string): intent is SellerRequestIntent =>
  (SELLER_REQUEST_INTENTS as readonly string[]).includes(intent);
export const isBuyerRequestIntent = (intent: string): intent is BuyerRequestIntent =>
  (BUYER_REQUEST_INTENTS as readonly string[]).includes(intent);

export const REQUEST_MOVE_MESSAGES = {
  notFound: "Request not found.",
} as const;

const requestRef = {
  kind: z.enum(BUYER_REQUEST_KINDS, { message: REQUEST_MOVE_MESSAGES.notFound }),
  requestId: z.guid({ message: REQUEST_MOVE_MESSAGES.notFound }),
};

/** Accept, decline, accept a counter, withdraw: the request and an optional message. */
export const RequestAnswerSchema = z.object({ ...requestRef, message: optionalMessage });

/** The seller's counter to an offer, or the buyer's new offer: an amount and an optional message. */
export const CounterOfferSchema = z.object({ ...requestRef, offerAmount, message: optionalMessage });

/** The seller's other slot for a viewing: a date and an hourly time, not past (South African time). */
export const ProposeViewingSchema = z
  .object({ ...requestRef, preferredDate, preferredTime, message: optionalMessage })
  .superRefine(slotNotPast);

/** The schema of a seller's or buyer's answer: a counter to a viewing proposes a slot, any other counter an amount. */
export function requestMoveSchema(intent: SellerRequestIntent | BuyerRequestIntent, kind: unknown) {
  if (intent === "reoffer") return CounterOfferSchema;
  if (intent === "counter-request") return kind === "viewing" ? ProposeViewingSchema : CounterOfferSchema;
  return RequestAnswerSchema;
}
