/**
 * "send-request-update": a move in a request's negotiation, to the other side
 * (the buyer when the seller answers, the seller when the buyer does): what
 * happened, the amount or slot now on the table, the message, and the link to
 * the dashboard where they answer.
 */
import { greetingFor, layout } from "./layout.server.ts";

export type RequestUpdate = {
  name: string;
  /** One sentence: 'The seller countered your offer for "Bell B25E".' */
  summary: string;
  /** What is on the table now, one line each ("Counter offer: R 1 150 000"). */
  details: string[];
  /** The mover's message, if any. */
  message: string | null;
  url: string;
  actionLabel: string;
};

export function requestUpdateEmail(data: RequestUpdate) {
  return layout({
    subject: data.summary.replace(/\.$/, ""),
    greeting: greetingFor(data.name),
    paragraphs: [data.summary, ...data.details, ...(data.message ? [`Message: ${data.message}`] : [])],
    action: { label: data.actionLabel, url: data.url },
  });
}
