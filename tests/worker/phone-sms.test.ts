// The SMS of the phone code: through Twilio's Messages API (against the fake in tests/fakes/twilio.ts, with
// the documented form and Basic auth, its refusals mapped to clean errors), the local outbox and its pages,
// production without a provider refusing, and neither the code nor the number in any log line.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { smsOutbox } from "../../drizzle/schema/phone";
import { createApp } from "../../worker/app";
import { parseConfig } from "../../worker/config";
import { twilioSender } from "../../worker/sms/twilio";
import { inDb } from "../fixtures/db";
import {
  call,
  createMember,
  lastSmsCode,
  randomIp,
  type TestMember,
  uniqueMobile,
} from "../fixtures/members";
import { account, enterCode, sendCode } from "../fixtures/phone";

const fake = z
  .object({
    FAKE_TWILIO_URL: z.string().url(),
    FAKE_TWILIO_SID: z.string().startsWith("AC"),
    FAKE_TWILIO_TOKEN: z.string().min(1),
    FAKE_TWILIO_REFUSED_SUFFIX: z.string().min(1),
    FAKE_TWILIO_SLOW_SUFFIX: z.string().min(1),
  })
  .parse(env);

const SENDER = "+15005550006";
const twilio = {
  TWILIO_ACCOUNT_SID: fake.FAKE_TWILIO_SID,
  TWILIO_AUTH_TOKEN: fake.FAKE_TWILIO_TOKEN,
  TWILIO_FROM: SENDER,
  TWILIO_API_BASE: fake.FAKE_TWILIO_URL,
};

/** The Worker with other vars than the tests' defaults (a Twilio account, production). */
async function callWith(
  vars: Record<string, string>,
  member: TestMember,
  phone: string,
  host = "it.localhost",
) {
  const ctx = createExecutionContext();
  const response = await createApp().fetch(
    new Request(`http://${host}/api/users/${member.clickid}/phone`, {
      method: "POST",
      headers: {
        host,
        authorization: `Bearer ${member.token}`,
        "content-type": "application/json",
        // A client of its own, as every test's: the codes per network are counted by this address.
        "cf-connecting-ip": randomIp(),
      },
      body: JSON.stringify({ phone }),
    }),
    { ...env, ...vars },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return { status: response.status, json: (await response.json()) as { error?: Record<string, unknown> } };
}

interface FakeRequest {
  accountSid: string;
  credentials: string;
  contentType: string;
  fields: Record<string, string>;
  status: number;
}
async function twilioReceived(to: string): Promise<FakeRequest[]> {
  const response = await fetch(`${fake.FAKE_TWILIO_URL}/__fake/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { requests: FakeRequest[] }).requests;
}
const keptFor = (to: string) => inDb((db) => db.select().from(smsOutbox).where(eq(smsOutbox.to, to)));
/** A mobile number of the Italian market that ends with `suffix` (the fake's refused or slow numbers). */
const mobileEnding = (suffix: string) => `${uniqueMobile().slice(0, -suffix.length)}${suffix}`;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("Twilio's Messages API", () => {
  it("gets the code with the documented form fields and Basic auth, and only that code verifies", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    const sent = await callWith(twilio, member, phone);
    expect(sent.status).toBe(200);
    const [request, ...more] = await twilioReceived(phone);
    expect(more).toEqual([]);
    expect(request).toMatchObject({
      accountSid: fake.FAKE_TWILIO_SID,
      credentials: `${fake.FAKE_TWILIO_SID}:${fake.FAKE_TWILIO_TOKEN}`,
      contentType: expect.stringMatching(/^application\/x-www-form-urlencoded/),
      status: 201,
    });
    expect(Object.keys(request?.fields ?? {}).sort()).toEqual(["Body", "From", "To"]);
    expect(request?.fields).toMatchObject({ To: phone, From: SENDER });
    expect(request?.fields.Body).toMatch(/^\d{6} è il tuo codice di verifica Amore Italia\./);
    expect(await keptFor(phone)).toEqual([]);

    const code = /^(\d{6})/.exec(request?.fields.Body ?? "")?.[1] ?? "";
    expect((await account(member.clickid)).verifiedUser).toBe(false);
    expect((await enterCode(member, code)).status).toBe(200);
    expect((await account(member.clickid)).phone).toBe(phone);
  });

  it("sends through a Messaging Service when one is configured", async () => {
    const service = `MG${"0123456789abcdef".repeat(2)}`;
    const { TWILIO_FROM: _, ...withoutFrom } = twilio;
    const phone = uniqueMobile();
    const sent = await callWith(
      { ...withoutFrom, TWILIO_MESSAGING_SERVICE_SID: service },
      await createMember(),
      phone,
    );
    expect(sent.status).toBe(200);
    const [request] = await twilioReceived(phone);
    expect(request?.fields).toMatchObject({ To: phone, MessagingServiceSid: service });
    expect(request?.fields).not.toHaveProperty("From");
  });

  it("answers sms_failed when Twilio refuses the credentials or does not answer in time", async () => {
    const refusedAuth = await callWith(
      { ...twilio, TWILIO_AUTH_TOKEN: "wrong" },
      await createMember(),
      uniqueMobile(),
    );
    expect(refusedAuth.status).toBe(502);
    expect(refusedAuth.json.error).toMatchObject({ code: "sms_failed", messageKey: "errore_sms_invio" });

    const started = Date.now();
    const slow = await callWith(
      { ...twilio, TWILIO_TIMEOUT_MS: "300" },
      await createMember(),
      mobileEnding(fake.FAKE_TWILIO_SLOW_SUFFIX),
    );
    expect(slow.status).toBe(502);
    expect(slow.json.error).toMatchObject({ code: "sms_failed" });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it("answers errore_telefono when Twilio says the number cannot get a text", async () => {
    const member = await createMember();
    const refused = await callWith(twilio, member, mobileEnding(fake.FAKE_TWILIO_REFUSED_SUFFIX));
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: "invalid_input",
      field: "phone",
      messageKey: "errore_telefono",
    });
    expect((await account(member.clickid)).verifiedUser).toBe(false);
  });

  it("maps the fake's documented errors in the adapter: 400 21211 is the number, 401 is ours", async () => {
    const config = parseConfig({ ...env, ...twilio }).twilio;
    if (!config) throw new Error("Twilio not configured");
    await expect(twilioSender(config).send({ to: "+12", body: "x" })).rejects.toMatchObject({
      name: "SmsError",
      reason: "rejected_number",
    });
    await expect(
      twilioSender({ ...config, authToken: "wrong" }).send({ to: uniqueMobile(), body: "x" }),
    ).rejects.toMatchObject({ reason: "refused" });
    await expect(
      twilioSender({ ...config, apiBase: "http://127.0.0.1:9" }).send({ to: uniqueMobile(), body: "x" }),
    ).rejects.toMatchObject({ reason: "unreachable" });
    const receipt = await twilioSender(config).send({ to: uniqueMobile(), body: "Ciao" });
    expect(receipt).toMatchObject({ provider: "twilio", id: expect.stringMatching(/^SM[0-9a-f]{32}$/) });
  });
});

describe("without a provider", () => {
  it("refuses in production rather than pretending: nothing is kept, the member is not verified", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    const refused = await callWith({ APP_ENV: "production" }, member, phone, "amoreitalia.example");
    expect(refused.status).toBe(503);
    expect(refused.json.error).toMatchObject({ code: "sms_unavailable", messageKey: "errore_sms_invio" });
    expect(await keptFor(phone)).toEqual([]);
    expect((await account(member.clickid)).verifiedUser).toBe(false);
  });

  it("keeps the SMS locally, shown at /dev/outbox beside the mails and as JSON by number", async () => {
    const member = await createMember();
    const phone = uniqueMobile();
    expect((await sendCode(member, phone)).status).toBe(200);
    const code = await lastSmsCode(phone);
    // A "+" typed into the address bar arrives as a space: the number is found either way.
    const json = await call(`/dev/outbox/sms.json?to=${phone}`);
    const { messages } = (await json.json()) as { messages: { to: string; body: string; brandId: string }[] };
    expect(messages).toEqual([expect.objectContaining({ to: phone, brandId: "amoreitalia" })]);
    const page = await call("/dev/outbox");
    const html = await page.text();
    expect(html).toContain("Text messages");
    expect(html).toContain(phone);
    expect(html).toContain(`${code} è il tuo codice di verifica Amore Italia`);

    for (const path of ["/dev/outbox", "/dev/outbox/sms.json"]) {
      const ctx = createExecutionContext();
      const response = await createApp().fetch(
        new Request(`http://amoreitalia.example${path}`, { headers: { host: "amoreitalia.example" } }),
        { ...env, APP_ENV: "production" },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.status).toBe(404);
    }
  });
});

describe("the logs", () => {
  it("never carry the code or the number", async () => {
    const lines: string[] = [];
    for (const method of ["log", "warn", "error", "info"] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    }
    const member = await createMember();
    const phone = uniqueMobile();
    await callWith(twilio, member, phone);
    const [request] = await twilioReceived(phone);
    const code = /^(\d{6})/.exec(request?.fields.Body ?? "")?.[1] ?? "";
    await enterCode(member, String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await enterCode(member, code);
    await callWith({ ...twilio, TWILIO_AUTH_TOKEN: "wrong" }, await createMember(), uniqueMobile());
    expect(lines.some((l) => l.includes("phone.code_sent"))).toBe(true);
    expect(lines.some((l) => l.includes("sms.twilio_refused"))).toBe(true);
    expect(lines.filter((l) => l.includes(code) || l.includes(phone) || l.includes(phone.slice(1)))).toEqual(
      [],
    );
  });
});
