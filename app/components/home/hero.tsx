import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="bg-gradient-to-br from-gray-900 via-gray-800 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-100">South Africa's machinery marketplace</p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold leading-tight sm:text-5xl">
          Buy and sell heavy machinery with verified sellers
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-gray-200">
          Excavators, cranes, loaders, generators and industrial tools from KYC-verified sellers. Watch for{" "}
          <strong>Urgent</strong> sales and <strong>Bargain</strong> prices — every listing is checked by our team before
          it goes live.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Button asChild size="lg">
            <Link to={signedIn ? "/seller-dashboard" : "/signup?role=seller"}>Start Selling Equipment</Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10">
            <Link to="/equipment">Browse Equipment</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
