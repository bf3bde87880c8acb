/**
 * The contact page form (docs/product.md#forms), shared by the browser and
 * the server: name, e-mail, subject and message required; phone optional.
 * `website` is the honeypot: people never see it, bots fill it in. The
 * browser loads it when the visitor first reaches for the form
 * (`use-deferred-validation.ts`); the page's words and limits are in
 * `contact-messages.ts`, re-exported here.
 */
import { z } from "zod";
import { PHONE_PATTERN } from "#app/lib/phone.ts";
import { tooLong } from "#app/lib/text-limits.ts";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "./contact-messages.ts";

export { CONTACT_LIMITS, CONTACT_MESSAGES } from "./contact-messages.ts";

/** Messages one IP address may send in `CONTACT_RATE_WINDOW_MINUTES`. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_RATE_WINDOW_MINUTES = 60;

/**
 * Trimmed text; blank or missing counts as not filled in. (Conform turns an
 * empty field into `undefined` before the string check, hence the type message.)
 */
const required = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ message: CONTACT_MESSAGES.required }).min(1, CONTACT_MESSAGES.required).max(max, tooLong(label, max)),
  );

export const ContactSchema = z.object({
  name: required("Name", CONTACT_LIMITS.name),
  email: required("Email", CONTACT_LIMITS.email).pipe(z.email(CONTACT_MESSAGES.invalidEmail)),
  phone: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
    z
      .string()
      .max(CONTACT_LIMITS.phone, CONTACT_MESSAGES.invalidPhone)
      .regex(PHONE_PATTERN, CONTACT_MESSAGES.invalidPhone)
      .optional(),
  ),
  subject: required("Subject", CONTACT_LIMITS.subject),
  message: required("Message", CONTACT_LIMITS.message),
  /** Honeypot: anything in it means a bot. */
  website: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
    z.string().optional(),
  ),
});

export type ContactInput = z.infer<typeof ContactSchema>;
