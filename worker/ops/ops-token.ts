import { signPurposeToken, type TokenPurpose, verifyPurposeToken } from "../core/tokens";

// Operator tokens are their own kind: audience "ops" and type "ops+jwt". A member's session token (audience
// "session") fails this check, and an operator token fails the member check (worker/core/tokens.ts), so
// neither can stand in for the other even though both are signed with JWT_SECRET.
/** One working day and a little (14 h): an operator logs in at the start of a shift. */
const OPERATOR: TokenPurpose = { audience: "ops", typ: "ops+jwt", ttl: "14h" };

export interface OperatorClaims {
  operatorId: number;
  /** The operator's session version: logout moves it on and every earlier token is refused. */
  sessionVersion: number;
}

export function signOperatorToken(secret: string, claims: OperatorClaims): Promise<string> {
  return signPurposeToken(secret, OPERATOR, { sv: claims.sessionVersion }, String(claims.operatorId));
}

/** The claims of a valid operator token, or null for anything else (a member token included). */
export async function verifyOperatorToken(secret: string, token: string): Promise<OperatorClaims | null> {
  const payload = await verifyPurposeToken(secret, OPERATOR, token);
  const operatorId = Number(payload?.sub);
  if (!payload || !Number.isSafeInteger(operatorId) || typeof payload.sv !== "number") return null;
  return { operatorId, sessionVersion: payload.sv };
}
