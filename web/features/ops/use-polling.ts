import { useEffect, useRef } from "react";

/**
 * Runs `load` now and every `ms` while the page is open (the console's queue and conversation refresh by
 * themselves); a hidden tab waits for the next tick instead of piling requests up.
 */
export function usePolling(load: () => Promise<void>, ms: number, key: string) {
  const latest = useRef(load);
  latest.current = load;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (another conversation) starts over.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (document.visibilityState !== "hidden") await latest.current().catch(() => undefined);
      if (live) timer = setTimeout(tick, ms);
    };
    void tick();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [ms, key]);
}
