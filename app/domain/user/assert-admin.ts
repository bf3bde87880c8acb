import { AppError } from "#app/lib/app-error.ts";
import type { Viewer } from "./viewer.ts";

/**
 * Admin-only domain functions check the viewer themselves (the route's
 * `requireAdmin` is the first line, this is the second): 403 otherwise.
 */
export function assertAdmin(viewer: Pick<Viewer, "isAdmin">) {
  if (!viewer.isAdmin) throw new AppError("FORBIDDEN", "Unauthorized", "You do not have permission to access this page.");
}
