const started = new Map<string, Promise<unknown>>();

/**
 * Runs a one-shot request once per key, however often the effect asking for it runs (React's StrictMode
 * runs effects twice): a link token or a Google code must reach the server once, since a second attempt
 * would be refused and would hide the first one's success.
 */
export function once<T>(key: string, run: () => Promise<T>): Promise<T> {
  let promise = started.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = run();
    started.set(key, promise);
  }
  return promise;
}
