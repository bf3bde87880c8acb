/**
 * How long personal data is kept (docs/privacy.md#how-long-we-keep-it), enforced on a schedule:
 * - hourly (and at start-up): copies of users' data past their 24 hours are removed, file and row;
 * - daily at 02:30: the anonymised mandates of completed sales whose five years are over are deleted;
 * - hourly: attempt counters (rate limits) whose window began over a day ago are deleted.
 */
import { z } from "zod";
import { removeExpiredDataExports } from "#app/domain/export/prepare-data-exports.server.ts";
import { removeExpiredMandateRecords } from "#app/domain/user/delete-user.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { removeStaleRateLimits } from "#app/lib/rate-limit.server.ts";
import { defineJob } from "./job.ts";

export const removeExpiredDataExportsJob = defineJob({
  name: "remove-expired-data-exports",
  payload: z.object({}),
  queue: { retryLimit: 3, retryDelay: 60, policy: "stately" },
  schedule: "41 * * * *",
  runAtStart: true,
  async work(_payload, { db, storage }) {
    const removed = await removeExpiredDataExports({ db, storage });
    if (removed) logger.info({ removed }, "expired data exports removed");
  },
});

export const removeExpiredMandateRecordsJob = defineJob({
  name: "remove-expired-mandate-records",
  payload: z.object({}),
  queue: { retryLimit: 3, retryDelay: 300, policy: "stately" },
  schedule: "30 2 * * *",
  async work(_payload, { db }) {
    const removed = await removeExpiredMandateRecords({ db });
    if (removed) logger.info({ removed }, "anonymised mandates past their retention removed");
  },
});

export const removeStaleRateLimitsJob = defineJob({
  name: "remove-stale-rate-limits",
  payload: z.object({}),
  queue: { retryLimit: 3, retryDelay: 60, policy: "stately" },
  schedule: "23 * * * *",
  async work(_payload, { db }) {
    const removed = await removeStaleRateLimits(db);
    if (removed) logger.info({ removed }, "stale rate-limit counters removed");
  },
});
