// Sessions end everywhere: the room socket checks a token with the same rules as HTTP (session
// version, disabled account, token kind, brand, expiry), and logout, a new password and disabling close the
// member's open sockets. A session of one brand is nobody on another brand's host.
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { signToken } from "../../worker/core/tokens";
import { signOperatorToken, verifyOperatorToken } from "../../worker/ops/ops-token";
import { account, lastMail, post } from "../fixtures/auth";
import { testConfig } from "../fixtures/config";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";
import { connect, openSocket, type TestSocket } from "../fixtures/socket";

const closeCode = (socket: TestSocket) =>
  new Promise<number>((resolve) => socket.ws.addEventListener("close", (e) => resolve(e.code)));

const socketStatus = async (member: TestMember, token = member.token, host: string = hosts.it) =>
  (await openSocket(member.clickid, { token }, host)).status;

/** A session token of the member as the server signs them, but without an expiry. */
async function tokenWithoutExpiry(member: TestMember) {
  const row = await account(member.clickid);
  return new SignJWT({ cid: member.clickid, sv: row?.sessionVersion ?? 1 })
    .setProtectedHeader({ alg: "HS256", typ: "session+jwt" })
    .setSubject(String(row?.id))
    .setIssuer("amore-chat")
    .setAudience("session")
    .setIssuedAt()
    .sign(new TextEncoder().encode(testConfig.jwtSecret));
}

describe("the room socket's token check", () => {
  it("takes a live session token of the room's member on the member's brand", async () => {
    const member = await createMember();
    expect(await socketStatus(member)).toBe(101);
  });

  it("refuses a token whose session ended, a disabled account's, another kind's, another brand's", async () => {
    const member = await createMember();
    const row = await account(member.clickid);
    // A link token (auto-login) of the member is no session.
    const link = await signToken(testConfig.jwtSecret, "autologin", {
      accountId: row?.id ?? 0,
      clickid: member.clickid,
      sessionVersion: row?.credentialsVersion ?? 1,
    });
    expect(await socketStatus(member, link)).toBe(401);
    // The member's session on another brand's host.
    expect(await socketStatus(member, member.token, hosts.es)).toBe(401);
    // After logout.
    expect((await post("/users/logout", {}, { token: member.token })).status).toBe(200);
    expect(await socketStatus(member)).toBe(401);

    const disabled = await createMember();
    await post("/users/disableProfile", { clickid: disabled.clickid }, { token: disabled.token });
    expect(await socketStatus(disabled)).toBe(401);
  });

  it("refuses a token without an expiry, over HTTP and on the socket", async () => {
    const member = await createMember();
    const forever = await tokenWithoutExpiry(member);
    expect(await socketStatus(member, forever)).toBe(401);
    expect((await call(`/api/get/all/${member.clickid}`, { token: forever })).status).toBe(401);
    expect((await post("/users/verify", { token: forever })).json).toMatchObject({ verify: 0 });
    const operator = await new SignJWT({ sv: 1 })
      .setProtectedHeader({ alg: "HS256", typ: "ops+jwt" })
      .setSubject("1")
      .setIssuer("amore-chat")
      .setAudience("ops")
      .sign(new TextEncoder().encode(testConfig.jwtSecret));
    expect(await verifyOperatorToken(testConfig.jwtSecret, operator)).toBeNull();
    expect((await call("/ops/api/me", { token: operator })).status).toBe(401);
    // The same claims with an expiry pass: the refusal above is the missing expiry's.
    const valid = await signOperatorToken(testConfig.jwtSecret, { operatorId: 1, sessionVersion: 1 });
    expect(await verifyOperatorToken(testConfig.jwtSecret, valid)).toMatchObject({ operatorId: 1 });
  });
});

describe("sessions that end close the member's sockets", () => {
  it("logout tells every tab to reload and closes them; they cannot come back", async () => {
    const member = await createMember();
    const [tabA, tabB] = [await connect(member), await connect(member)];
    const closed = [closeCode(tabA), closeCode(tabB)];
    expect((await post("/users/logout", {}, { token: member.token })).status).toBe(200);
    for (const tab of [tabA, tabB]) expect((await tab.next("restart")).data.reason).toBe("logout");
    expect(await Promise.all(closed)).toEqual([4001, 4001]);
    expect(await socketStatus(member)).toBe(401);
  });

  it("a new password through the reset link closes the sockets of every earlier session", async () => {
    const member = await createMember();
    const tab = await connect(member);
    const closed = closeCode(tab);
    await post("/users/getTokenForReset", { email: member.email });
    const reset = (await lastMail(member.email)).url.searchParams;
    const done = await post("/users/changePassword", {
      token: reset.get("token"),
      email: reset.get("email"),
      password: "a-brand-new-password",
    });
    expect(done.status).toBe(200);
    expect((await tab.next("restart")).data.reason).toBe("password_changed");
    expect(await closed).toBe(4001);
    expect(await socketStatus(member)).toBe(401);
  });

  it("disabling the profile closes the sockets too", async () => {
    const member = await createMember();
    const tab = await connect(member);
    const closed = closeCode(tab);
    await post("/users/disableProfile", { clickid: member.clickid }, { token: member.token });
    expect((await tab.next("restart")).data.reason).toBe("account_disabled");
    expect(await closed).toBe(4001);
  });
});

describe("a session belongs to its brand", () => {
  it("is refused on another brand's host by the API and the dispenser", async () => {
    const member = await createMember();
    const own = await call(`/api/get/all/${member.clickid}`, { token: member.token });
    expect(own.status).toBe(200);
    const elsewhere = await call(`/api/get/all/${member.clickid}`, { token: member.token, host: hosts.en });
    expect(elsewhere.status).toBe(401);
    const dispenser = await call("/dispenser", {
      method: "POST",
      host: hosts.en,
      token: member.token,
      body: JSON.stringify({ country: "en", page: 1, region: "london" }),
    });
    expect(dispenser.status).toBe(401);
  });
});
