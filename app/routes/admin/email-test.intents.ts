/** The form intents the action of /email-test handles (one per test e-mail); the permission matrix has a row for each. */
export { TEST_EMAIL_FUNCTIONS as intents, type TestEmailFunction as Intent } from "#app/domain/email/test-email-schema.ts";
