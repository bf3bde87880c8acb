/** The admin password reset tool's words (docs/product.md#messages), shared by the page and the server. */
export const RESET_FAILED_TITLE = "Failed to Send Reset";
export const RESET_FAILED_MESSAGE = "An error occurred while sending the password reset email.";
export const RESET_SENT_TITLE = "Password Reset Sent";
