/**
 * /unsubscribe/:token — the one-click unsubscribe of an alert e-mail, without signing in. Opening the
 * link asks to confirm (mail scanners open links; they must not unsubscribe anyone); the button, or a
 * mail program's one-click POST (List-Unsubscribe-Post), stops exactly that alert.
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { Button } from "#app/components/ui/button.tsx";
import { describeUnsubscribe, unsubscribe, type UnsubscribeTarget } from "#app/domain/alert/unsubscribe.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Unsubscribe") },
  { name: "robots", content: "noindex" },
];

type Answer = { target: UnsubscribeTarget | null; done: boolean; error: string | null };

async function answer(work: () => Promise<UnsubscribeTarget>, done: boolean) {
  try {
    return { target: await work(), done, error: null } satisfies Answer;
  } catch (error) {
    if (error instanceof AppError)
      return data({ target: null, done: false, error: error.message } satisfies Answer, { status: error.status });
    throw error;
  }
}

// Public by design: the signed token is the guard (unsubscribe.server.ts verifies it before anything else).
export async function loader({ params }: Route.LoaderArgs) {
  const { db, env } = await getRuntime();
  return answer(() => describeUnsubscribe({ db, secret: env.SESSION_SECRET, token: params.token }), false);
}

// The body is not read: a mail program's one-click POST says only "List-Unsubscribe=One-Click"; the token is all.
export async function action({ params }: Route.ActionArgs) {
  const { db, env } = await getRuntime();
  return answer(() => unsubscribe({ db, secret: env.SESSION_SECRET, token: params.token }), true);
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const state = actionData ?? loaderData;
  const { target, done, error } = state;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-2xl font-bold">Unsubscribe</h1>
      {error ? (
        <p role="alert" className="mt-4 text-red-700">
          {error}
        </p>
      ) : !target || "gone" in target ? (
        <p className="mt-4 text-gray-700">This saved search no longer exists, so there is nothing to stop.</p>
      ) : done || target.alreadyOff ? (
        <p role="status" className="mt-4 text-gray-700">
          Done: you will get no more {target.what}. Your other alerts are not affected.
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-gray-700">Stop {target.what}? Your other alerts are not affected.</p>
          <Button type="submit">Unsubscribe</Button>
        </Form>
      )}
      <p className="mt-6 text-sm text-gray-600">
        Manage every alert, or stop them all, under{" "}
        <Link to="/saved-searches" className="font-medium text-brand-700 underline">
          Saved searches
        </Link>{" "}
        (after signing in).
      </p>
    </div>
  );
}
