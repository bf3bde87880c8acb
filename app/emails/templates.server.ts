/**
 * Every e-mail the app sends, by the template name its outbox row records.
 * Callers pick one and pass its data: `composeEmail("verify-email", to, { name, url })`.
 * tests/unit/email-templates.test.ts renders each of them.
 */
import type { OutgoingEmail } from "#app/lib/mailer.server.ts";
import { agreementConfirmationEmail } from "./agreement-confirmation.server.ts";
import { agreementPdfEmail } from "./agreement-pdf.server.ts";
import { confirmNewEmailEmail } from "./confirm-new-email.server.ts";
import { dataExportReadyEmail } from "./data-export-ready.server.ts";
import { emailChangedNoticeEmail } from "./email-changed-notice.server.ts";
import { expiryReminderEmail } from "./expiry-reminder.server.ts";
import { invitationEmail } from "./invitation.server.ts";
import type { RenderedEmail } from "./layout.server.ts";
import { listingNotificationEmail } from "./listing-notification.server.ts";
import { requestReceiptEmail } from "./request-receipt.server.ts";
import { revisionDecisionEmail } from "./revision-decision.server.ts";
import { requestUpdateEmail } from "./request-update.server.ts";
import { passwordChangedNoticeEmail } from "./password-changed-notice.server.ts";
import { passwordResetEmail } from "./reset-password.server.ts";
import { priceDropAlertEmail } from "./price-drop-alert.server.ts";
import { searchAlertEmail } from "./search-alert.server.ts";
import { verificationDecisionEmail } from "./verification-decision.server.ts";
import { verifyEmailEmail } from "./verify-email.server.ts";

export const EMAIL_TEMPLATES = {
  "verify-email": verifyEmailEmail,
  "reset-password": passwordResetEmail,
  "send-agreement-confirmation": agreementConfirmationEmail,
  "send-agreement-pdf": agreementPdfEmail,
  "send-listing-notification": listingNotificationEmail,
  "send-request-receipt": requestReceiptEmail,
  "send-request-update": requestUpdateEmail,
  "send-invitation": invitationEmail,
  "send-revision-decision": revisionDecisionEmail,
  "send-expiry-reminder": expiryReminderEmail,
  "send-search-alert": searchAlertEmail,
  "send-price-drop-alert": priceDropAlertEmail,
  "confirm-new-email": confirmNewEmailEmail,
  "email-changed-notice": emailChangedNoticeEmail,
  "password-changed-notice": passwordChangedNoticeEmail,
  "send-verification-decision": verificationDecisionEmail,
  "send-data-export-ready": dataExportReadyEmail,
} satisfies Record<string, (data: never) => RenderedEmail>;

export type EmailTemplate = keyof typeof EMAIL_TEMPLATES;
export type EmailData<T extends EmailTemplate> = Parameters<(typeof EMAIL_TEMPLATES)[T]>[0];

/** The message `template` renders from `data`, addressed to `to`, ready for the outbox. */
export function composeEmail<T extends EmailTemplate>(template: T, to: string, data: EmailData<T>): OutgoingEmail {
  const render = EMAIL_TEMPLATES[template] as (data: EmailData<T>) => RenderedEmail;
  return { to, template, ...render(data) };
}
