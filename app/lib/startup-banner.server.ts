import { env } from "./env.server.ts";
import { DEMO_ACCOUNTS } from "#db/demo-accounts.ts";
import { PRODUCT_NAME } from "./brand.ts";

export function startupBanner() {
  const e = env();
  const lines = [
    "",
    `  ${PRODUCT_NAME} is running at ${e.PUBLIC_URL}`,
    `  Database: ${e.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${e.DATA_DIR}`}`,
    `  E-mail:   ${e.SMTP_URL ? "SMTP (SMTP_URL)" : `dev mailbox at ${e.PUBLIC_URL}/admin/mailbox (sign in as admin)`}`,
  ];
  if (e.SEED_DEMO) {
    lines.push("", "  Demo log-ins (password for all: " + DEMO_ACCOUNTS.password + "):");
    for (const a of DEMO_ACCOUNTS.users) lines.push(`    ${a.role.padEnd(6)} ${a.email}`);
  }
  lines.push("");
  return lines.join("\n");
}
