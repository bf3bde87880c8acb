import { Toaster as Sonner } from "sonner";

export function Toaster() {
  return <Sonner richColors position="top-right" visibleToasts={3} duration={4000} closeButton />;
}
