// Session tokens an isolate has verified are kept (the dispenser's hot path), but a kept token is never worth
// more than the token itself: it still expires, another secret does not accept it, and only valid ones are kept.
import { SignJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { secretKey, signToken, VERIFIED_SESSIONS_KEPT, verifyToken } from "../../worker/core/tokens";

const SECRET = "unit-secret-of-at-least-32-bytes-long!!";
const OTHER_SECRET = "another-secret-of-at-least-32-bytes-long";
const claims = { accountId: 42, clickid: "click-42", sessionVersion: 3 };

/** A session token as signToken makes one, but ending `seconds` from now. */
async function sessionEndingIn(seconds: number, secret = SECRET) {
  return new SignJWT({ cid: claims.clickid, sv: claims.sessionVersion })
    .setProtectedHeader({ alg: "HS256", typ: "session+jwt" })
    .setSubject(String(claims.accountId))
    .setIssuer("amore-chat")
    .setAudience("session")
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + seconds)
    .sign(await secretKey(secret));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("a verified session token", () => {
  it("gives the same claims every time it is shown", async () => {
    const token = await signToken(SECRET, "session", claims);
    expect(await verifyToken(SECRET, "session", token)).toEqual(claims);
    const again = await verifyToken(SECRET, "session", token);
    expect(again).toEqual(claims);
    // A caller changing its copy changes nothing for the next request.
    if (again) again.accountId = 7;
    expect(await verifyToken(SECRET, "session", token)).toEqual(claims);
  });

  it("is refused from its expiry on, although it was accepted before", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const token = await sessionEndingIn(60);
    expect(await verifyToken(SECRET, "session", token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 59_000);
    expect(await verifyToken(SECRET, "session", token)).toEqual(claims);
    vi.setSystemTime(Date.now() + 1_000);
    expect(await verifyToken(SECRET, "session", token)).toBeNull();
  });

  it("is refused under another secret, and for another kind of token", async () => {
    const token = await signToken(SECRET, "session", claims);
    expect(await verifyToken(SECRET, "session", token)).toEqual(claims);
    expect(await verifyToken(OTHER_SECRET, "session", token)).toBeNull();
    expect(await verifyToken(SECRET, "autologin", token)).toBeNull();
  });

  it("with a changed byte is refused, although the original was accepted", async () => {
    const token = await signToken(SECRET, "session", claims);
    expect(await verifyToken(SECRET, "session", token)).toEqual(claims);
    const signature = token.slice(token.lastIndexOf(".") + 1);
    const flipped = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(
      await verifyToken(SECRET, "session", `${token.slice(0, token.lastIndexOf(".") + 1)}${flipped}`),
    ).toBeNull();
  });

  it("an expired token is never accepted, kept or not", async () => {
    const token = await sessionEndingIn(-1);
    expect(await verifyToken(SECRET, "session", token)).toBeNull();
    expect(await verifyToken(SECRET, "session", token)).toBeNull();
  });

  it("stays accepted when more tokens than are kept pass through (the oldest are verified again)", async () => {
    const first = await signToken(SECRET, "session", claims);
    expect(await verifyToken(SECRET, "session", first)).toEqual(claims);
    for (let i = 0; i <= VERIFIED_SESSIONS_KEPT; i++) {
      const token = await signToken(SECRET, "session", { ...claims, accountId: 1000 + i });
      expect((await verifyToken(SECRET, "session", token))?.accountId).toBe(1000 + i);
    }
    expect(await verifyToken(SECRET, "session", first)).toEqual(claims);
  });
});
