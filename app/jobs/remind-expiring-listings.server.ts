/** Daily at 08:00 (and once at start-up): remind sellers whose listings' mandates end within 7 days, once per term. */
import { z } from "zod";
import { remindExpiringListings } from "#app/domain/listing/remind-expiring-listings.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { defineJob } from "./job.ts";
import { dispatchEmail } from "./send-email.server.ts";

export const remindExpiringListingsJob = defineJob({
  name: "remind-expiring-listings",
  payload: z.object({}),
  queue: { retryLimit: 3 },
  schedule: "0 8 * * *",
  runAtStart: true,
  async work(_payload, { db, env, boss }) {
    const reminded = await remindExpiringListings({ db, publicUrl: env.PUBLIC_URL });
    // Written with the reminders; a crash before this line leaves them queued for the next start-up.
    for (const { outboxId } of reminded) await dispatchEmail(boss, outboxId);
    if (reminded.length) logger.info({ reminded: reminded.length }, "expiry reminders sent");
  },
});
