import { useSyncExternalStore } from "react";
import { MOBILE_QUERY } from "./nav-rules";

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/** The spec's mobile layout (500 px wide or less), followed live. */
export const useMobile = () =>
  useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
