/**
 * Route guards (spec §6). Every loader and action starts with one of these.
 * Not signed in → /signin (or /auth where the spec says); wrong role → /
 * (a non-admin at an admin page also sees "Unauthorized").
 */
import { redirect } from "react-router";
import { getViewer } from "#app/domain/user/get-viewer.server.ts";
import type { Role, Viewer } from "#app/domain/user/viewer.ts";
import { redirectWithToast } from "./toast.server.ts";

function signInRedirect(request: Request, to: string) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(`${to}?redirectTo=${encodeURIComponent(back)}`);
}

export async function requireUser(request: Request, options: { redirectTo?: "/signin" | "/auth" } = {}) {
  const viewer = await getViewer(request);
  if (!viewer) throw signInRedirect(request, options.redirectTo ?? "/signin");
  return viewer;
}

export async function requireRole(request: Request, role: Exclude<Role, "admin">): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (viewer.role !== role) throw redirect("/");
  return viewer;
}

/** Spec §2 /admin: a signed-in non-admin is told "Unauthorized" (a toast on the home page). */
export async function requireAdmin(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!viewer.isAdmin) {
    throw await redirectWithToast("/", { type: "error", title: "Unauthorized", description: "You do not have permission to access this page." });
  }
  return viewer;
}

/** Pages only for signed-out visitors (sign in, sign up) send signed-in users home. */
export async function getOptionalViewer(request: Request) {
  return getViewer(request);
}

// Cross-site posts are refused for every route in server.js, before any action runs.
