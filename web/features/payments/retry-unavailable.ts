// A return page's check that meets a service briefly unavailable (503 with Retry-After: the database or the
// provider out for a moment) asks again after the wait it is told, rather than telling the member their
// payment failed: the payment may well have gone through, and the provider's notification applies it.

/** How many more times a check is asked while it is answered 503 with Retry-After. */
export const UNAVAILABLE_RETRIES = 6;
/** The longest wait taken from a Retry-After (seconds): the member is watching a spinner. */
export const MAX_RETRY_AFTER_S = 30;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The wait a 503 asks for (Retry-After in seconds), or null for any other answer. */
function retryAfterMs(response: { status: number; headers: Headers }): number | null {
  if (response.status !== 503) return null;
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, MAX_RETRY_AFTER_S) * 1000 : null;
}

/**
 * Asks, and asks again after each Retry-After while the answer is 503 with one, at most UNAVAILABLE_RETRIES
 * more times; the last answer is returned, whatever it is.
 */
export async function askWhileUnavailable<R extends { status: number; headers: Headers }>(
  ask: () => Promise<R>,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<R> {
  let response = await ask();
  for (let retry = 0; retry < UNAVAILABLE_RETRIES; retry++) {
    const ms = retryAfterMs(response);
    if (ms === null) return response;
    await wait(ms);
    response = await ask();
  }
  return response;
}
