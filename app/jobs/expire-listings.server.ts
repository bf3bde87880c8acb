/** Daily at 01:00 (and once at start-up): flag listings whose mandate period is over. */
import { z } from "zod";
import { expireListings } from "#app/domain/listing/expire-listings.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { defineJob } from "./job.ts";

export const expireListingsJob = defineJob({
  name: "expire-listings",
  payload: z.object({}),
  queue: { retryLimit: 3 },
  schedule: "0 1 * * *",
  runAtStart: true,
  changesVisitorPages: true,
  async work(_payload, { db }) {
    const expired = await expireListings({ db });
    if (expired) logger.info({ expired }, "listings expired");
  },
});
