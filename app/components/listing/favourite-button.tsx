import { Heart } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation, useNavigate, useSearchParams } from "react-router";
import { toast } from "#app/components/ui/toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { BUYER_ACCOUNT_REQUIRED, PENDING_FAVOURITE_PARAM } from "#app/domain/favourite/favourite-rules.ts";

/** Where a signed-in account that cannot buy learns how to get one that can. */
export const BUYER_ACCOUNT_PATH = "/account-types?need=buyer";

/** The current address with a heart pressed before signing in carried along (`?favourite=<id>`). */
function returnPathWithFavourite(pathname: string, search: string, listingId: string) {
  const params = new URLSearchParams(search);
  params.set(PENDING_FAVOURITE_PARAM, listingId);
  return `${pathname}?${params.toString()}`;
}

/**
 * The heart: saved on the server for buyers; a visitor is asked to sign in
 * and the heart is saved on the way back (see PendingFavourite); any other
 * signed-in account is shown how buying accounts work. `canSave` defaults to
 * `signedIn`: the watchlist's hearts only ever remove.
 */
export function FavouriteButton({
  listingId,
  favourite,
  signedIn,
  canSave = signedIn,
  title,
}: {
  listingId: string;
  favourite: boolean;
  signedIn: boolean;
  canSave?: boolean;
  title: string;
}) {
  const fetcher = useFetcher<{ favourite?: boolean }>();
  const location = useLocation();
  const here = location.pathname + location.search;
  if (!signedIn) {
    const back = returnPathWithFavourite(location.pathname, location.search, listingId);
    return (
      <Button asChild variant="outline" size="icon" aria-label={`Sign in to save ${title}`}>
        <Link to={`/signin?redirectTo=${encodeURIComponent(back)}`}>
          <Heart />
        </Link>
      </Button>
    );
  }
  const pending = fetcher.formData ? fetcher.formData.get("favourite") === "true" : undefined;
  const on = pending ?? fetcher.data?.favourite ?? favourite;
  if (!canSave && !on) {
    return (
      <Button asChild variant="outline" size="icon" aria-label={`Saving ${title} needs a buyer account`}>
        <Link to={BUYER_ACCOUNT_PATH}>
          <Heart />
        </Link>
      </Button>
    );
  }
  return (
    <fetcher.Form method="post" action="/api/favourites">
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="favourite" value={on ? "false" : "true"} />
      <noscript>
        <input type="hidden" name="redirectTo" value={here} />
      </noscript>
      <Button
        type="submit"
        variant="outline"
        size="icon"
        aria-pressed={on}
        aria-label={on ? `Remove ${title} from watchlist` : `Save ${title} to watchlist`}
      >
        <Heart className={on ? "fill-red-500 text-red-500" : ""} />
      </Button>
    </fetcher.Form>
  );
}

/**
 * Saves the heart a visitor pressed before signing in, once they are back on
 * the page (`?favourite=<id>`), with the same POST as the heart; the address
 * then drops the parameter. A signed-in account that is not a buyer is told
 * why nothing was saved. Render once per page.
 */
export function PendingFavourite({ signedIn, canSave }: { signedIn: boolean; canSave: boolean }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const fetcher = useFetcher<{ favourite?: boolean; title?: string; message?: string }>();
  const listingId = params.get(PENDING_FAVOURITE_PARAM);
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!signedIn || !listingId || handled.current === listingId) return;
    handled.current = listingId;
    const rest = new URLSearchParams(location.search);
    rest.delete(PENDING_FAVOURITE_PARAM);
    const query = rest.toString();
    void navigate(`${location.pathname}${query ? `?${query}` : ""}${location.hash}`, {
      replace: true,
      preventScrollReset: true,
    });
    if (canSave) {
      void fetcher.submit({ listingId, favourite: "true" }, { method: "post", action: "/api/favourites" });
    } else {
      toast.error(BUYER_ACCOUNT_REQUIRED.title, {
        id: "pending-favourite",
        description: `${BUYER_ACCOUNT_REQUIRED.message} Nothing was saved.`,
        action: { label: "How accounts work", onClick: () => void navigate(BUYER_ACCOUNT_PATH) },
      });
    }
  }, [signedIn, canSave, listingId, location, navigate, fetcher]);

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.favourite) {
      toast.success("Saved to your watchlist", { id: "pending-favourite" });
    } else if (fetcher.data.message) {
      toast.error(fetcher.data.title ?? "Not saved", { id: "pending-favourite", description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  return null;
}
