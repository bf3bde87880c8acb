/**
 * The last hop of signing in (the password form, the two-factor code): to the page the user was
 * going to. A page opens inside the app; anything else needs the browser's own navigation, since the
 * app cannot render a file or a stream (the page would stay blank). A file to download goes by way of
 * /signin?download=…, a page that says they are signed in and starts the download: the browser stays
 * on a page that fits, not on the sign-in form it submitted.
 */
import { redirect, redirectDocument } from "react-router";
import { destinationKind } from "./safe-redirect.ts";

/** The query parameter of /signin that names the file to download once signed in. */
export const SIGNED_IN_DOWNLOAD_PARAM = "download";

/** `to` must already be a safe path on this site (safeRedirect). `init` carries the new session's cookie. */
export function redirectAfterSignIn(to: string, init?: ResponseInit) {
  switch (destinationKind(to)) {
    case "download":
      return redirectDocument(`/signin?${SIGNED_IN_DOWNLOAD_PARAM}=${encodeURIComponent(to)}`, init);
    case "resource":
      return redirectDocument(to, init);
    case "page":
      return redirect(to, init);
  }
}
