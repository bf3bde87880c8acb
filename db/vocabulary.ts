/**
 * Lives in db/ because these are the values the database stores (schema.ts's check constraints and column types); it imports nothing, so db/ and app/ (server and browser) both import it.
 *
 * Every enumeration of stored values and the words the pages show for them.
 *
 * In parts (db/vocabulary/), imported through this file: a page's script then
 * carries only the parts it uses (a listing's words on the browse pages, not
 * the requests', accounts' or alerts').
 */
export * from "./vocabulary/accounts.ts";
export * from "./vocabulary/listings.ts";
export * from "./vocabulary/requests.ts";
export * from "./vocabulary/sellers.ts";
