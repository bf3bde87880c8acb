import { Link } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { categoryLabel, formatPrice } from "#app/lib/format.ts";

export type FeaturedProduct = {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string | null;
  imageUrl: string | null;
};

export function FeaturedProducts({ products }: { products: FeaturedProduct[] }) {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h2 className="text-3xl font-bold">Featured Products</h2>
      {products.length === 0 ? (
        <div className="mt-8 rounded-lg border border-dashed border-gray-300 p-10 text-center">
          <p className="font-semibold">No featured products yet</p>
          <p className="mt-1 text-sm text-gray-600">Check back later for new featured products.</p>
        </div>
      ) : (
        <ul className="mt-8 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {products.slice(0, 6).map((p) => (
            <li key={p.id} className="overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm">
              <img
                src={p.imageUrl ?? "/placeholder.svg"}
                alt={p.title}
                loading="lazy"
                className="aspect-[4/3] w-full object-cover"
                onError={(e) => {
                  e.currentTarget.src = "/placeholder.svg";
                }}
              />
              <div className="space-y-2 p-4">
                <Badge variant="bargain">Bargain</Badge>
                <h3 className="font-semibold">{p.title}</h3>
                <p className="line-clamp-2 text-sm text-gray-600">{p.description}</p>
                <p className="text-lg font-bold text-brand-700">{formatPrice(p.price)}</p>
                <p className="text-sm text-gray-500">{categoryLabel(p.category)}</p>
                <Button asChild variant="outline" className="w-full">
                  <Link to="/buyer-catalog">View Details</Link>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-8 text-center">
        <Button asChild size="lg">
          <Link to="/buyer-catalog">Browse All Products</Link>
        </Button>
      </div>
    </section>
  );
}
