import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { mailOutbox } from "../../drizzle/schema/mail";
import { events } from "../../drizzle/schema/tracking";
import { decodeLinkParam } from "../../worker/contracts/auth";
import { signToken } from "../../worker/core/tokens";
import { account, lastMail, login, post, verify } from "../fixtures/auth";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { createMember, signupBody } from "../fixtures/members";

const mailsTo = (to: string) =>
  inDb(async (db) => (await db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = ${to}`)).length);

describe("forgot and reset password", () => {
  it("says utente_inesistente for an unknown address and sends nothing", async () => {
    const { status, json } = await post("/users/getTokenForReset", { email: "ghost@example.com" });
    expect(status).toBe(404);
    expect(json.error?.messageKey).toBe("utente_inesistente");
    expect(await mailsTo("ghost@example.com")).toBe(0);
  });

  it("mails a single-use link that sets the password and ends earlier sessions", async () => {
    const member = await createMember();
    expect((await post("/users/getTokenForReset", { email: member.email })).json).toEqual({ result: "OK" });
    const mail = await lastMail(member.email);
    expect(mail.template).toBe("reset_password");
    expect(mail.url.pathname).toBe("/resetPassword");
    const token = mail.url.searchParams.get("token") ?? "";
    const email = mail.url.searchParams.get("email") ?? "";
    expect(email).toBe(member.email);

    // The reset link is no session, and a session token is no reset link.
    expect(await verify(token)).toMatchObject({ verify: 0 });
    const withSession = await post("/users/changePassword", {
      token: member.token,
      email,
      password: "x-new-pass",
    });
    expect(withSession.json.error?.code).toBe("token_expired");
    expect((await post("/users/changePassword", { token, email, password: "short" })).status).toBe(400);

    const done = await post("/users/changePassword", { token, email, password: "brand-new-password" });
    expect(done.json).toEqual({ result: "OK", user: { clickid: member.clickid } });
    expect(await verify(member.token)).toMatchObject({ verify: 0 });
    expect((await login(member.email, "a-good-password")).status).toBe(401);
    expect((await login(member.email, "brand-new-password")).status).toBe(200);

    const again = await post("/users/changePassword", { token, email, password: "third-password" });
    expect(again.status).toBe(400);
    expect(again.json.error?.messageKey).toBe("token_expired");
    expect((await login(member.email, "brand-new-password")).status).toBe(200);
  });
});

describe("double opt-in", () => {
  it("mails the activation link, which confirms the address and logs in", async () => {
    const member = await createMember({ fluxId: "0000" });
    expect((await account(member.clickid))?.confirmedEmail).toBe(false);
    const mail = await lastMail(member.email);
    expect(mail.template).toBe("activation");
    expect(mail.url.pathname).toBe("/confirmEmail");
    const token = mail.url.searchParams.get("token") ?? "";
    expect(await verify(token)).toMatchObject({ verify: 0 });
    // Logging out first does not spoil the link in the mailbox.
    await post("/users/logout", {}, { token: member.token });
    const { status, json } = await post("/users/confirmEmail", { token });
    expect(status).toBe(200);
    expect(json).toMatchObject({ clickid: member.clickid, confirmed_email: true });
    expect(await verify(json.token as string)).toMatchObject({ verify: 1, confirmed_email: true });
  });

  it("answers 1009 to a second sign-up while the activation mail may still arrive", async () => {
    const member = await createMember({ fluxId: "0000" });
    const again = await post("/users/register", signupBody({ email: member.email, fluxId: "0000" }));
    expect(again.json.error?.code).toBe("1009");
    // It says when the page may offer to send the mail again (5 minutes after the first).
    expect(again.json.error?.retryAfterS).toBeGreaterThan(290);
    expect(again.json.error?.retryAfterS).toBeLessThanOrEqual(300);
    await inDb((db) =>
      db.update(accounts).set({ confirmedEmail: true }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await post("/users/register", signupBody({ email: member.email }))).json.error?.code).toBe(
      "1000",
    );
  });

  it("sends the activation again to an address without a session: after 5 minutes, limited per network", async () => {
    const member = await createMember({ fluxId: "0000" });
    const ip = "10.9.8.7";
    const resendTo = (email: string) => post("/users/resendActivationMail", { email }, { ip });
    const early = await resendTo(member.email.toUpperCase());
    expect(early.status).toBe(409);
    expect(early.json.error).toMatchObject({ code: "1009", retryAfterS: expect.any(Number) });
    expect(await mailsTo(member.email)).toBe(1);
    await inDb((db) =>
      db.execute(sql`update mail_sent set sent_at = now() - interval '6 minutes'
        where account_id = (select id from accounts where clickid = ${member.clickid})`),
    );
    expect((await resendTo(member.email)).json).toEqual({ result: "OK" });
    expect((await lastMail(member.email)).url.pathname).toBe("/confirmEmail");
    expect(await mailsTo(member.email)).toBe(2);
    expect((await resendTo("nobody-here@example.com")).json.error?.messageKey).toBe("utente_inesistente");
    expect((await post("/users/resendActivationMail", { email: "" })).status).toBe(400);
    // Ten requests an hour from one network, whatever the addresses.
    for (let i = 3; i < 10; i++) await resendTo(`nobody-${i}@example.com`);
    const throttled = await resendTo(member.email);
    expect(throttled.status).toBe(429);
    expect(throttled.json.error?.messageKey).toBe("troppi_tentativi");
  });

  it("sends the activation again only after 5 minutes, and never for a confirmed address", async () => {
    const member = await createMember({ fluxId: "0000" });
    const resend = () => post("/users/resendActivation", {}, { token: member.token });
    expect((await resend()).json.error?.code).toBe("1009");
    await inDb((db) =>
      db.execute(sql`update mail_sent set sent_at = now() - interval '6 minutes'
        where account_id = (select id from accounts where clickid = ${member.clickid})`),
    );
    expect((await resend()).json).toEqual({ result: "OK" });
    expect(await mailsTo(member.email)).toBe(2);
    await inDb((db) =>
      db.update(accounts).set({ confirmedEmail: true }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await resend()).json.error?.code).toBe("already_confirmed");
  });

  it("changes the address only to a new, valid, free one and resends the activation", async () => {
    const member = await createMember({ fluxId: "0000" });
    const other = await createMember();
    const oldLink = (await lastMail(member.email)).url.searchParams.get("token") ?? "";
    const change = (newEmail: string) =>
      post("/users/changeEmail", { oldEmail: member.email, newEmail }, { token: member.token });

    expect((await change("")).json.error?.messageKey).toBe("errore_email");
    expect((await change("not-an-address")).json.error?.messageKey).toBe("errore_email");
    expect((await change(` ${member.email.toUpperCase()} `)).json.error?.messageKey).toBe(
      "errore_stessa_mail",
    );
    const taken = await change(other.email);
    expect(taken.status).toBe(409);
    expect(taken.json.error?.messageKey).toBe("email_esistente");
    expect((await account(member.clickid))?.email).toBe(member.email);

    const fresh = `changed.${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await change(fresh)).json).toEqual({ result: "OK", user: { email: fresh, valid_email: true } });
    expect((await account(member.clickid))?.email).toBe(fresh);
    expect((await lastMail(fresh)).template).toBe("activation");
    // The link sent to the old address cannot confirm the new one.
    expect((await post("/users/confirmEmail", { token: oldLink })).json.error?.code).toBe("token_expired");
    expect((await post("/users/changeEmail", { oldEmail: fresh, newEmail: "x@example.com" })).status).toBe(
      401,
    );
  });
});

describe("auto-login links", () => {
  it("logs in from the welcome mail and records the click", async () => {
    const member = await createMember();
    const mail = await lastMail(member.email);
    expect(mail.template).toBe("welcome");
    expect(mail.url.pathname).toBe("/autologin");
    expect(atob(decodeLinkParam(mail.url.searchParams.get("red") ?? ""))).toBe("/find");
    expect(mail.url.searchParams.get("clickid")).toBe(member.clickid);
    const token = mail.url.searchParams.get("token") ?? "";
    expect(await verify(token)).toMatchObject({ verify: 0 });

    const { status, json } = await post("/users/autoLogin", { token, channel: "email" });
    expect(status).toBe(200);
    expect(json.clickid).toBe(member.clickid);
    const row = await account(member.clickid);
    const clicks = await inDb((db) =>
      db
        .select()
        .from(events)
        .where(eq(events.accountId, row?.id ?? 0)),
    );
    expect(clicks.map((e) => e.type)).toEqual(["click_mail"]);
  });

  it("survives a logout but not a password change; refuses session and tampered tokens", async () => {
    const member = await createMember();
    const row = await account(member.clickid);
    const link = await signToken(testConfig.jwtSecret, "autologin", {
      accountId: row?.id ?? 0,
      clickid: member.clickid,
      sessionVersion: row?.credentialsVersion ?? 0,
    });
    expect((await post("/users/autoLogin", { token: member.token })).json.error?.code).toBe("token_expired");
    expect((await post("/users/autoLogin", { token: `${link}x` })).json.error?.code).toBe("token_expired");
    await post("/users/logout", {}, { token: member.token });
    expect((await post("/users/autoLogin", { token: link })).status).toBe(200);
    await post("/users/getTokenForReset", { email: member.email });
    const reset = (await lastMail(member.email)).url.searchParams;
    await post("/users/changePassword", {
      token: reset.get("token"),
      email: reset.get("email"),
      password: "changed-password",
    });
    expect((await post("/users/autoLogin", { token: link })).json.error?.code).toBe("token_expired");
  });
});
