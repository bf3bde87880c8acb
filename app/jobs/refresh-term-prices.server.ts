/** Weekly, Sunday 03:30: tighten the words' price bounds that price-sorted searches start from. */
import { z } from "zod";
import { refreshTermPrices } from "#app/domain/listing/refresh-term-prices.server.ts";
import { defineJob } from "./job.ts";

export const refreshTermPricesJob = defineJob({
  name: "refresh-term-prices",
  payload: z.object({}),
  queue: { retryLimit: 3 },
  schedule: "30 3 * * 0",
  async work(_payload, { db }) {
    await refreshTermPrices({ db });
  },
});
