CREATE TABLE "listing_term_prices" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"min_price" numeric(14, 2) NOT NULL,
	"max_price" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
-- Widens the bounds of every lexeme of a new or changed listing (never narrows them:
-- a bound only has to hold, see db/schema.ts). Lexemes already within their bounds
-- are skipped without a write, so common words take no row lock.
CREATE FUNCTION "listing_term_prices_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "listing_term_prices" AS t ("lexeme", "min_price", "max_price")
  SELECT u."lexeme", NEW."price", NEW."price"
  FROM unnest(NEW."search_vector") AS u
  LEFT JOIN "listing_term_prices" c ON c."lexeme" = u."lexeme"
  WHERE c."lexeme" IS NULL OR NEW."price" < c."min_price" OR NEW."price" > c."max_price"
  ORDER BY u."lexeme"
  ON CONFLICT ("lexeme") DO UPDATE
    SET "min_price" = least(t."min_price", excluded."min_price"),
        "max_price" = greatest(t."max_price", excluded."max_price");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "listings_term_prices_track"
  AFTER INSERT OR UPDATE OF "price", "title", "description", "category", "location" ON "listings"
  FOR EACH ROW EXECUTE FUNCTION "listing_term_prices_track"();--> statement-breakpoint
-- Recomputes every bound exactly (after a bulk load with the trigger disabled, or to tighten
-- bounds widened by listings since deleted or repriced). Writers wait while it runs.
CREATE FUNCTION "refresh_listing_term_prices"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE "listings" IN SHARE MODE;
  DELETE FROM "listing_term_prices";
  INSERT INTO "listing_term_prices" ("lexeme", "min_price", "max_price")
  SELECT u."lexeme", min(l."price"), max(l."price")
  FROM "listings" l, unnest(l."search_vector") AS u
  GROUP BY u."lexeme";
END
$$;--> statement-breakpoint
SELECT "refresh_listing_term_prices"();
