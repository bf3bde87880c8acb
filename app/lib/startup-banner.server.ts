import { env, type Env } from "./env.server.ts";
import { DEMO_ACCOUNTS } from "#db/demo-accounts.ts";
import { PRODUCT_NAME } from "./brand.ts";

/** Whether admins need two-factor sign-in, and why (the setting, or the default for this PUBLIC_URL). */
export function adminTwoFactorLine(e: Pick<Env, "ADMIN_TWO_FACTOR" | "adminTwoFactorSource" | "PUBLIC_URL">) {
  const what = e.ADMIN_TWO_FACTOR === "required" ? "two-factor sign-in required" : "two-factor sign-in optional";
  if (e.adminTwoFactorSource === "setting") return `${what} (ADMIN_TWO_FACTOR=${e.ADMIN_TWO_FACTOR})`;
  return e.ADMIN_TWO_FACTOR === "required"
    ? `${what} (the default for an https:// PUBLIC_URL; ADMIN_TWO_FACTOR=optional turns it off)`
    : `${what} (the default for an http:// PUBLIC_URL; ADMIN_TWO_FACTOR=required turns it on)`;
}

export function startupBanner() {
  const e = env();
  const lines = [
    "",
    `  ${PRODUCT_NAME} is running at ${e.PUBLIC_URL}`,
    `  Database: ${e.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${e.DATA_DIR}`}`,
    `  E-mail:   ${e.SMTP_URL ? "SMTP (SMTP_URL)" : `dev mailbox at ${e.PUBLIC_URL}/admin/mailbox (sign in as admin)`}`,
    `  Admins:   ${adminTwoFactorLine(e)}`,
  ];
  if (e.SEED_DEMO) {
    lines.push("", "  Demo log-ins (password for all: " + DEMO_ACCOUNTS.password + "):");
    for (const a of DEMO_ACCOUNTS.users) lines.push(`    ${a.role.padEnd(6)} ${a.email}`);
  }
  lines.push("");
  return lines.join("\n");
}
