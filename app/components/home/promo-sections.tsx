import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

const STEPS = [
  {
    title: "List your machine",
    text: "Add photos, price and condition, mark it Urgent or Bargain, and sign the exclusive sales mandate.",
  },
  { title: "Admin approval", text: "Our team reviews every listing before it appears in the catalog." },
  {
    title: "Buyers send requests",
    text: "Registered buyers make purchase requests, offers, viewing requests and quote requests.",
  },
  {
    title: "We broker the deal",
    text: "Under the exclusive mandate we negotiate and close the sale, for 2.5% commission from each side.",
  },
];

/** "How it works" steps and a call-to-action band for sellers. */
export function PromoSections({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <>
      <section aria-labelledby="how-it-works-heading" className="bg-white py-14 sm:py-16">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="how-it-works-heading" className="text-center text-2xl font-bold sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-lg border border-gray-200 bg-gray-50 p-5 sm:p-6">
                <span
                  aria-hidden
                  className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-2 text-sm text-gray-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="sell-cta-heading" className="bg-brand-800 py-12 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-5 px-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="sell-cta-heading" className="text-2xl font-bold">
              Have equipment standing idle?
            </h2>
            <p className="mt-1 text-brand-50">
              List it in minutes. Buyers reach you through us, and you keep 97.5% of the sale price.
            </p>
          </div>
          <Button
            asChild
            size="lg"
            className="bg-white text-brand-900! hover:bg-brand-50! focus-visible:ring-white focus-visible:ring-offset-brand-800"
          >
            <Link to={signedIn ? "/seller-dashboard" : "/signup?role=seller"}>List your machinery</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
