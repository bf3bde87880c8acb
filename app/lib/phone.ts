/**
 * One rule for phone numbers wherever a form asks for one (sign-up, contact):
 * digits with the usual spaces, brackets, dashes and a leading +, at least six
 * of them, e.g. "082 123 4567" or "+27 (0)82 123-4567".
 */
export const PHONE_PATTERN = /^\+?[\d\s()-]{6,}$/;
export const PHONE_MAX_LENGTH = 30;
export const INVALID_PHONE = "Please enter a valid phone number";
