import { ArrowRight, BadgeCheck, Tag, Timer } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { PRODUCT_TAGLINE } from "#app/lib/brand.ts";

const HIGHLIGHTS = [
  { icon: Timer, text: "Urgent listings from sellers who need to move a machine now" },
  { icon: Tag, text: "Bargain listings priced to sell" },
  {
    icon: BadgeCheck,
    text: "Every listing approved by our team before it goes live; look for the Verified seller badge",
  },
];

type RootData = { viewer: { role: "buyer" | "seller" | "admin" | null; isAdmin: boolean } | null } | undefined;

/**
 * Start Selling Equipment goes to /seller-dashboard when signed in, otherwise /signup?role=seller.
 * A buyer's (or admin's) account cannot sell, so theirs explains how to get a seller account instead.
 */
function startSellingHref(signedIn: boolean, viewer: NonNullable<RootData>["viewer"]) {
  if (!signedIn) return "/signup?role=seller";
  if (!viewer || viewer.role === "seller") return "/seller-dashboard";
  if (!viewer.isAdmin && viewer.role === null) return "/complete-profile";
  return "/account-types?need=seller";
}

export function Hero({ signedIn }: { signedIn: boolean }) {
  const viewer = (useRouteLoaderData("root") as RootData)?.viewer ?? null;
  return (
    <section className="relative overflow-hidden bg-gray-900 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(circle_at_85%_20%,rgba(245,158,11,0.35),transparent_55%)]"
      />
      <div className="relative mx-auto max-w-7xl px-4 py-14 sm:py-20 lg:py-24">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-500">{PRODUCT_TAGLINE}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">
          Buy and sell heavy machinery across South Africa
        </h1>
        <p className="mt-4 max-w-2xl text-base text-gray-300 sm:text-lg">
          Excavators, cranes, loaders, generators and industrial tools from sellers across the country, with prices in
          rand and a team that brokers every deal.
        </p>
        <ul className="mt-6 grid max-w-2xl gap-2 text-sm text-gray-200 sm:text-base">
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-2">
              <Icon className="mt-0.5 size-5 shrink-0 text-brand-500" aria-hidden />
              {text}
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={startSellingHref(signedIn, viewer)}>
              Start Selling Equipment
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-transparent! text-white hover:bg-white/10 hover:text-white focus-visible:ring-offset-gray-900"
          >
            <Link to="/equipment">Browse Equipment</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
