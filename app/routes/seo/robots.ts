import { getRuntime } from "#app/server/runtime.server.ts";

export async function loader() {
  // Public.
  const { env } = await getRuntime();
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    "Disallow: /seller",
    "Disallow: /buyer-dashboard",
    "Disallow: /notifications",
    "Disallow: /watchlist",
    "Disallow: /mandates/",
    `Sitemap: ${env.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
