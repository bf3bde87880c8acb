/**
 * The app's toasts, with sonner loaded when the first one is due instead of
 * with every page (about 9 KB gzip that most visits never use). Calls made
 * while it loads wait in order and run as soon as it is there, so a dismissal
 * followed by a new toast keeps that order. The page's live region
 * (`<Toaster />`) is there from the start, so screen readers hear the first
 * toast too.
 *
 * Import `toast` from here, never from "sonner".
 */
import type * as SonnerModule from "sonner";
import type { ExternalToast } from "sonner";

type Sonner = typeof SonnerModule;
type Call = (sonner: Sonner) => void;

let sonner: Sonner | null = null;
let loading: Promise<void> | null = null;
const waiting: Call[] = [];
const onLoad = new Set<(sonner: Sonner) => void>();

function load() {
  loading ??= import("sonner").then(
    (module) => {
      sonner = module;
      for (const listener of onLoad) listener(module);
      for (const call of waiting.splice(0)) call(module);
    },
    () => {
      // Offline or a deploy removed the file: let the next toast try again.
      loading = null;
    },
  );
  return loading;
}

function run(call: Call) {
  if (sonner) {
    call(sonner);
    return;
  }
  waiting.push(call);
  void load();
}

/** Calls `listener` with sonner once it has loaded (at once if it has); returns the unsubscribe. */
export function whenToastsLoaded(listener: (sonner: Sonner) => void) {
  if (sonner) listener(sonner);
  else onLoad.add(listener);
  return () => {
    onLoad.delete(listener);
  };
}

type Show = (message: string, data?: ExternalToast) => void;
const show =
  (kind?: "success" | "error" | "info"): Show =>
  (message, data) =>
    run((s) => void (kind ? s.toast[kind](message, data) : s.toast(message, data)));

export const toast: Show & {
  success: Show;
  error: Show;
  info: Show;
  /** Closes one toast, or all of them without an id. */
  dismiss: (id?: string | number) => void;
} = Object.assign(show(), {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  // Before sonner is asked for, no toast can be on the screen: nothing to load for a dismissal.
  dismiss: (id?: string | number) => {
    if (sonner || loading) run((s) => void s.toast.dismiss(id));
  },
});
