/**
 * The digests (docs/product.md#saved-searches-and-alerts): daily at 07:00 and weekly on Monday at
 * 07:00, one e-mail per saved search (and one per watcher's price drops) with everything found since
 * the last. Safe on several instances: each pending match is claimed by one run only.
 */
import { z } from "zod";
import { sendAlerts } from "#app/domain/alert/send-alerts.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { defineJob, type JobContext } from "./job.ts";
import { dispatchEmail } from "./send-email.server.ts";

async function sendDigests({ db, env, storage, boss }: JobContext, frequency: "daily" | "weekly") {
  const outboxIds = await sendAlerts({ db, storage, publicUrl: env.PUBLIC_URL, secret: env.SESSION_SECRET, frequency });
  for (const id of outboxIds) await dispatchEmail(boss, id);
  if (outboxIds.length) logger.info({ frequency, sent: outboxIds.length }, "alert digests sent");
}

export const sendDailyDigestsJob = defineJob({
  name: "send-daily-alert-digests",
  payload: z.object({}),
  queue: { retryLimit: 3, retryDelay: 60, policy: "stately" },
  schedule: "0 7 * * *",
  work: (_payload, context) => sendDigests(context, "daily"),
});

export const sendWeeklyDigestsJob = defineJob({
  name: "send-weekly-alert-digests",
  payload: z.object({}),
  queue: { retryLimit: 3, retryDelay: 60, policy: "stately" },
  schedule: "0 7 * * 1",
  work: (_payload, context) => sendDigests(context, "weekly"),
});
