import type { SubmissionResult } from "@conform-to/react";
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";

/** The buyer dashboard action's answer: the form it was for, that form's result, the toast, and whether it was sent. */
export type BuyerAnswer =
  { intent: string; result?: SubmissionResult<string[]>; toast?: ActionToast; sent: boolean } | undefined;

/** Only the form that was submitted takes the action's answer. */
export function resultFor(answer: BuyerAnswer, intent: string) {
  return answer?.intent === intent ? answer.result : undefined;
}
