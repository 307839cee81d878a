// One web push (RFC 8030) to one browser: the payload encrypted to the browser's keys (RFC 8291, aes128gcm)
// and signed with the brand's VAPID key (RFC 8292) by @block65/webcrypto-web-push, which runs on WebCrypto in
// workerd. The cascade's push channel sends through it, and so does the benchmark's CPU-per-push route.
import { buildPushPayload } from "@block65/webcrypto-web-push";
import type { Config } from "../../config";

/** A push service that has not answered within this time counts as failed (the cascade goes on). */
const PUSH_TIMEOUT_MS = 10_000;

export type PushSent = "sent" | "gone" | "failed";

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * The endpoint the VAPID token names. Push resources are https (RFC 8030 section 2) and the library signs
 * only those; a loopback push service of a local run (accepted only there) speaks plain http, so its token
 * names the same host as https.
 */
const signedEndpoint = (endpoint: string) =>
  endpoint.replace(/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])([:/])/, "https://$1$2");

/** Encrypts `data` to the subscription, signs it with the brand's VAPID key and hands it to its push service. */
export async function sendWebPush(
  ctx: { config: Config; brand: { public: { id: string } } },
  subscription: PushTarget,
  data: string,
  options: { urgency: "normal" | "high"; topic: string },
): Promise<PushSent> {
  const vapid = ctx.config.notifications.push.vapid[ctx.brand.public.id];
  if (!vapid) return "failed";
  const request = await buildPushPayload(
    { data, options: { ttl: ctx.config.notifications.push.ttlSeconds, ...options } },
    { endpoint: signedEndpoint(subscription.endpoint), expirationTime: null, keys: subscription },
    vapid,
  );
  const response = await fetch(subscription.endpoint, {
    ...request,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  // The body is of no use; read it so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return "gone";
  return response.ok ? "sent" : "failed";
}
