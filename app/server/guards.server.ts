/**
 * Route guards (docs/product.md#roles-and-accounts). Every loader and action starts with one of these.
 * Not signed in → /signin (or /auth where the spec says); wrong role → /
 * (a non-admin at an admin page also sees "Unauthorized").
 */
import { redirect } from "react-router";
import { getViewer, getViewerSession } from "#app/server/get-viewer.server.ts";
import type { Role, Viewer } from "#app/domain/user/viewer.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";

/** better-auth's session cookie, with the `__Secure-` prefix in production. */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token)=/;

async function signInRedirect(request: Request, to: string) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const target = `${to}?redirectTo=${encodeURIComponent(back)}`;
  // A session cookie that no longer signs anyone in: the session ended on the server (signed out
  // elsewhere, banned, access changed, expired). Say so once, and drop the dead cookie.
  const stale = SESSION_COOKIE.exec(request.headers.get("cookie") ?? "")?.[1];
  if (!stale) return redirect(target);
  const secure = stale.startsWith("__Secure-") ? "; Secure" : "";
  return redirectWithToast(
    target,
    { type: "info", title: "Signed out", description: "Your session has ended. Please sign in again." },
    { headers: { "Set-Cookie": `${stale}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}` } },
  );
}

export async function requireUser(request: Request, options: { redirectTo?: "/signin" | "/auth" } = {}) {
  const viewer = await getViewer(request);
  if (!viewer) throw await signInRedirect(request, options.redirectTo ?? "/signin");
  return viewer;
}

/** requireUser, with the id of the viewer's session (for a connection that must end with it). */
export async function requireUserSession(request: Request) {
  const current = await getViewerSession(request);
  if (!current) throw await signInRedirect(request, "/signin");
  return current;
}

export async function requireRole(request: Request, role: Exclude<Role, "admin">): Promise<Viewer> {
  const viewer = await requireUser(request);
  // A role mismatch goes to / (docs/product.md#roles-and-accounts). Say why, or a buyer's "Start Selling Equipment"
  // seems to do nothing.
  if (viewer.role !== role) {
    throw await redirectWithToast("/", {
      type: "error",
      title: "Not Available",
      description: `This page is for ${role} accounts.`,
    });
  }
  return viewer;
}

/** Where an admin sets up two-factor sign-in when this site requires it of admins (ADMIN_TWO_FACTOR=required). */
export const TWO_FACTOR_SETUP = "/account/two-factor";

/**
 * /admin: a signed-in non-admin is told "Unauthorized" (a toast on the home page). Where admins must
 * use two-factor sign-in, an admin without it is sent to set it up first (and back here afterwards),
 * before any admin page or action.
 */
export async function requireAdmin(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (viewer.adminNeedsTwoFactor) {
    const url = new URL(request.url);
    const back = request.method === "GET" || request.method === "HEAD" ? url.pathname + url.search : url.pathname;
    throw await redirectWithToast(`${TWO_FACTOR_SETUP}?required=1&redirectTo=${encodeURIComponent(back)}`, {
      type: "info",
      title: "Two-factor authentication required",
      description: "Admin pages on this site need two-factor sign-in. Turn it on to continue.",
    });
  }
  if (!viewer.isAdmin) {
    throw await redirectWithToast("/", {
      type: "error",
      title: "Unauthorized",
      description: "You do not have permission to access this page.",
    });
  }
  return viewer;
}

/** Pages only for signed-out visitors (sign in, sign up) send signed-in users home. */
export async function getOptionalViewer(request: Request) {
  return getViewer(request);
}

// Cross-site posts are refused for every route in server.js, before any action runs.
