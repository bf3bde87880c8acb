/**
 * The Contact Admin form on the buyer and seller dashboards
 * (docs/product.md#forms), shared by the browser and the server.
 */
import { z } from "zod";

/** The form's `intent` on both dashboards' actions. */
export const CONTACT_ADMIN_INTENT = "contact-admin";
export const CONTACT_ADMIN_MESSAGE_REQUIRED = "Please enter a message before sending.";
export const CONTACT_ADMIN_TITLES = { required: "Message Required", sent: "Message Sent Successfully!" } as const;
export const CONTACT_ADMIN_LIMITS = { subject: 150, message: 5000 } as const;

export const ContactAdminSchema = z.object({
  subject: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(CONTACT_ADMIN_LIMITS.subject)),
  message: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().min(1, CONTACT_ADMIN_MESSAGE_REQUIRED).max(CONTACT_ADMIN_LIMITS.message),
  ),
});

export type ContactAdminInput = z.infer<typeof ContactAdminSchema>;
