/**
 * Matches listings that just became public (or cheaper) against every saved search, then sends the
 * instant alerts — saved searches and price drops (docs/product.md#saved-searches-and-alerts). Woken by
 * the transaction that queued the work (JOB_WAKE_CHANNEL), and every minute in case a wake was missed;
 * at most one run waits at a time, and each run takes everything queued.
 */
import { z } from "zod";
import { MATCH_SAVED_SEARCHES_JOB, matchQueuedListings } from "#app/domain/alert/match-saved-searches.server.ts";
import { sendAlerts } from "#app/domain/alert/send-alerts.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { defineJob } from "./job.ts";
import { dispatchEmail } from "./send-email.server.ts";

export const matchSavedSearchesJob = defineJob({
  name: MATCH_SAVED_SEARCHES_JOB,
  payload: z.object({}),
  queue: { retryLimit: 5, retryDelay: 10, policy: "stately" },
  schedule: "* * * * *",
  runAtStart: true,
  wakeable: true,
  async work(_payload, { db, env, storage, boss }) {
    const matched = await matchQueuedListings({ db });
    const outboxIds = await sendAlerts({
      db,
      storage,
      publicUrl: env.PUBLIC_URL,
      secret: env.SESSION_SECRET,
      frequency: "instant",
    });
    for (const id of outboxIds) await dispatchEmail(boss, id);
    if (matched || outboxIds.length) logger.info({ matched, alerts: outboxIds.length }, "saved searches matched");
  },
});
