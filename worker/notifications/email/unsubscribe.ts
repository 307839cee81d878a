// The one-click unsubscribe of a notification channel (RFC 8058): a signed token names the member and the
// channel, so the POST turns that channel off without a login. A link scanner's GET only shows the button.
import { signPurposeToken, type TokenPurpose, verifyPurposeToken } from "../../core/tokens";
import type { ChannelName } from "../channel";

/** A digest's unsubscribe link works 180 days: mail is read late, and the header must still work then. */
const UNSUBSCRIBE: TokenPurpose = { audience: "unsubscribe", typ: "unsubscribe+jwt", ttl: "180d" };
const CHANNELS = ["email", "telegram", "push"] as const satisfies readonly ChannelName[];

export interface UnsubscribeClaims {
  accountId: number;
  channel: ChannelName;
}

export function signUnsubscribe(secret: string, claims: UnsubscribeClaims): Promise<string> {
  return signPurposeToken(secret, UNSUBSCRIBE, { ch: claims.channel }, String(claims.accountId));
}

/** The claims of a valid unsubscribe token, or null. */
export async function verifyUnsubscribe(secret: string, token: string): Promise<UnsubscribeClaims | null> {
  const payload = await verifyPurposeToken(secret, UNSUBSCRIBE, token);
  const accountId = Number(payload?.sub);
  const channel = CHANNELS.find((c) => c === payload?.ch);
  if (!payload || !Number.isSafeInteger(accountId) || !channel) return null;
  return { accountId, channel };
}

/** RFC 2369 / RFC 8058 headers: the https one-click URL first, then a mailto for clients without POST. */
export function unsubscribeHeaders(url: string, mailto: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>, <${mailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
