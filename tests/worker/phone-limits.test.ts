// The limits of the phone code: one code a minute and 5 an hour per account and per number, the typed config's
// codes an hour per network (an IPv4 /24, an IPv6 /48) whichever accounts ask, and one phone number verifies
// one account per brand (checked by the routes and held by a unique index).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { phoneCodes, phoneNumberSends } from "../../drizzle/schema/phone";
import { post } from "../fixtures/auth";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, lastSmsCode, type TestMember, uniqueMobile } from "../fixtures/members";
import { account, codeRow, enterCode, sendCode, sentAgo } from "../fixtures/phone";

describe("sends are throttled", () => {
  it("allows one code a minute per account, and a new code replaces the old one", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    expect((await sendCode(member, phone)).status).toBe(200);
    const first = await lastSmsCode(phone);

    // Another number does not get round the account's minute.
    const again = await sendCode(member, uniqueMobile());
    expect(again.status).toBe(429);
    expect(again.json.error).toMatchObject({ code: "resend_throttled", messageKey: "errore_sms_attesa" });
    expect(again.json.error?.retryAfterS).toBeGreaterThan(50);
    expect(again.json.error?.retryAfterS).toBeLessThanOrEqual(60);
    const raw = await call(`/api/users/${member.clickid}/phone`, {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ phone }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get("retry-after"))).toBeGreaterThan(50);

    await sentAgo(member, phone, 61);
    expect((await sendCode(member, phone)).status).toBe(200);
    const second = await lastSmsCode(phone);
    if (second !== first) {
      expect((await enterCode(member, first)).json.error).toMatchObject({ code: "wrong_code", triesLeft: 4 });
    }
    expect((await enterCode(member, second)).status).toBe(200);
  });

  it("allows 5 codes an hour per account, then answers when the hour ends", async () => {
    const member = await createMember();
    const phones = Array.from({ length: 6 }, () => uniqueMobile());
    for (const phone of phones.slice(0, 5)) {
      expect((await sendCode(member, phone)).status).toBe(200);
      await sentAgo(member, phone, 61);
    }
    const sixth = await sendCode(member, phones[5] ?? "");
    expect(sixth.status).toBe(429);
    // The hour's window started with the first send, seconds ago: most of the hour is left.
    expect(sixth.json.error?.retryAfterS).toBeGreaterThan(30 * 60);
    expect(sixth.json.error?.retryAfterS).toBeLessThanOrEqual(60 * 60);
    const { id } = await account(member.clickid);
    await inDb((db) =>
      db
        .update(phoneCodes)
        .set({ windowStartedAt: sql`now() - interval '61 minutes'` })
        .where(eq(phoneCodes.accountId, id)),
    );
    expect((await sendCode(member, phones[5] ?? "")).status).toBe(200);
  });

  it("allows one code a minute and 5 an hour per number, whichever account asks", async () => {
    const phone = uniqueMobile();
    const first = await createMember();
    expect((await sendCode(first, phone)).status).toBe(200);
    const other = await createMember();
    const refused = await sendCode(other, phone);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe("resend_throttled");
    expect(await codeRow(other)).toBeUndefined();

    await inDb((db) =>
      db
        .update(phoneNumberSends)
        .set({ sendsInWindow: 5, sentAt: sql`now() - interval '2 minutes'` })
        .where(eq(phoneNumberSends.phone, phone)),
    );
    const capped = await sendCode(await createMember(), phone);
    expect(capped.status).toBe(429);
    expect(capped.json.error?.retryAfterS).toBeGreaterThan(55 * 60);
  });
});

describe("sends are limited per network", () => {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  /** A code asked for from one client address (CF-Connecting-IP), as the edge reports it. */
  const sendFrom = (member: TestMember, phone: string, ip: string) =>
    post(`/api/users/${member.clickid}/phone`, { phone }, { token: member.token, ip });
  const smsTo = async (phone: string) =>
    ((await (await call(`/dev/outbox/sms.json?to=${encodeURIComponent(phone)}`)).json()) as { messages: [] })
      .messages;

  /** Sends the network's share of codes, each from a new account at another address of the network. */
  async function fillNetwork(addressOf: (i: number) => string) {
    for (let i = 0; i < testConfig.phoneCodesPerNetwork.limit; i++) {
      expect((await sendFrom(await createMember(), uniqueMobile(), addressOf(i))).status).toBe(200);
    }
  }

  it("allows the config's codes an hour from one IPv4 /24 through any accounts, then says how long to wait", async () => {
    const network = `10.${octet()}.${octet()}`;
    await fillNetwork((i) => `${network}.${i + 1}`);

    const member = await createMember();
    const phone = uniqueMobile();
    const refused = await call(`/api/users/${member.clickid}/phone`, {
      method: "POST",
      token: member.token,
      ip: `${network}.251`,
      body: JSON.stringify({ phone }),
    });
    expect(refused.status).toBe(429);
    const { error } = (await refused.json()) as { error: Record<string, unknown> };
    expect(error).toMatchObject({ code: "network_throttled", field: "phone", messageKey: "errore_sms_rete" });
    // The window started with the network's first code, seconds ago.
    expect(error.retryAfterS).toBeGreaterThan(55 * 60);
    expect(error.retryAfterS).toBeLessThanOrEqual(60 * 60);
    expect(refused.headers.get("retry-after")).toBe(String(error.retryAfterS));
    // Nothing went out, and the account's own minute is not spent: another network may ask at once.
    expect(await smsTo(phone)).toEqual([]);
    expect(await codeRow(member)).toBeUndefined();
    expect((await sendFrom(member, phone, `10.${octet()}.${octet()}.9`)).status).toBe(200);
  });

  it("counts an IPv6 /48 as one network, whichever /64 the accounts ask from", async () => {
    const network = `2001:db8:${octet().toString(16)}${octet().toString(16)}`;
    await fillNetwork((i) => `${network}:${(i + 1).toString(16)}::1`);
    const refused = await sendFrom(await createMember(), uniqueMobile(), `${network}:ffff::2`);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe("network_throttled");
    const elsewhere = `2001:db8:${octet().toString(16)}${octet().toString(16)}:1::1`;
    expect((await sendFrom(await createMember(), uniqueMobile(), elsewhere)).status).toBe(200);
  });
});

describe("one phone number verifies one account per brand", () => {
  it("refuses a number that verifies another account of the brand, at either step", async () => {
    const phone = uniqueMobile();
    const [owner, late, racer] = [await createMember(), await createMember(), await createMember()];
    // Two members ask for codes to the same number before either has entered one.
    await sendCode(racer, phone);
    const racerCode = await lastSmsCode(phone);
    await inDb((db) =>
      db
        .update(phoneNumberSends)
        .set({ sentAt: sql`now() - interval '61 seconds'` })
        .where(eq(phoneNumberSends.phone, phone)),
    );
    await sendCode(owner, phone);
    expect((await enterCode(owner, await lastSmsCode(phone))).status).toBe(200);

    const taken = await sendCode(late, phone);
    expect(taken.status).toBe(409);
    expect(taken.json.error).toMatchObject({
      code: "phone_taken",
      field: "phone",
      messageKey: "errore_telefono_usato",
    });
    const lost = await enterCode(racer, racerCode);
    expect(lost.status).toBe(409);
    expect(lost.json.error).toMatchObject({ code: "phone_taken", messageKey: "errore_telefono_usato" });
    expect((await account(racer.clickid)).verifiedUser).toBe(false);

    // The database holds the rule whatever the route does (a unique index on brand and number).
    await expect(
      inDb((db) => db.update(accounts).set({ phone }).where(eq(accounts.clickid, late.clickid))),
    ).rejects.toThrow();
  });
});
