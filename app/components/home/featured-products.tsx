import { PackageSearch } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { VerifiedBadge } from "#app/components/seller/verified-badge.tsx";
import { categoryLabel, formatPrice } from "#app/lib/format.ts";

export type FeaturedProduct = {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string | null;
  imageUrl: string | null;
  /** Its seller is verified: the card shows the Verified seller badge. */
  sellerVerified?: boolean;
};

const PLACEHOLDER = "/placeholder.svg";
const LIMIT = 6;

/** Up to six bargain listings on the home page. */
export function FeaturedProducts({ products }: { products: FeaturedProduct[] }) {
  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 py-14 sm:py-16">
      <h2 id="featured-heading" className="text-2xl font-bold sm:text-3xl">
        Featured Products
      </h2>
      {products.length === 0 ? (
        <div className="mt-8 flex flex-col items-center rounded-lg border border-dashed border-gray-300 bg-white px-4 py-12 text-center">
          <PackageSearch className="size-10 text-gray-400" aria-hidden />
          <p className="mt-3 font-semibold">No featured products yet</p>
          <p className="mt-1 text-sm text-gray-600">Check back later for new featured products.</p>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
          {products.slice(0, LIMIT).map((product) => (
            <li key={product.id}>
              <ProductCard product={product} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-10 flex justify-center">
        <Button asChild size="lg" className="w-full sm:w-auto">
          <Link to="/buyer-catalog">Browse All Products</Link>
        </Button>
      </div>
    </section>
  );
}

function ProductCard({ product }: { product: FeaturedProduct }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
      <div className="relative">
        <ProductImage src={product.imageUrl} />
        <Badge variant="bargain" className="absolute left-3 top-3 shadow-sm">
          Bargain
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="line-clamp-2 font-semibold">{product.title}</h3>
        {product.sellerVerified ? <VerifiedBadge /> : null}
        <p className="line-clamp-3 text-sm text-gray-600">{product.description}</p>
        <div className="mt-auto flex flex-wrap items-baseline justify-between gap-x-3 pt-2">
          <p className="text-lg font-bold text-brand-800">{formatPrice(product.price)}</p>
          <p className="text-sm text-gray-600">{categoryLabel(product.category)}</p>
        </div>
        <Button asChild variant="outline" className="mt-2 w-full">
          <Link to="/buyer-catalog">
            View Details<span className="sr-only">: {product.title}</span>
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** The listing photo, or the placeholder when there is none or it fails to load (also before hydration). */
function ProductImage({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, []);

  return (
    <img
      ref={ref}
      src={!src || failed ? PLACEHOLDER : src}
      alt=""
      width={400}
      height={300}
      loading="lazy"
      decoding="async"
      className="aspect-[4/3] w-full bg-gray-100 object-cover"
      onError={() => setFailed(true)}
    />
  );
}
