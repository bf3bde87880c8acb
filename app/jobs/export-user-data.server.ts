/**
 * "Download my data" (docs/privacy.md#downloading-your-data): prepares every waiting copy of a user's
 * data. Woken by the transaction that asked for one (JOB_WAKE_CHANNEL), every five minutes in case a
 * wake was missed, and at start-up; at most one run waits at a time, and each takes everything waiting.
 */
import { z } from "zod";
import { EXPORT_USER_DATA_JOB } from "#app/domain/export/request-data-export.server.ts";
import { prepareDataExports } from "#app/domain/export/prepare-data-exports.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { defineJob } from "./job.ts";
import { dispatchEmail } from "./send-email.server.ts";

export const exportUserDataJob = defineJob({
  name: EXPORT_USER_DATA_JOB,
  payload: z.object({}),
  queue: { retryLimit: 3, retryDelay: 30, policy: "stately" },
  schedule: "*/5 * * * *",
  runAtStart: true,
  wakeable: true,
  async work(_payload, { db, storage, env, boss }) {
    const { outboxIds, prepared, failed } = await prepareDataExports({ db, storage, publicUrl: env.PUBLIC_URL });
    for (const id of outboxIds) await dispatchEmail(boss, id);
    if (prepared || failed) logger.info({ prepared, failed }, "data exports prepared");
  },
});
