import { useSyncExternalStore } from "react";

/** True once React runs in the browser (false on the server and without JavaScript). */
export function useHydrated() {
  return useSyncExternalStore(
    () => () => {},
    () => true,
    () => false,
  );
}
