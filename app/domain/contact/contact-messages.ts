/**
 * The contact form's words (docs/product.md#messages) and field limits,
 * without Zod: the page shows them before the schema (`contact-schema.ts`)
 * has loaded.
 */
import { INVALID_PHONE, PHONE_MAX_LENGTH } from "#app/lib/phone.ts";

export const CONTACT_MESSAGES = {
  required: "Please fill in all required fields",
  invalidEmail: "Please enter a valid email address",
  invalidPhone: INVALID_PHONE,
  sent: "Thank you for your message! We'll get back to you soon.",
  failed: "Failed to send message. Please try again.",
  tooMany: "You have sent too many messages. Please try again in an hour.",
} as const;

export const CONTACT_LIMITS = { name: 120, email: 254, phone: PHONE_MAX_LENGTH, subject: 200, message: 5000 } as const;
