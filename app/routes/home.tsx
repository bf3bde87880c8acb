import type { Route } from "./+types/home";
import { FeatureGrid } from "#app/components/home/feature-grid.tsx";
import { FeaturedProducts } from "#app/components/home/featured-products.tsx";
import { Hero } from "#app/components/home/hero.tsx";
import { PromoSections } from "#app/components/home/promo-sections.tsx";
import { findPublicListings } from "#app/domain/listing/find-listings.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { PRODUCT_NAME, PRODUCT_TAGLINE } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: `${PRODUCT_NAME} | ${PRODUCT_TAGLINE}: buy and sell heavy machinery in South Africa` },
  {
    name: "description",
    content:
      "Excavators, cranes, loaders, generators and industrial tools, every listing approved by our team. Look for the Verified seller badge. Urgent and bargain deals, 2.5% split commission.",
  },
  { property: "og:title", content: PRODUCT_NAME },
  { property: "og:type", content: "website" },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Public page.
  const viewer = await getViewer(request);
  const { db, storage } = await getRuntime();
  // Featured-product failures are only logged (docs/product.md#messages).
  const featured = await findPublicListings({ db, storage, limit: 6, bargainOnly: true }).catch((error) => {
    logger.error({ err: error }, "featured products failed");
    return [];
  });
  return { signedIn: Boolean(viewer), featured };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero signedIn={loaderData.signedIn} />
      <FeatureGrid />
      <FeaturedProducts products={loaderData.featured} />
      <PromoSections signedIn={loaderData.signedIn} />
    </>
  );
}
