/**
 * Every background job, and the one place they are registered with pg-boss.
 * A new job: a module in this folder (see job.ts) and a line in JOBS.
 */
import type { JobResult, Queue } from "pg-boss";
import { logger } from "#app/lib/logger.server.ts";
import { announceVisitorPagesChanged } from "#app/lib/notification-hub.server.ts";
import { cleanupUploadsJob } from "./cleanup-uploads.server.ts";
import { expireListingsJob } from "./expire-listings.server.ts";
import type { JobContext, JobDefinition } from "./job.ts";
import { refreshTermPricesJob } from "./refresh-term-prices.server.ts";
import { remindExpiringListingsJob } from "./remind-expiring-listings.server.ts";
import { sendEmailJob } from "./send-email.server.ts";
import { matchSavedSearchesJob } from "./match-saved-searches.server.ts";
import { sendDailyDigestsJob, sendWeeklyDigestsJob } from "./send-alert-digests.server.ts";
import { exportUserDataJob } from "./export-user-data.server.ts";
import {
  removeExpiredDataExportsJob,
  removeExpiredMandateRecordsJob,
  removeStaleRateLimitsJob,
} from "./privacy-retention.server.ts";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const JOBS: JobDefinition<any>[] = [
  sendEmailJob,
  expireListingsJob,
  refreshTermPricesJob,
  cleanupUploadsJob,
  remindExpiringListingsJob,
  matchSavedSearchesJob,
  sendDailyDigestsJob,
  sendWeeklyDigestsJob,
  exportUserDataJob,
  removeExpiredDataExportsJob,
  removeExpiredMandateRecordsJob,
  removeStaleRateLimitsJob,
];

/** The jobs a transaction may wake (wakeJob): the runtime queues a run when it hears one named. */
export const WAKEABLE_JOBS = new Set(JOBS.filter((j) => j.wakeable).map((j) => j.name));

const TIME_ZONE = "Africa/Johannesburg";

/**
 * Creates each job's queue, starts its worker, and sets its schedule.
 * `queueOverrides` lets tests shorten a retry policy (by queue name).
 */
export async function registerJobs(
  context: JobContext,
  queueOverrides: Record<string, Partial<Omit<Queue, "name">>> = {},
) {
  const { boss } = context;
  for (const job of JOBS) {
    const options = { ...job.queue, ...queueOverrides[job.name] };
    // createQueue leaves an existing queue as it was: the policy written here is applied on every start.
    await boss.createQueue(job.name, options);
    const { policy: _policy, partition: _partition, ...changeable } = options;
    await boss.updateQueue(job.name, changeable);
    await boss.work(
      job.name,
      {
        pollingIntervalSeconds: 1,
        batchSize: job.batchSize ?? 1,
        burstWhenBatchFull: true,
        perJobResults: true,
        includeMetadata: true,
      },
      async (jobs) => {
        const results: JobResult[] = [];
        for (const one of jobs) {
          try {
            // A scheduled run carries no data.
            const payload = job.payload.parse(one.data ?? {});
            await job.work(payload, context, { retryCount: one.retryCount, retryLimit: one.retryLimit });
            if (job.changesVisitorPages) await announceVisitorPagesChanged(context.db);
            results.push({ id: one.id, status: "completed" });
          } catch (error) {
            if (!job.logsOwnFailure?.(error)) {
              logger.warn(
                { job: job.name, jobId: one.id, err: error instanceof Error ? error.message : String(error) },
                "job failed",
              );
            }
            results.push({
              id: one.id,
              status: "failed",
              output: { message: error instanceof Error ? error.message : String(error) },
            });
          }
        }
        return results;
      },
    );
    if (job.schedule) await boss.schedule(job.name, job.schedule, null, { tz: TIME_ZONE });
    if (job.runAtStart) await boss.send(job.name, {});
  }
}
