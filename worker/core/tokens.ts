import { errors, type JWTPayload, jwtVerify, SignJWT } from "jose";

const ISSUER = "amore-chat";
const ALGORITHMS = ["HS256"];
/** Each kind of token has its own type and audience, so a link token never passes as a session. */
export const tokenKinds = {
  session: { typ: "session+jwt", ttl: "30d" },
  confirm: { typ: "confirm+jwt", ttl: "7d" },
  autologin: { typ: "autologin+jwt", ttl: "7d" },
  reset: { typ: "reset+jwt", ttl: "1h" },
} as const;
export type TokenKind = keyof typeof tokenKinds;

export interface SessionClaims {
  accountId: number;
  clickid: string;
  /**
   * The version the token depends on: the account's session version for a session token (logout, password
   * change and disabling bump it), its credentials version for reset and auto-login links.
   */
  sessionVersion: number;
  /** Link tokens that act on an address (confirm) carry it, so an old link cannot confirm a new one. */
  email?: string;
}

// The HMAC key of each secret, imported once per isolate: jose imports a raw key on every call, which cost
// about a tenth of a millisecond of Worker CPU per request (docs/benchmarks.md, the dispenser).
const keys = new Map<string, Promise<CryptoKey>>();
/** JWT_SECRET as an HS256 key (at least 32 bytes), imported once per isolate. */
export function secretKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const bytes = new TextEncoder().encode(secret);
    if (bytes.byteLength < 32) throw new Error("JWT_SECRET must be at least 32 bytes (256 bits)");
    key = crypto.subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

/**
 * What a token is for: its audience and type (so a token of one purpose never passes as another's) and how
 * long it lives (jose's notation: "30d", "1h", "600s").
 */
export interface TokenPurpose {
  audience: string;
  typ: string;
  ttl: string;
}

/** Signs `payload` (with `subject` when given) as a token of `purpose`, HS256 with JWT_SECRET. */
export async function signPurposeToken(
  secret: string,
  purpose: TokenPurpose,
  payload: JWTPayload,
  subject?: string,
): Promise<string> {
  const jwt = new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: purpose.typ })
    .setIssuer(ISSUER)
    .setAudience(purpose.audience)
    .setIssuedAt()
    .setExpirationTime(purpose.ttl);
  return (subject === undefined ? jwt : jwt.setSubject(subject)).sign(await secretKey(secret));
}

/** The payload of a valid, unexpired token of `purpose`, or null for anything else (another purpose's). */
export async function verifyPurposeToken(
  secret: string,
  purpose: TokenPurpose,
  token: string,
): Promise<JWTPayload | null> {
  try {
    const { payload } = await jwtVerify(token, await secretKey(secret), {
      algorithms: ALGORITHMS,
      issuer: ISSUER,
      audience: purpose.audience,
      typ: purpose.typ,
      // A token without an expiry never ends: refused (jose checks `exp` only when it is there).
      requiredClaims: ["exp"],
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JOSEError) return null;
    throw error;
  }
}

const purposeOf = (kind: TokenKind): TokenPurpose => ({ audience: kind, ...tokenKinds[kind] });

export async function signToken(secret: string, kind: TokenKind, claims: SessionClaims): Promise<string> {
  const payload: JWTPayload = { cid: claims.clickid, sv: claims.sessionVersion };
  if (claims.email !== undefined) payload.em = claims.email;
  return signPurposeToken(secret, purposeOf(kind), payload, String(claims.accountId));
}

/**
 * Session tokens this isolate has verified, with their expiry (epoch seconds), per secret. A member's
 * client sends the same token with every request, and verifying it (decoding, HMAC, claims) was the largest
 * part of the dispenser's Worker CPU after the query. Only a token that passed every check is kept, under
 * its whole text, so a hit is the same bytes with the same signature; its expiry is checked again on every
 * hit. The account behind it is still checked on every request (liveSession): logout, a password change or
 * disabling refuse a kept token as they refuse a new one. Bounded: the oldest entry makes room.
 */
const verifiedSessions = new Map<string, Map<string, { claims: SessionClaims; exp: number }>>();
export const VERIFIED_SESSIONS_KEPT = 2_000;

function keptSession(secret: string, token: string): SessionClaims | null {
  const hit = verifiedSessions.get(secret)?.get(token);
  // jose's rule: a token is expired from its `exp` second on.
  if (!hit || hit.exp <= Math.floor(Date.now() / 1000)) return null;
  return { ...hit.claims };
}

function keepSession(secret: string, token: string, claims: SessionClaims, exp: number) {
  let kept = verifiedSessions.get(secret);
  if (!kept) {
    kept = new Map();
    verifiedSessions.set(secret, kept);
  }
  if (kept.size >= VERIFIED_SESSIONS_KEPT) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  kept.set(token, { claims: { ...claims }, exp });
}

/** Returns the claims of a valid token of the given kind, or null for anything else. */
export async function verifyToken(
  secret: string,
  kind: TokenKind,
  token: string,
): Promise<SessionClaims | null> {
  if (kind === "session") {
    const kept = keptSession(secret, token);
    if (kept) return kept;
  }
  const payload = await verifyPurposeToken(secret, purposeOf(kind), token);
  if (!payload) return null;
  const accountId = Number(payload.sub);
  if (!Number.isSafeInteger(accountId) || typeof payload.cid !== "string" || typeof payload.sv !== "number") {
    return null;
  }
  const claims: SessionClaims = { accountId, clickid: payload.cid, sessionVersion: payload.sv };
  if (typeof payload.em === "string") claims.email = payload.em;
  if (kind === "session" && typeof payload.exp === "number") keepSession(secret, token, claims, payload.exp);
  return claims;
}
