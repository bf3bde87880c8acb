import type { SubmissionResult } from "@conform-to/react";
import type { ActionToast } from "#app/components/forms/use-action-toast.ts";

/** The /account action's answer to a form that was refused: which form, its result and the toast. */
export type AccountAnswer = { intent: string; result?: SubmissionResult<string[]>; toast?: ActionToast } | undefined;

/** Only the form that was sent takes the action's answer. */
export function resultFor(answer: AccountAnswer, intent: string) {
  return answer?.intent === intent ? answer.result : undefined;
}
