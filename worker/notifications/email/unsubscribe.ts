// The one-click unsubscribe of a notification channel (RFC 8058): a signed token names the member and the
// channel, so the POST turns that channel off without a login. A link scanner's GET only shows the button.
import { errors, jwtVerify, SignJWT } from "jose";
import { secretKey } from "../../core/tokens";
import type { ChannelName } from "../channel";

const ISSUER = "amore-chat";
const AUDIENCE = "unsubscribe";
const TYP = "unsubscribe+jwt";
/** A digest's unsubscribe link works this long: mail is read late, and the header must still work then. */
const TTL = "180d";
const CHANNELS = ["email", "telegram", "push"] as const satisfies readonly ChannelName[];

export interface UnsubscribeClaims {
  accountId: number;
  channel: ChannelName;
}

export async function signUnsubscribe(secret: string, claims: UnsubscribeClaims): Promise<string> {
  return new SignJWT({ ch: claims.channel })
    .setProtectedHeader({ alg: "HS256", typ: TYP })
    .setSubject(String(claims.accountId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TTL)
    .sign(await secretKey(secret));
}

/** The claims of a valid unsubscribe token, or null. */
export async function verifyUnsubscribe(secret: string, token: string): Promise<UnsubscribeClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYP,
      requiredClaims: ["exp"],
    });
    const accountId = Number(payload.sub);
    const channel = CHANNELS.find((c) => c === payload.ch);
    if (!Number.isSafeInteger(accountId) || !channel) return null;
    return { accountId, channel };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

/** RFC 2369 / RFC 8058 headers: the https one-click URL first, then a mailto for clients without POST. */
export function unsubscribeHeaders(url: string, mailto: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${url}>, <${mailto}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
