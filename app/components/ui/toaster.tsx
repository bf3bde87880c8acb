import { useEffect, useState } from "react";
import type * as SonnerModule from "sonner";
import { whenToastsLoaded } from "./toast.ts";

type Sonner = typeof SonnerModule;

/**
 * App-wide toasts (docs/product.md#interface): at most 3 visible, 4000 ms each. From 640 px the
 * header stays at the top of the screen, so toasts start below it rather than
 * over its Menu, bell and Logout; on phones the header scrolls away.
 *
 * Sonner itself comes with the first toast (`toast.ts`). The polite live
 * region around it is in the page from the start: a region that appears
 * together with its first message is often not read out, one that was
 * already there is.
 */
export function Toaster() {
  const [sonner, setSonner] = useState<Sonner | null>(null);
  useEffect(() => whenToastsLoaded(setSonner), []);
  return (
    <div aria-live="polite" aria-relevant="additions text" data-toast-region="">
      {sonner ? (
        <sonner.Toaster
          richColors
          closeButton
          position="top-right"
          visibleToasts={3}
          duration={4000}
          offset={{ top: 80, right: 16 }}
          mobileOffset={{ top: 16, left: 16, right: 16 }}
          // Sonner's red on its pink (4.3:1) is below WCAG AA for small text; a darker red reads at 5.7:1.
          style={{ "--error-text": "hsl(360, 100%, 38%)" } as React.CSSProperties}
        />
      ) : null}
    </div>
  );
}
