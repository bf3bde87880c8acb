import { Heart } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** The heart: saved on the server for signed-in users; visitors are asked to sign in. */
export function FavouriteButton({ listingId, favourite, signedIn, title }: { listingId: string; favourite: boolean; signedIn: boolean; title: string }) {
  const fetcher = useFetcher<{ favourite?: boolean }>();
  const location = useLocation();
  const here = location.pathname + location.search;
  if (!signedIn) {
    return (
      <Button asChild variant="outline" size="icon" aria-label={`Sign in to save ${title}`}>
        <Link to={`/signin?redirectTo=${encodeURIComponent(here)}`}>
          <Heart />
        </Link>
      </Button>
    );
  }
  const pending = fetcher.formData ? fetcher.formData.get("favourite") === "true" : undefined;
  const on = pending ?? fetcher.data?.favourite ?? favourite;
  return (
    <fetcher.Form method="post" action="/api/favourites">
      <input type="hidden" name="listingId" value={listingId} />
      <input type="hidden" name="favourite" value={on ? "false" : "true"} />
      <noscript>
        <input type="hidden" name="redirectTo" value={here} />
      </noscript>
      <Button type="submit" variant="outline" size="icon" aria-pressed={on} aria-label={on ? `Remove ${title} from watchlist` : `Save ${title} to watchlist`}>
        <Heart className={on ? "fill-red-500 text-red-500" : ""} />
      </Button>
    </fetcher.Form>
  );
}
