import { BadgeCheck, Handshake, Percent, ShieldCheck, UserPlus, Zap } from "lucide-react";

const FEATURES = [
  { icon: BadgeCheck, title: "KYC Verified Sellers", text: "Sellers are identity-checked before their machinery reaches buyers." },
  {
    icon: Percent,
    title: "2.5% Split Commission",
    text: "A fair fee shared by both sides: 2.5% from the buyer and 2.5% from the seller.",
  },
  { icon: Zap, title: "Urgent & Bargain Listings", text: "Find machines that must move fast and prices below market." },
  { icon: Handshake, title: "Professional Network", text: "Contractors, plant-hire firms and dealers across South Africa." },
  { icon: UserPlus, title: "Easy Registration", text: "Create a buyer or seller account in minutes with your e-mail." },
  { icon: ShieldCheck, title: "Secure Payments", text: "We broker each deal under an exclusive mandate, so both sides are protected." },
];

export function FeatureGrid() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-16">
      <h2 className="text-center text-3xl font-bold">Why trade machinery with us</h2>
      <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
            <Icon className="size-8 text-brand-600" aria-hidden />
            <h3 className="mt-4 text-lg font-semibold">{title}</h3>
            <p className="mt-2 text-sm text-gray-600">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
