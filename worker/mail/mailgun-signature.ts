// Mailgun's webhook signature: HMAC-SHA256 of the timestamp and the token with the webhook signing key, refused
// when stale or when its token was seen before (a replay).
import type { MailgunSignature } from "../contracts/mail";

/** Mailgun webhook signatures older (or further ahead) than this are refused as replays. */
export const WEBHOOK_MAX_AGE_S = 15 * 60;
/** Tokens remembered per isolate to refuse a replay inside the age window (Mailgun's are single use). */
const SEEN_TOKENS_MAX = 10_000;
const seenTokens = new Map<string, number>();

export function rememberToken(token: string, timestamp: number) {
  const oldest = Date.now() / 1000 - WEBHOOK_MAX_AGE_S;
  for (const [seen, at] of seenTokens) {
    if (at < oldest || seenTokens.size >= SEEN_TOKENS_MAX) seenTokens.delete(seen);
    else break;
  }
  seenTokens.set(token, timestamp);
}

const hexBytes = (hex: string) => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};

/**
 * Mailgun's documented check: HMAC-SHA256 of timestamp + token with the webhook signing key, hex.
 * `crypto.subtle.verify` compares in constant time. Stale timestamps and tokens already seen are refused.
 */
export async function checkSignature(
  signingKey: string | undefined,
  signature: MailgunSignature | undefined,
): Promise<"ok" | "unconfigured" | "missing" | "mismatch" | "stale" | "replayed"> {
  if (!signingKey) return "unconfigured";
  if (!signature?.token || !/^[0-9a-f]{64}$/i.test(signature.signature)) return "missing";
  const timestamp = String(signature.timestamp);
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(signingKey),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    "HMAC",
    key,
    hexBytes(signature.signature),
    new TextEncoder().encode(timestamp + signature.token),
  );
  if (!valid) return "mismatch";
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > WEBHOOK_MAX_AGE_S) return "stale";
  if (seenTokens.has(signature.token)) return "replayed";
  return "ok";
}
