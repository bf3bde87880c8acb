/** Hourly (and once at start-up): photo folders left by an upload the process did not live to finish. */
import { z } from "zod";
import { cleanupAbandonedUploads } from "#app/domain/listing/cleanup-abandoned-uploads.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { defineJob } from "./job.ts";

export const cleanupUploadsJob = defineJob({
  name: "cleanup-abandoned-uploads",
  payload: z.object({}),
  queue: { retryLimit: 3 },
  schedule: "17 * * * *",
  runAtStart: true,
  async work(_payload, { db, storage, env }) {
    const { removed } = await cleanupAbandonedUploads({ db, storage, graceMinutes: env.UPLOAD_CLEANUP_GRACE_MINUTES });
    if (removed.length) logger.info({ removed }, "abandoned upload folders removed");
  },
});
