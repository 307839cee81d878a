import { useSyncExternalStore } from "react";
import { MOBILE_QUERY } from "./nav-rules";

// One MediaQueryList for the page: matchMedia parses the query and registers a new list on every call, and
// the snapshot is read on every render of every user (86 ms in one profile of /find).
let query: MediaQueryList | undefined;
const mobileQuery = () => {
  query ??= window.matchMedia(MOBILE_QUERY);
  return query;
};

const subscribe = (onChange: () => void) => {
  const list = mobileQuery();
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
};

/** The spec's mobile layout (500 px wide or less), followed live. */
export const useMobile = () =>
  useSyncExternalStore(
    subscribe,
    () => mobileQuery().matches,
    () => false,
  );
