import { errors, jwtVerify, SignJWT } from "jose";
import { secretKey } from "../core/tokens";

// Operator tokens are their own kind: audience "ops" and type "ops+jwt". A member's session token (audience
// "session") fails this check, and an operator token fails the member check (worker/core/tokens.ts), so
// neither can stand in for the other even though both are signed with JWT_SECRET.
const ISSUER = "amore-chat";
const AUDIENCE = "ops";
const TYP = "ops+jwt";
/** One working day and a little: an operator logs in at the start of a shift. */
const TTL = "14h";

export interface OperatorClaims {
  operatorId: number;
  /** The operator's session version: logout moves it on and every earlier token is refused. */
  sessionVersion: number;
}

export async function signOperatorToken(secret: string, claims: OperatorClaims): Promise<string> {
  return new SignJWT({ sv: claims.sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: TYP })
    .setSubject(String(claims.operatorId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(TTL)
    .sign(await secretKey(secret));
}

/** The claims of a valid operator token, or null for anything else (a member token included). */
export async function verifyOperatorToken(secret: string, token: string): Promise<OperatorClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(secret), {
      algorithms: ["HS256"],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYP,
      // A token without an expiry never ends: refused (jose checks `exp` only when it is there).
      requiredClaims: ["exp"],
    });
    const operatorId = Number(payload.sub);
    if (!Number.isSafeInteger(operatorId) || typeof payload.sv !== "number") return null;
    return { operatorId, sessionVersion: payload.sv };
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}
