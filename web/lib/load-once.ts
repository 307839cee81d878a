import { use } from "react";

/**
 * Something the start fetches once (a chunk, a client built from it): `load()` starts it and answers its
 * promise; `read()`, in a render, returns it at once when it has arrived and suspends on it until then.
 * Read at once, the start need not suspend when it waited for it first (web/main.tsx): a Suspense boundary
 * that has shown its fallback holds the page back until 300 ms have passed.
 */
export function loadOnce<T>(fetch: () => Promise<T>) {
  let promise: Promise<T> | undefined;
  let arrived: { value: T } | undefined;
  const load = () => {
    promise ??= fetch().then((value) => {
      arrived = { value };
      return value;
    });
    return promise;
  };
  return { load, read: (): T => (arrived ? arrived.value : use(load())) };
}
