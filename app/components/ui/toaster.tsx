import { Toaster as Sonner } from "sonner";

/**
 * App-wide toasts (docs/product.md#interface): at most 3 visible, 4000 ms each. From 640 px the
 * header stays at the top of the screen, so toasts start below it rather than
 * over its Menu, bell and Logout; on phones the header scrolls away.
 */
export function Toaster() {
  return (
    <Sonner
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
  );
}
