/** Whether a listing's exclusive sales mandate is signed: a column expression for listing queries. */
import { sql } from "drizzle-orm";
import { listings } from "#db/schema.ts";

export const mandateSignedSql = sql<boolean>`exists (select 1 from mandate_agreements m where m.listing_id = ${listings.id} and m.status = 'signed')`;
