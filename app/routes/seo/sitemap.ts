import { getRuntime } from "#app/server/runtime.server.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Public pages and every public listing (up to 50 000 URLs, the sitemap limit). */
export async function loader() {
  // Public.
  const { db, storage, env } = await getRuntime();
  const urls: { loc: string; lastmod?: string }[] = ["/", "/equipment", "/parts", "/contact"].map((p) => ({ loc: `${env.PUBLIC_URL}${p}` }));
  let cursor: string | undefined;
  for (let pages = 0; pages < 1000 && urls.length < 50_000; pages++) {
    const page = await findListings({ db, storage, search: { sort: "newest", cursor }, limit: 60 });
    for (const l of page.items) urls.push({ loc: `${env.PUBLIC_URL}/listing/${l.id}`, lastmod: l.createdOn.slice(0, 10) });
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls.map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`).join("\n")}
</urlset>
`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
