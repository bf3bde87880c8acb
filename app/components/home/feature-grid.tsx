import { BadgeCheck, Handshake, Percent, ShieldCheck, Timer, UserPlus } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";

const FEATURES = [
  {
    icon: BadgeCheck,
    title: "Verified Seller Badge",
    text: "Sellers can send us their identity documents; those we have checked carry the Verified seller badge on their listings.",
  },
  {
    icon: Percent,
    title: "2.5% Split Commission",
    text: "The fee is shared: 2.5% from the buyer and 2.5% from the seller, so the seller keeps 97.5% of the sale price.",
  },
  {
    icon: Timer,
    title: "Urgent & Bargain Listings",
    text: "Sellers flag machines that must go quickly or are priced to sell, and you can spot them at a glance.",
  },
  {
    icon: Handshake,
    title: "Professional Network",
    text: "Built for contractors, plant-hire companies, mines and dealers buying and selling working equipment.",
  },
  {
    icon: UserPlus,
    title: "Easy Registration",
    text: "Create a buyer or seller account with your e-mail address and start in a few minutes.",
  },
  {
    icon: ShieldCheck,
    title: "Secure Payments",
    text: "We broker each sale under an exclusive mandate, so payment terms are agreed through us, not with strangers.",
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-14 sm:py-16">
      <h2 id="features-heading" className="text-center text-2xl font-bold sm:text-3xl">
        Why trade machinery with us
      </h2>
      <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full">
              <CardHeader>
                <span className="flex size-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Icon className="size-6" aria-hidden />
                </span>
                <CardTitle className="mt-3">
                  <h3>{title}</h3>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-gray-600">{text}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
