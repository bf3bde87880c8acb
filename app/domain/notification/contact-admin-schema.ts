import { z } from "zod";

export const CONTACT_ADMIN_MESSAGE_REQUIRED = "Please enter a message before sending.";

export const ContactAdminSchema = z.object({
  subject: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(150)),
  message: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : ""),
    z.string().min(1, CONTACT_ADMIN_MESSAGE_REQUIRED).max(5000),
  ),
});
