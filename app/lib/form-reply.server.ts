/**
 * One way for a form action to answer: Conform's result for the form, a toast
 * for the outcome, and the status. Field errors (a Zod failure) answer 400; an
 * AppError answers with its own status and message; input the database cannot
 * store answers 400 with the unreadable-input message; anything else is a bug
 * and is rethrown.
 *
 *   const submission = parseWithZod(formData, { schema });
 *   if (submission.status !== "success") return invalidReply(submission, { titles: TITLES });
 *   return runForm(submission, async () => {
 *     await doIt({ runtime, viewer, input: submission.value });
 *     return doneReply(submission, { toast: { type: "success", title: "Saved" } });
 *   });
 */
import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { AppError } from "./app-error.ts";
import { isBadInputForDatabase } from "./db-errors.ts";
import { logger } from "./logger.server.ts";
import { UNREADABLE } from "./respond.server.ts";

export type FormToast = { type: "success" | "error" | "info"; title: string; description?: string };

type ReplyOptions = {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  resetForm?: boolean;
  hideFields?: string[];
};

/** The part of a Conform submission a reply needs (any schema). */
export type AnySubmission = {
  reply(options?: ReplyOptions): SubmissionResult<string[]>;
  error?: Record<string, string[] | null> | null;
};

type Common<X> = {
  /** Fields never sent back to the browser (passwords). */
  hideFields?: string[];
  /** Further keys of the action's answer (the same keys on every path keep the component's types simple). */
  extra?: X;
};

/** The first field message, in the order the schema reported them (form-level errors count as a field ""). */
export function firstMessage(submission: AnySubmission, field?: string): string | undefined {
  const errors = submission.error ?? {};
  if (field) return errors[field]?.[0] ?? undefined;
  for (const messages of Object.values(errors)) if (messages?.[0]) return messages[0];
  return undefined;
}

/** A form that did not validate: 400, the field errors, and a toast with the first (or the given) message. */
export function invalidReply<X extends object = object>(
  submission: AnySubmission,
  options: Common<X> & {
    /** The message for the toast (default: the first field message). */
    message?: string;
    /** Toast titles by message (the spec titles its messages). */
    titles?: Record<string, string>;
    /** The toast title when `titles` has none for the message. */
    title?: string;
  } = {},
) {
  const message = options.message ?? firstMessage(submission) ?? "Please check the highlighted fields.";
  const toast: FormToast = { type: "error", title: options.titles?.[message] ?? options.title ?? "Error", description: message };
  return data(
    { ...(options.extra as X), result: submission.reply({ hideFields: options.hideFields }), toast },
    { status: 400 },
  );
}

type FieldErrorsOption = {
  /**
   * An AppError's own field messages go under their fields: "only" there, or
   * "with-form" also as the form's message.
   */
  fieldErrors?: "only" | "with-form";
};

/** A known failure while acting on a valid form: its status, its message on the form and in the toast. */
export function errorReply<X extends object = object>(
  submission: AnySubmission,
  error: AppError,
  options: Common<X> & FieldErrorsOption = {},
) {
  const toast: FormToast = { type: "error", title: error.title, description: error.message };
  const onFields = options.fieldErrors && error.fieldErrors ? { fieldErrors: error.fieldErrors } : undefined;
  const onForm = onFields && options.fieldErrors === "only" ? {} : { formErrors: [error.message] };
  return data(
    {
      ...(options.extra as X),
      result: submission.reply({ ...onForm, ...onFields, hideFields: options.hideFields }),
      toast,
    },
    { status: error.status },
  );
}

/** Success: the form is reset (unless `keep`), with the toast to show. */
export function doneReply<X extends object = object>(
  submission: AnySubmission,
  options: Common<X> & { toast?: FormToast; keep?: boolean } = {},
) {
  return {
    ...(options.extra as X),
    result: submission.reply(options.keep ? { hideFields: options.hideFields } : { resetForm: true }),
    toast: options.toast,
  };
}

/**
 * Runs the action's work; a known failure becomes `errorReply`, anything else
 * is rethrown — unless `unexpected` is given: then it is logged and answered
 * 500 with that message on the form and in the toast.
 */
export async function runForm<T, X extends object = object>(
  submission: AnySubmission,
  work: () => Promise<T>,
  options: Common<X> & FieldErrorsOption & { unexpected?: { message: string; log: string } } = {},
) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return errorReply(submission, error, options);
    if (isBadInputForDatabase(error)) return errorReply(submission, UNREADABLE, options);
    if (!options.unexpected) throw error;
    logger.error({ err: error }, options.unexpected.log);
    const toast: FormToast = { type: "error", title: "Error", description: options.unexpected.message };
    return data(
      {
        ...(options.extra as X),
        result: submission.reply({ formErrors: [options.unexpected.message], hideFields: options.hideFields }),
        toast,
      },
      { status: 500 },
    );
  }
}
