import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { mailSent, mailSuppressions } from "../../drizzle/schema/mail";
import { createApp } from "../../worker/app";
import type { Brand } from "../../worker/brands/brand";
import type { Config } from "../../worker/config";
import { type Locale, locales } from "../../worker/contracts/locales";
import { type OutgoingMail, sendMail } from "../../worker/mail/mail.service";
import { type MailTemplate, mailTemplates, renderMail } from "../../worker/mail/templates";
import { testBrands, testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts } from "../fixtures/members";

const testEnv = z
  .object({
    FAKE_MAILGUN_URL: z.string().url(),
    FAKE_MAILGUN_KEY: z.string().min(1),
    MAILGUN_WEBHOOK_SIGNING_KEY: z.string().min(1),
  })
  .parse(env);

const mailgun = {
  apiKey: testEnv.FAKE_MAILGUN_KEY,
  domain: "mg.amoreitalia.example",
  apiBase: testEnv.FAKE_MAILGUN_URL,
};
const mailgunConfig: Config = { ...testConfig, mailgun };

const uniqueAddress = (tag: string) => `${tag}.${crypto.randomUUID().slice(0, 8)}@example.com`;

const send = (mail: OutgoingMail, opts: { config?: Config; brand?: Brand } = {}) =>
  inDb((db) =>
    sendMail({ config: opts.config ?? testConfig, db, brand: opts.brand ?? testBrands.amoreitalia }, mail),
  );

interface OutboxMessage {
  id: number;
  brandId: string;
  template: string;
  language: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
}

async function outbox(to?: string): Promise<OutboxMessage[]> {
  const response = await call(`/dev/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ""}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

interface FakeMessage {
  id: string;
  domain: string;
  contentType: string;
  fields: Record<string, string[]>;
}

async function mailgunReceived(to: string): Promise<FakeMessage[]> {
  const response = await fetch(`${testEnv.FAKE_MAILGUN_URL}/__fake/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: FakeMessage[] }).messages;
}

/** What every language must say in each mail (a phrase a translator would recognise). */
const phrases: Record<MailTemplate, Record<Locale, string[]>> = {
  activation: {
    it: ["Conferma", "indirizzo e-mail"],
    en: ["Confirm", "e-mail address"],
    es: ["Confirma", "correo electrónico"],
    fr: ["Confirmez", "adresse e-mail"],
  },
  reset_password: {
    it: ["password", "un’ora", "una sola volta", "ignora questa e-mail"],
    en: ["password", "one hour", "only once", "ignore this e-mail"],
    es: ["contraseña", "una hora", "una vez", "ignora este correo"],
    fr: ["mot de passe", "une heure", "une seule fois", "ignorez cet e-mail"],
  },
  welcome: {
    it: ["benvenuto"],
    en: ["Welcome"],
    es: ["bienvenida"],
    fr: ["Bienvenue"],
  },
};
const fictional: Record<Locale, string> = {
  it: "sono fittizi e gestiti da operatori",
  en: "are fictional and run by operators",
  es: "son ficticios y están gestionados por operadores",
  fr: "sont fictifs et gérés par des opérateurs",
};

describe("templates", () => {
  const cases = mailTemplates.flatMap((template) => locales.map((language) => [template, language] as const));

  it.each(cases)(
    "%s in %s is kept with the brand's sender, the link, the footer",
    async (template, language) => {
      const brand = testBrands.amorespana;
      const to = uniqueAddress(`tpl-${template}-${language}`);
      const link = `https://amorespana.example/confirmEmail?token=ab~cd*ef&lang=${language}`;
      expect(await send({ template, to, language, link }, { brand })).toBe("kept");
      const [mail, ...rest] = await outbox(to);
      expect(rest).toHaveLength(0);
      if (!mail) throw new Error("not kept");
      expect(mail).toMatchObject({ brandId: "amorespana", template, language, to });
      expect(mail.from).toBe("Amor España <noreply@amorespana.example>");
      expect(mail.subject).toContain("Amor España");
      for (const part of [mail.text, mail.html]) {
        for (const phrase of phrases[template][language]) expect(part).toContain(phrase);
        expect(part).toContain(fictional[language]);
        expect(part).toContain("Demo Dating Ltd");
        expect(part).toContain("Via Esempio 1, 20100 Milano, Italia");
      }
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
      expect(mail.html).not.toContain(link);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.html).toContain("background-color:#c2410c");
    },
  );

  it("has a distinct subject and body in every language", () => {
    for (const template of mailTemplates) {
      const rendered = locales.map((language) =>
        renderMail({
          brand: testBrands.lovechat,
          template,
          language,
          to: "a@example.com",
          link: "https://x.example/",
        }),
      );
      expect(new Set(rendered.map((r) => r.subject)).size).toBe(locales.length);
      expect(new Set(rendered.map((r) => r.text)).size).toBe(locales.length);
    }
  });

  it("escapes every dynamic value in the HTML part", () => {
    const evil: Brand = {
      ...testBrands.lovechat,
      public: {
        ...testBrands.lovechat.public,
        title: `Evil <script>alert("title")</script>`,
        company_name: "<b>Corp</b>",
        company_address: `1 "Quote" St <img src=x onerror=alert(1)>`,
        tema: { ...testBrands.lovechat.public.tema, primary: "red;background:url(javascript:alert(1))" },
      },
    };
    for (const template of mailTemplates) {
      const { html, text, subject } = renderMail({
        brand: evil,
        template,
        language: "en",
        to: `<script>x</script>@example.com`,
        link: `https://x.example/?q="><script>alert('link')</script>`,
      });
      expect(html).not.toMatch(/<script|<img|<b>|javascript:/i);
      expect(html).toContain("Evil &lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;");
      expect(html).toContain("&lt;b&gt;Corp&lt;/b&gt;");
      expect(html).toContain('href="https://x.example/?q=&quot;&gt;&lt;script&gt;alert(&#39;link&#39;)');
      // The plain-text part and the subject are not HTML: they keep the values as they are.
      expect(subject).toContain("Evil <script>");
      expect(text).toContain(`https://x.example/?q="><script>alert('link')</script>`);
    }
  });

  it("refuses a link that is not an absolute http(s) URL", () => {
    expect(() =>
      renderMail({
        brand: testBrands.lovechat,
        template: "welcome",
        language: "en",
        to: "a@example.com",
        link: "javascript:alert(1)",
      }),
    ).toThrow(/http/);
  });
});

describe("outbox (local, no Mailgun key)", () => {
  it("keeps mail newest first, filters by recipient in any case and records mail_sent", async () => {
    const member = await createMember();
    const accountId = await inDb(async (db) => {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(eq(accounts.clickid, member.clickid));
      return row?.id;
    });
    if (!accountId) throw new Error("member not stored");
    const before = await inDb(
      async (db) => (await db.select().from(mailSent).where(eq(mailSent.accountId, accountId))).length,
    );
    const to = member.email;
    expect(
      await send({ template: "activation", to, language: "it", link: "https://it.localhost/a", accountId }),
    ).toBe("kept");
    expect(
      await send({ template: "welcome", to, language: "it", link: "https://it.localhost/", accountId }),
    ).toBe("kept");
    // The sign-up itself sent one before these two.
    const mails = await outbox(to.toUpperCase());
    expect(mails.slice(0, 2).map((m) => m.template)).toEqual(["welcome", "activation"]);
    expect(mails.every((m) => m.to === to)).toBe(true);
    expect((await outbox()).some((m) => m.to === to)).toBe(true);
    const sent = await inDb((db) => db.select().from(mailSent).where(eq(mailSent.accountId, accountId)));
    expect(sent.length - before).toBe(2);
    expect(sent.map((s) => s.template)).toEqual(expect.arrayContaining(["activation", "welcome"]));
  });

  it("shows the outbox as a page with clickable, escaped links", async () => {
    const to = uniqueAddress("page");
    const link = "https://it.localhost/confirmEmail?token=x&y=<z>";
    await send({ template: "activation", to, language: "en", link });
    const response = await call(`/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain(to);
    expect(html).toContain("Confirm your e-mail address for Amore Italia");
    expect(html).toContain('<a href="https://it.localhost/confirmEmail?token=x&amp;y=">');
    expect(html).not.toContain("<z>");
    expect(html).toContain("<iframe sandbox");
  });

  it.each(["/dev/outbox", "/dev/outbox.json"])("%s is 404 in production", async (path) => {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`http://amoreitalia.example${path}`, { headers: { host: "amoreitalia.example" } }),
      { ...env, APP_ENV: "production" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Outbox");
  });

  it("refuses to drop mail in production without a Mailgun key", async () => {
    const to = uniqueAddress("prod");
    await expect(
      send(
        { template: "welcome", to, language: "en", link: "https://x.example/" },
        { config: { ...testConfig, appEnv: "production", local: false } },
      ),
    ).rejects.toThrow(/not configured/);
    expect(await outbox(to)).toHaveLength(0);
  });

  it("appears in the OpenAPI document", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as { paths: Record<string, unknown> };
    for (const path of ["/dev/outbox", "/dev/outbox.json", "/cron/mailRemove"])
      expect(doc.paths).toHaveProperty([path]);
  });
});

describe("Mailgun", () => {
  it("posts the documented fields with Basic auth and keeps nothing locally", async () => {
    const to = uniqueAddress("mg");
    const link = "https://lovechat.example/resetPassword?token=r~s*t";
    expect(
      await send(
        { template: "reset_password", to, language: "fr", link },
        { config: mailgunConfig, brand: testBrands.lovechat },
      ),
    ).toBe("sent");
    const [received, ...rest] = await mailgunReceived(to);
    expect(rest).toHaveLength(0);
    if (!received) throw new Error("Mailgun got nothing");
    expect(received.domain).toBe("mg.amoreitalia.example");
    expect(received.contentType).toMatch(/^multipart\/form-data/);
    const f = received.fields;
    expect(f.from).toEqual(["LoveChat <noreply@lovechat.example>"]);
    expect(f.to).toEqual([to]);
    expect(f.subject).toEqual(["Réinitialisez votre mot de passe LoveChat"]);
    expect(f["o:tag"]).toEqual(["reset_password"]);
    expect(f.text?.[0]).toContain(link);
    expect(f.html?.[0]).toContain(`href="${link}"`);
    expect(await outbox(to)).toHaveLength(0);
  });

  it("fails loudly when Mailgun refuses the key", async () => {
    const to = uniqueAddress("mg-bad-key");
    await expect(
      send(
        { template: "welcome", to, language: "en", link: "https://x.example/" },
        { config: { ...testConfig, mailgun: { ...mailgun, apiKey: "wrong-key" } } },
      ),
    ).rejects.toThrow(/401/);
    expect(await mailgunReceived(to)).toHaveLength(0);
    expect(await outbox(to)).toHaveLength(0);
  });
});

describe("suppressed addresses", () => {
  it("get nothing, neither from the outbox nor from Mailgun", async () => {
    const to = uniqueAddress("Suppressed");
    await inDb((db) =>
      db.insert(mailSuppressions).values({ email: to.toLowerCase(), reason: "unsubscribed" }),
    );
    const mail = {
      template: "activation" as const,
      to: to.toUpperCase(),
      language: "it" as const,
      link: "https://x.example/",
    };
    expect(await send(mail)).toBe("suppressed");
    expect(await send(mail, { config: mailgunConfig })).toBe("suppressed");
    expect(await outbox(to)).toHaveLength(0);
    expect(await mailgunReceived(to)).toHaveLength(0);
  });
});

describe("POST /cron/mailRemove (Mailgun webhook)", () => {
  async function sign(timestamp: string, token: string, key = testEnv.MAILGUN_WEBHOOK_SIGNING_KEY) {
    const hmac = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(key),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(
      await crypto.subtle.sign("HMAC", hmac, new TextEncoder().encode(timestamp + token)),
    );
    return [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
  }

  async function webhook(
    recipient: string,
    opts: { ageSeconds?: number; key?: string; event?: string } = {},
  ) {
    const timestamp = String(Math.floor(Date.now() / 1000) - (opts.ageSeconds ?? 0));
    const token =
      crypto.randomUUID().replaceAll("-", "") + crypto.randomUUID().replaceAll("-", "").slice(0, 18);
    return {
      signature: { timestamp, token, signature: await sign(timestamp, token, opts.key) },
      "event-data": {
        event: opts.event ?? "unsubscribed",
        timestamp: Number(timestamp),
        id: "Ase7i2zsRYeDXztHGENqRA",
        recipient,
        tags: ["activation"],
        "user-variables": {},
      },
    };
  }

  const post = (body: unknown, host: string = hosts.it) =>
    call("/cron/mailRemove", {
      method: "POST",
      body: typeof body === "string" ? body : JSON.stringify(body),
      host,
    });

  const state = (email: string) =>
    inDb(async (db) => ({
      suppressed: await db
        .select()
        .from(mailSuppressions)
        .where(eq(mailSuppressions.email, email.toLowerCase())),
      notify: (
        await db
          .select({ brandId: accounts.brandId, notifyEmail: accounts.notifyEmail })
          .from(accounts)
          .where(sql`lower(${accounts.email}) = ${email.toLowerCase()}`)
      ).sort((a, b) => a.brandId.localeCompare(b.brandId)),
    }));

  let email: string;
  beforeEach(async () => {
    email = uniqueAddress("Unsub");
    await createMember({ email }, hosts.it);
    await createMember({ email, region: "andalucia" }, hosts.es);
  });

  it("with a good signature suppresses the address and turns e-mail notifications off everywhere", async () => {
    expect((await state(email)).notify.map((a) => a.notifyEmail)).toEqual([true, true]);
    const body = await webhook(email.toUpperCase());
    const response = await post(body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "OK", suppressed: true });
    const after = await state(email);
    expect(after.suppressed.map((s) => [s.email, s.reason])).toEqual([[email.toLowerCase(), "unsubscribed"]]);
    expect(after.notify).toEqual([
      { brandId: "amoreitalia", notifyEmail: false },
      { brandId: "amorespana", notifyEmail: false },
    ]);
    // Idempotent: a second event for the address changes nothing and still answers 200.
    expect((await post(await webhook(email))).status).toBe(200);
    expect((await state(email)).suppressed).toHaveLength(1);
    // And mail to it stops.
    expect(await send({ template: "welcome", to: email, language: "it", link: "https://x.example/" })).toBe(
      "suppressed",
    );
  });

  it("refuses a reused token", async () => {
    const body = await webhook(email);
    expect((await post(body)).status).toBe(200);
    expect((await post(body)).status).toBe(401);
  });

  it.each([
    ["a wrong key", async (to: string) => webhook(to, { key: "not-the-signing-key" })],
    ["a stale timestamp", async (to: string) => webhook(to, { ageSeconds: 16 * 60 })],
    [
      "a tampered token",
      async (to: string) => {
        const body = await webhook(to);
        return { ...body, signature: { ...body.signature, token: `${body.signature.token}x` } };
      },
    ],
    [
      "no signature",
      async (to: string) => {
        const { signature: _, ...body } = await webhook(to);
        return body;
      },
    ],
  ])("with %s answers 401 and writes nothing", async (_, build) => {
    const response = await post(await build(email));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_signature");
    const after = await state(email);
    expect(after.suppressed).toHaveLength(0);
    expect(after.notify.map((a) => a.notifyEmail)).toEqual([true, true]);
  });

  it("ignores events that do not stop mail", async () => {
    const response = await post(await webhook(email, { event: "delivered" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "OK", suppressed: false });
    expect((await state(email)).suppressed).toHaveLength(0);
  });

  it.each([
    ["not JSON", "this is not json"],
    ["no event-data", { signature: { timestamp: "1", token: "t", signature: "0".repeat(64) } }],
    ["a recipient that is not an address", { "event-data": { event: "unsubscribed", recipient: "nobody" } }],
  ])("with %s answers 400 in the app's error shape", async (_, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { error: { code: string; message: string } };
    expect(json.error.code).toBeTypeOf("string");
    expect(json.error.message).toBeTypeOf("string");
    expect((await state(email)).suppressed).toHaveLength(0);
  });

  it("answers a body that is not JSON with 415", async () => {
    const response = await call("/cron/mailRemove", {
      method: "POST",
      body: "event-data=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
  });

  it("is refused when no signing key is configured", async () => {
    const ctx = createExecutionContext();
    const response = await createApp().fetch(
      new Request(`http://${hosts.it}/cron/mailRemove`, {
        method: "POST",
        headers: { host: hosts.it, "content-type": "application/json" },
        body: JSON.stringify(await webhook(email)),
      }),
      { ...env, MAILGUN_WEBHOOK_SIGNING_KEY: undefined },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(401);
    expect((await state(email)).suppressed).toHaveLength(0);
  });
});
