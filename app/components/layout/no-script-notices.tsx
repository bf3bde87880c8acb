import type { ActionToast } from "#app/components/forms/use-action-toast.ts";

type Notice = Pick<ActionToast, "type" | "title" | "description">;

/**
 * Without JavaScript no toast can show, so an outcome a toast would announce is written in the
 * page instead: the root writes a redirect's (`redirectWithToast`) at the top of every page, and a
 * page whose forms post back to it without saying the outcome next to them writes its action's.
 */
export function NoScriptNotices({ notices, className }: { notices: Notice[]; className?: string }) {
  if (!notices.length) return null;
  return (
    <noscript>
      <div className={`space-y-2 ${className ?? ""}`}>
        {notices.map((notice, i) => (
          <div
            key={i}
            role={notice.type === "error" ? "alert" : "status"}
            className={
              notice.type === "error"
                ? "rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
                : "rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-brand-800"
            }
          >
            <strong>{notice.title}</strong> {notice.description}
          </div>
        ))}
      </div>
    </noscript>
  );
}
