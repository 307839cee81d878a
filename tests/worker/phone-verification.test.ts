// Phone verification by a one-time SMS code: step 1 sends a code and does not verify; only the
// right code within its 10 minutes and 5 tries verifies; an unverified member's chat stays refused until the
// code is entered. SMS go to the local outbox here (the tests' config has no Twilio account); the throttles
// and the one-number rule are in phone-limits.test.ts, the Twilio adapter in phone-sms.test.ts.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { phoneCodes } from "../../drizzle/schema/phone";
import { post, verify } from "../fixtures/auth";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts, lastSmsCode, uniqueMobile, verifiedMember } from "../fixtures/members";
import { account, codeRow, enterCode, otherThan, sendCode, sentAgo, spaced } from "../fixtures/phone";
import { openSocket } from "../fixtures/socket";

describe("step 1: the code is sent, the member is not verified yet", () => {
  it("sends a 6-digit code by SMS in the brand's language, answers its times and stores only its hash", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    const sent = await sendCode(member, spaced(phone));
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({
      result: "code_sent",
      phone,
      expiresInS: 600,
      resendInS: 60,
      triesLeft: 5,
    });
    const expiresIn = Date.parse(String(sent.json.expiresAt)) - Date.now();
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
    expect(Date.parse(String(sent.json.resendAt)) - Date.now()).toBeGreaterThan(50_000);
    expect(sent.json).not.toHaveProperty("user");

    const code = await lastSmsCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const row = await codeRow(member);
    expect(row?.phone).toBe(phone);
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);

    const after = await account(member.clickid);
    expect([after.verifiedUser, after.phone]).toEqual([false, null]);
    expect(((await verify(member.token)).user as { verifiedUser: boolean }).verifiedUser).toBe(false);
  });

  it("writes the SMS in each brand's language and names the brand", async () => {
    const cases = [
      {
        host: hosts.it,
        overrides: {},
        text: /^\d{6} è il tuo codice di verifica Amore Italia\. Vale 10 minuti\./,
      },
      {
        host: hosts.es,
        overrides: { region: "andalucia" },
        text: /^\d{6} es tu código de verificación de Amor España\. Es válido durante 10 minutos\./,
      },
      {
        host: hosts.en,
        overrides: { region: "london" },
        text: /^\d{6} is your LoveChat verification code\. It is valid for 10 minutes\./,
      },
    ];
    for (const { host, overrides, text } of cases) {
      const member = await createMember(overrides, host);
      const phone = uniqueMobile(host);
      expect((await sendCode(member, phone, host)).status).toBe(200);
      const outbox = await call(`/dev/outbox/sms.json?to=${encodeURIComponent(phone)}`, { host });
      const { messages } = (await outbox.json()) as { messages: { body: string; to: string }[] };
      expect(messages).toHaveLength(1);
      expect(messages[0]?.to).toBe(phone);
      expect(messages[0]?.body).toMatch(text);
    }
  });

  it("reads a national number by the brand's country and refuses what is not a mobile of the market", async () => {
    const spanish = await createMember({ region: "andalucia" }, hosts.es);
    const mobile = uniqueMobile(hosts.es);
    const national = `${mobile.slice(3, 6)} ${mobile.slice(6, 9)} ${mobile.slice(9)}`;
    // Answered in E.164, and as Spain writes it for the popup to show: "612 34 56 78".
    const spanishDisplay = `${mobile.slice(3, 6)} ${mobile.slice(6, 8)} ${mobile.slice(8, 10)} ${mobile.slice(10)}`;
    expect(await sendCode(spanish, national, hosts.es)).toMatchObject({
      status: 200,
      json: { phone: mobile, phoneDisplay: spanishDisplay },
    });
    // The English brand serves Ireland too: an Irish mobile written as the Irish write it.
    const english = await createMember({ region: "london" }, hosts.en);
    const line = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
    expect(await sendCode(english, `085 ${line.slice(0, 3)} ${line.slice(3)}`, hosts.en)).toMatchObject({
      status: 200,
      json: { phone: `+35385${line}`, phoneDisplay: `085 ${line.slice(0, 3)} ${line.slice(3)}` },
    });
    // Italy's and Britain's own grouping, whatever spacing the member typed.
    const italian = uniqueMobile();
    expect(await sendCode(await createMember(), italian.slice(3))).toMatchObject({
      status: 200,
      json: { phoneDisplay: `${italian.slice(3, 6)} ${italian.slice(6, 9)} ${italian.slice(9)}` },
    });
    const british = uniqueMobile(hosts.en);
    expect(
      await sendCode(await createMember({ region: "london" }, hosts.en), british, hosts.en),
    ).toMatchObject({
      status: 200,
      json: { phoneDisplay: `0${british.slice(3, 7)} ${british.slice(7)}` },
    });

    const member = await createMember();
    for (const phone of ["02 1234 5678", "+34 612 345 678", "hello…"]) {
      const refused = await sendCode(member, phone);
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatchObject({
        code: "invalid_input",
        field: "phone",
        messageKey: "errore_telefono",
      });
    }
    expect(await codeRow(member)).toBeUndefined();
  });

  it("refuses another member's clickid and a request without a session", async () => {
    const alice = await createMember();
    const bob = await createMember();
    const forged = await post(
      `/api/users/${alice.clickid}/phone`,
      { phone: uniqueMobile() },
      { token: bob.token },
    );
    expect(forged.status).toBe(403);
    const forgedCode = await post(
      `/api/users/${alice.clickid}/phone/verify`,
      { code: "123456" },
      { token: bob.token },
    );
    expect(forgedCode.status).toBe(403);
    expect((await post(`/api/users/${alice.clickid}/phone`, { phone: uniqueMobile() })).status).toBe(401);
    expect((await post(`/api/users/${alice.clickid}/phone/verify`, { code: "123456" })).status).toBe(401);
    expect((await account(alice.clickid)).verifiedUser).toBe(false);
  });
});

describe("step 2: only the right code verifies", () => {
  it("verifies with the right code, answers the member and stores the number", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    await sendCode(member, phone);
    const code = await lastSmsCode(phone);

    const wrong = await enterCode(member, otherThan(code));
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({
      code: "wrong_code",
      field: "code",
      messageKey: "errore_codice",
      triesLeft: 4,
    });
    expect((await account(member.clickid)).verifiedUser).toBe(false);

    const right = await enterCode(member, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(right.status).toBe(200);
    expect(right.json).toMatchObject({
      result: "OK",
      phone,
      user: { clickid: member.clickid, verifiedUser: true },
    });
    const row = await account(member.clickid);
    expect([row.phone, row.verifiedUser]).toEqual([phone, true]);
    expect(((await verify(member.token)).user as { verifiedUser: boolean }).verifiedUser).toBe(true);

    // The code is used up: it never verifies again.
    const again = await enterCode(member, code);
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({
      code: "code_used",
      field: "code",
      messageKey: "errore_codice_usato",
    });
    expect((await codeRow(member))?.attempts).toBe(2);
  });

  it("verifies once with one code: of two submits at the same time, one succeeds", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    await sendCode(member, phone);
    const code = await lastSmsCode(phone);
    const answers = await Promise.all([enterCode(member, code), enterCode(member, code)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.json.error).toMatchObject({
      code: "code_used",
      messageKey: "errore_codice_usato",
    });
    expect(await account(member.clickid)).toMatchObject({ phone, verifiedUser: true });
  });

  it("refuses a malformed code and a code never asked for", async () => {
    const member = await createMember();
    for (const code of ["12345", "1234567", "abcdef", ""]) {
      const refused = await enterCode(member, code);
      expect(refused.status).toBe(400);
      expect(refused.json.error).toMatchObject({ code: "invalid_input", field: "code" });
    }
    const none = await enterCode(member, "123456");
    expect(none.status).toBe(409);
    expect(none.json.error).toMatchObject({ code: "no_code", messageKey: "errore_codice_nessuno" });
  });

  it("ends the code at the 5th wrong try: the right one no longer verifies", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    await sendCode(member, phone);
    const code = await lastSmsCode(phone);
    const left: unknown[] = [];
    for (let i = 0; i < 4; i++) left.push((await enterCode(member, otherThan(code))).json.error);
    expect(left).toEqual(
      [4, 3, 2, 1].map((triesLeft) => expect.objectContaining({ code: "wrong_code", triesLeft })),
    );
    const fifth = await enterCode(member, otherThan(code));
    expect(fifth.status).toBe(429);
    expect(fifth.json.error).toMatchObject({
      code: "too_many_tries",
      messageKey: "errore_codice_tentativi",
      triesLeft: 0,
    });
    const late = await enterCode(member, code);
    expect(late.status).toBe(429);
    expect(late.json.error?.code).toBe("too_many_tries");
    expect((await account(member.clickid)).verifiedUser).toBe(false);
    expect((await codeRow(member))?.attempts).toBe(5);

    // A new code (after the minute between sends) has its 5 tries again.
    await sentAgo(member, phone, 61);
    expect((await sendCode(member, phone)).json.triesLeft).toBe(5);
    expect((await enterCode(member, await lastSmsCode(phone))).status).toBe(200);
  });

  it("counts concurrent tries atomically: never more than 5", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    await sendCode(member, phone);
    const code = await lastSmsCode(phone);
    const answers = await Promise.all(Array.from({ length: 12 }, () => enterCode(member, otherThan(code))));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([...Array(4).fill(400), ...Array(8).fill(429)]);
    const tries = answers.map((a) => a.json.error?.triesLeft).filter((n) => typeof n === "number" && n > 0);
    expect(tries.sort()).toEqual([1, 2, 3, 4]);
    expect((await codeRow(member))?.attempts).toBe(5);
    expect((await enterCode(member, code)).status).toBe(429);
    expect((await account(member.clickid)).verifiedUser).toBe(false);
  });

  it("refuses a code after its 10 minutes, and says so", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    await sendCode(member, phone);
    const code = await lastSmsCode(phone);
    const { id } = await account(member.clickid);
    // Nine minutes and a half later it still works (no try spent here); past ten it is expired.
    const row = await codeRow(member);
    expect(row && row.expiresAt.getTime() - Date.now()).toBeGreaterThan(9.5 * 60_000);
    await inDb((db) =>
      db
        .update(phoneCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(phoneCodes.accountId, id)),
    );
    const expired = await enterCode(member, code);
    expect(expired.status).toBe(410);
    expect(expired.json.error).toMatchObject({ code: "code_expired", messageKey: "errore_codice_scaduto" });
    expect((await account(member.clickid)).verifiedUser).toBe(false);
    expect((await codeRow(member))?.attempts).toBe(0);
  });
});

describe("an unverified member's chat", () => {
  it("stays refused after the code is sent and goes out once it is entered", async () => {
    const member = await createMember();
    const response = await openSocket(member.clickid, { token: member.token });
    const socket = response.socket;
    if (!socket) throw new Error(`socket refused: ${response.status}`);
    const phone = uniqueMobile();
    expect((await sendCode(member, phone)).status).toBe(200);
    socket.send({ event: "chat", data: { msg: "Ciao!", angelId: 1, clientId: "phone-code-chat-1" } });
    await socket.next(
      "error",
      (e) => e.data.code === "unverified" && e.data.clientId === "phone-code-chat-1",
    );
    socket.send({ event: "like", data: { angelId: 1, trackerId: member.clickid } });
    await socket.next("error", (e) => e.data.code === "unverified" && e.data.clientId === undefined);

    expect((await enterCode(member, await lastSmsCode(phone))).status).toBe(200);
    socket.send({ event: "chat", data: { msg: "Ciao!", angelId: 1, clientId: "phone-code-chat-2" } });
    const sent = await socket.next("chat", (e) => e.data.clientId === "phone-code-chat-2");
    expect(sent.data).toMatchObject({ type: "personal", msg: "Ciao!" });
    socket.close();
  });

  it("the fixtures' verified member went through the code", async () => {
    const member = await verifiedMember();
    const row = await account(member.clickid);
    expect(row.verifiedUser).toBe(true);
    expect(row.phone).toMatch(/^\+39347\d{7}$/);
    expect((await codeRow(member))?.verifiedAt).toBeInstanceOf(Date);
  });
});
