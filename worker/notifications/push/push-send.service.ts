// One web push (RFC 8030) to one browser: the payload encrypted to the browser's keys (RFC 8291, aes128gcm)
// and signed with the brand's VAPID key (RFC 8292), both by @block65/webcrypto-web-push on WebCrypto in
// workerd (the cryptography is the library's, not ours). The cascade's push channel sends through it, and so does the
// benchmark's CPU-per-push route.
import { encryptNotification, vapidHeaders } from "@block65/webcrypto-web-push";
import type { Config } from "../../config";
import type { VapidKeys } from "../notifications.config";

/** A push service that has not answered within this time counts as failed (the cascade goes on). */
const PUSH_TIMEOUT_MS = 10_000;
/**
 * A VAPID token is reused for this long for the same push service and key: the library's tokens live 12
 * hours (RFC 8292 allows 24), so one reused for an hour has 11 left. Signing it, and importing the key to
 * sign it, was a third of a push's CPU.
 */
const VAPID_REUSE_MS = 60 * 60 * 1000;
/** Push services are a handful of origins (FCM, Mozilla, Apple, Microsoft); more means something is off. */
const MAX_AUDIENCES = 64;

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

/** The isolate's VAPID authorizations, by push service origin and public key. */
const vapidTokens = new Map<string, { authorization: Promise<string>; until: number }>();

/** `vapid t=…, k=…` for a push service: signed once an hour per audience and key, in this isolate. */
function vapidAuthorization(endpoint: string, vapid: VapidKeys): Promise<string> {
  const url = signedEndpoint(endpoint);
  const cacheKey = `${new URL(url).origin} ${vapid.publicKey}`;
  const now = Date.now();
  const kept = vapidTokens.get(cacheKey);
  if (kept && kept.until > now) return kept.authorization;
  if (vapidTokens.size >= MAX_AUDIENCES) vapidTokens.clear();
  const authorization = vapidHeaders(
    { endpoint: url, expirationTime: null, keys: { auth: "", p256dh: "" } },
    vapid,
  ).then(({ headers }) => headers.authorization);
  vapidTokens.set(cacheKey, { authorization, until: now + VAPID_REUSE_MS });
  // A failed signature is not kept: the next push signs again.
  authorization.catch(() => vapidTokens.delete(cacheKey));
  return authorization;
}

/** Encrypts `data` to the subscription, signs it with the brand's VAPID key and hands it to its push service. */
export async function sendWebPush(
  ctx: { config: Config; brand: { public: { id: string } } },
  subscription: PushTarget,
  data: string,
  options: { urgency: "normal" | "high"; topic: string },
): Promise<PushSent> {
  const vapid = ctx.config.notifications.push.vapid[ctx.brand.public.id];
  if (!vapid) return "failed";
  const [authorization, body] = await Promise.all([
    vapidAuthorization(subscription.endpoint, vapid),
    encryptNotification(
      { endpoint: subscription.endpoint, expirationTime: null, keys: subscription },
      new TextEncoder().encode(data),
    ),
  ]);
  const response = await fetch(subscription.endpoint, {
    method: "POST",
    headers: {
      authorization,
      ttl: String(ctx.config.notifications.push.ttlSeconds),
      urgency: options.urgency,
      topic: options.topic,
      "content-encoding": "aes128gcm",
      "content-type": "application/octet-stream",
    },
    body,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  // The body is of no use; read it so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status === 404 || response.status === 410) return "gone";
  return response.ok ? "sent" : "failed";
}
