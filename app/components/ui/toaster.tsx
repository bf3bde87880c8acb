import { Toaster as Sonner } from "sonner";

/** App-wide toasts (spec §9): at most 3 visible, 4000 ms each. */
export function Toaster() {
  return <Sonner richColors closeButton position="top-right" visibleToasts={3} duration={4000} />;
}
