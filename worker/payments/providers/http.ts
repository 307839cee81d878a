// The one way an adapter calls its provider: a timeout on every call, and retries with backoff on network
// errors and timeouts only. A provider's answer (any status, 5xx included) is returned as is: the adapter maps
// it. Retrying a call that creates money movement is safe only with the provider's idempotency key, so such a
// call must send one (the adapter's `idempotencyKey` header name differs per provider).

export interface ProviderCallOptions {
  /** Per attempt; the provider's own timeouts are longer, a member waits on this. */
  timeoutMs?: number;
  /** Further attempts after a network error or a timeout. */
  retries?: number;
  /** The first wait before a retry; each next one doubles, with up to half again of jitter. */
  backoffMs?: number;
  /** Ours, in the provider's header (e.g. `Idempotency-Key`, `PayPal-Request-Id`): required to retry a POST. */
  idempotency?: { header: string; key: string };
  /** The clock's sleep, replaced in tests. */
  sleep?: (ms: number) => Promise<void>;
}

/** The provider could not be reached (every attempt failed on the network or timed out). */
export class ProviderUnreachable extends Error {
  constructor(
    readonly provider: string,
    readonly attempts: number,
    cause: unknown,
  ) {
    super(`${provider} unreachable after ${attempts} attempt(s)`, { cause });
    this.name = "ProviderUnreachable";
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * fetch with a timeout per attempt and retries on network failures only. A POST without an idempotency key
 * is tried once: a request that timed out may have moved money, and only the key makes its retry harmless.
 */
export async function providerFetch(
  provider: string,
  url: string,
  init: RequestInit,
  options: ProviderCallOptions = {},
): Promise<Response> {
  const { timeoutMs = 15_000, backoffMs = 300, idempotency, sleep = wait } = options;
  const method = (init.method ?? "GET").toUpperCase();
  const retryable = method === "GET" || method === "HEAD" || idempotency !== undefined;
  const retries = retryable ? (options.retries ?? 2) : 0;
  const headers = new Headers(init.headers);
  if (idempotency) headers.set(idempotency.header, idempotency.key);
  let lastError: unknown;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (attempt > 0) await sleep(backoffMs * 2 ** (attempt - 1) * (1 + Math.random() / 2));
    try {
      return await fetch(url, { ...init, headers, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      lastError = error;
    }
  }
  throw new ProviderUnreachable(provider, retries + 1, lastError);
}
