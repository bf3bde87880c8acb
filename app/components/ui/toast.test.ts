import { beforeAll, expect, it } from "vitest";
import { toast, whenToastsLoaded } from "./toast.ts";

type Sonner = Parameters<Parameters<typeof whenToastsLoaded>[0]>[0];

beforeAll(() => {
  // Sonner defers a dismissal to the next frame; node has no frames.
  globalThis.requestAnimationFrame ??= (callback) => setTimeout(() => callback(Date.now()), 0) as unknown as number;
  globalThis.cancelAnimationFrame ??= (handle) => clearTimeout(handle);
});

it("loads sonner for the first toast only, and runs what was asked meanwhile in order", async () => {
  let loaded = false;
  whenToastsLoaded(() => (loaded = true));

  // Nothing can be on the screen yet: closing a toast does not fetch sonner.
  toast.dismiss("compare-limit");
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(loaded).toBe(false);

  // An outcome replaced by the next one before sonner has arrived: same order once it has.
  toast.error("Not saved", { id: "outcome:1" });
  toast.dismiss("outcome:1");
  toast.success("Saved to your watchlist", { id: "outcome:2" });
  const sonner = await new Promise<Sonner>((resolve) => whenToastsLoaded(resolve));
  expect(loaded).toBe(true);
  expect(sonner.toast.getHistory().map((t) => [t.id, "type" in t ? t.type : undefined])).toEqual([
    ["outcome:1", "error"],
    ["outcome:2", "success"],
  ]);
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(sonner.toast.getToasts().map((t) => t.id)).toEqual(["outcome:2"]);

  // Once loaded, a toast goes straight to sonner.
  toast("Draft restored", { id: "draft" });
  expect(sonner.toast.getToasts().map((t) => t.id)).toContain("draft");
});
