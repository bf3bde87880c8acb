import { ShoppingCart, Store } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account-types";
import { Button } from "#app/components/ui/button.tsx";
import { getOptionalViewer } from "#app/server/guards.server.ts";
import { homePathFor } from "#app/domain/user/viewer.ts";
import { signOut } from "#app/domain/user/sign-in.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle, PRODUCT_NAME } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Buyer and seller accounts") },
  { name: "description", content: "Buying needs a buyer account and selling needs a seller account." },
];

type Need = "buyer" | "seller";

function readNeed(value: FormDataEntryValue | string | null): Need {
  return value === "seller" ? "seller" : "buyer";
}

const ACCOUNT_LABEL: Record<string, string> = {
  buyer: "a buyer account",
  seller: "a seller account",
  admin: "an admin account",
};

export async function loader({ request }: Route.LoaderArgs) {
  // Public page: visitors read it too (then it just leads to sign-up).
  const viewer = await getOptionalViewer(request);
  const need = readNeed(new URL(request.url).searchParams.get("need"));
  const current = viewer ? (viewer.isAdmin ? "admin" : viewer.role) : null;
  return {
    need,
    signedIn: Boolean(viewer),
    email: viewer?.email ?? null,
    current,
    home: viewer ? homePathFor(viewer) : "/",
  };
}

/** Signs the viewer out (a no-op for a visitor) and opens sign-up for the kind of account they need. */
export async function action({ request }: Route.ActionArgs) {
  // Public, like /signout: anyone may end their own session.
  const runtime = await getRuntime();
  const need = readNeed((await readForm(request)).get("need"));
  const headers = await signOut({ runtime, request }).catch(() => new Headers());
  headers.append("Set-Cookie", "better-auth.session_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax");
  return redirect(`/signup?role=${need}`, { headers });
}

export default function AccountTypes({ loaderData }: Route.ComponentProps) {
  const { need, signedIn, email, current, home } = loaderData;
  const navigation = useNavigation();
  const alreadyRight = current === need;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {need === "buyer" ? "Buying needs a buyer account" : "Selling needs a seller account"}
      </h1>
      <p className="mt-3 text-gray-700">
        {PRODUCT_NAME} has two kinds of account. Buying machines needs a buyer account; selling them needs a seller
        account. One e-mail address holds one kind of account, and once chosen the kind cannot be changed.
      </p>

      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <li className={`rounded-lg border bg-white p-4 ${need === "buyer" ? "border-brand-600" : "border-gray-200"}`}>
          <h2 className="flex items-center gap-2 font-semibold">
            <ShoppingCart className="size-5 text-brand-700" aria-hidden /> Buyer account
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            Browse the full catalog, save machines to a watchlist, and send purchase requests, offers, viewing and quote
            requests. You pay a 2.5% buyer commission on a purchase.
          </p>
        </li>
        <li className={`rounded-lg border bg-white p-4 ${need === "seller" ? "border-brand-600" : "border-gray-200"}`}>
          <h2 className="flex items-center gap-2 font-semibold">
            <Store className="size-5 text-brand-700" aria-hidden /> Seller account
          </h2>
          <p className="mt-1 text-sm text-gray-700">
            List your machines; each listing is checked before it goes live and we broker the sale. A 2.5% seller
            commission is taken from the sale price.
          </p>
        </li>
      </ul>

      <section className="mt-8 rounded-lg border border-gray-200 bg-gray-50 p-4" aria-labelledby="what-next">
        <h2 id="what-next" className="font-semibold">
          What to do
        </h2>
        {!signedIn ? (
          <>
            <p className="mt-1 text-sm text-gray-700">
              Create {ACCOUNT_LABEL[need]}, or sign in if you already have one.
            </p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Button asChild>
                <Link to={`/signup?role=${need}`}>Create {ACCOUNT_LABEL[need]}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/signin">Sign In</Link>
              </Button>
            </div>
          </>
        ) : current === null ? (
          <>
            <p className="mt-1 text-sm text-gray-700">
              Your account ({email}) has no type yet. Choose {need === "buyer" ? "Buyer" : "Seller"} to finish it.
            </p>
            <div className="mt-4">
              <Button asChild>
                <Link to="/complete-profile">Choose your account type</Link>
              </Button>
            </div>
          </>
        ) : alreadyRight ? (
          <>
            <p className="mt-1 text-sm text-gray-700">
              You are signed in with {ACCOUNT_LABEL[need]} ({email}).
            </p>
            <div className="mt-4">
              <Button asChild>
                <Link to={home}>Back to your dashboard</Link>
              </Button>
            </div>
          </>
        ) : (
          <>
            <p className="mt-1 text-sm text-gray-700">
              You are signed in as <span className="font-medium break-all">{email}</span>, which is{" "}
              {current ? ACCOUNT_LABEL[current] : "an account without a type yet"}. To{" "}
              {need === "buyer" ? "buy" : "sell"}, sign out and create {ACCOUNT_LABEL[need]} with another e-mail
              address.
            </p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Form method="post">
                <input type="hidden" name="need" value={need} />
                <Button type="submit" className="w-full sm:w-auto" disabled={navigation.state === "submitting"}>
                  Sign out and create {ACCOUNT_LABEL[need]}
                </Button>
              </Form>
              <Button asChild variant="outline">
                <Link to={home}>Back to your dashboard</Link>
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}
