import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

const STEPS = [
  { title: "List your machine", text: "Add photos, price and condition; sign the exclusive sales mandate." },
  { title: "We approve it", text: "Our team checks every listing before it is public." },
  { title: "Buyers make requests", text: "Purchase requests, offers, viewings and quotes come to us." },
  { title: "We broker the deal", text: "We negotiate and close the sale for a 2.5% commission from each side." },
];

export function PromoSections() {
  return (
    <>
      <section className="bg-white py-16">
        <div className="mx-auto max-w-7xl px-4">
          <h2 className="text-center text-3xl font-bold">How it works</h2>
          <ol className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="rounded-lg bg-gray-50 p-6">
                <span className="flex size-8 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                  {i + 1}
                </span>
                <h3 className="mt-4 font-semibold">{step.title}</h3>
                <p className="mt-2 text-sm text-gray-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>
      <section className="bg-brand-600 py-12 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-4 text-center sm:flex-row sm:justify-between sm:text-left">
          <div>
            <h2 className="text-2xl font-bold">Have equipment standing idle?</h2>
            <p className="mt-1 text-brand-50">Turn it into cash with buyers who are ready to move.</p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <Link to="/signup?role=seller">List your machinery</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
