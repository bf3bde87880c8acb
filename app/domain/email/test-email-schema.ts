/**
 * The e-mail test page (docs/product.md#forms): which function to try and
 * the address to send it to.
 */
import { z } from "zod";

/** The product's server functions, one button each. */
export const TEST_EMAIL_FUNCTIONS = ["send-agreement-confirmation", "send-agreement-pdf", "send-listing-notification"] as const;
export type TestEmailFunction = (typeof TEST_EMAIL_FUNCTIONS)[number];

export const TEST_EMAIL_BUTTONS: Record<TestEmailFunction, string> = {
  "send-agreement-confirmation": "Test Agreement Confirmation",
  "send-agreement-pdf": "Test Agreement PDF",
  "send-listing-notification": "Test Listing Notification",
};

export const TEST_EMAIL_MESSAGES = {
  required: "Please enter your email address.",
  invalid: "Please enter a valid email address.",
  unknownFunction: "Please choose one of the three tests.",
  sent: "Test Email Sent",
  failed: "Test Failed",
} as const;

/** Toast titles for the validation messages. */
export const TEST_EMAIL_TITLES: Record<string, string> = {
  [TEST_EMAIL_MESSAGES.required]: "Email Required",
  [TEST_EMAIL_MESSAGES.invalid]: "Invalid Email",
  [TEST_EMAIL_MESSAGES.unknownFunction]: "Unknown Test",
};

export const TestEmailSchema = z.object({
  intent: z.enum(TEST_EMAIL_FUNCTIONS, { message: TEST_EMAIL_MESSAGES.unknownFunction }),
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: TEST_EMAIL_MESSAGES.required })
      .min(1, TEST_EMAIL_MESSAGES.required)
      .max(254, TEST_EMAIL_MESSAGES.invalid)
      .pipe(z.email(TEST_EMAIL_MESSAGES.invalid)),
  ),
});

export type TestEmailInput = z.infer<typeof TestEmailSchema>;
