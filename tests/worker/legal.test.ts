// The public pages' API: POST /legal's texts per page and language with the brand's company, and the contact
// form's message delivered to the brand's customer care (the local outbox), refused on bad input, rate-limited.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailSuppressions } from "../../drizzle/schema/mail";
import { legalPages } from "../../worker/contracts/legal";
import { type Locale, locales } from "../../worker/contracts/locales";
import { limits } from "../../worker/ratelimit/rate-limit-rules";
import { testBrands } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { outbox } from "../fixtures/mail";
import { call, hosts, randomIp } from "../fixtures/members";

const postLegal = (body: unknown, host: string = hosts.es) =>
  call("/legal", { method: "POST", body: JSON.stringify(body), host });

/** What every page says in each language: a sample text, and that the profiles are fictional. */
const everyPage: Record<Locale, string[]> = {
  it: ["Testo di esempio", "sono fittizi e gestiti da operatori"],
  en: ["Sample text", "are fictional and run by operators"],
  es: ["Texto de ejemplo", "son ficticios y están gestionados por operadores"],
  fr: ["Texte d’exemple", "sont fictifs et gérés par des opérateurs"],
};

/** What the terms must say of renewals and cancelling, beyond the links. */
const renewal: Record<Locale, string> = {
  it: "si rinnovano automaticamente ogni 30 giorni",
  en: "renew automatically every 30 days",
  es: "se renuevan automáticamente cada 30 días",
  fr: "se renouvellent automatiquement tous les 30 jours",
};

describe("POST /legal", () => {
  const brand = testBrands.amorespana.public;
  const cases = legalPages.flatMap((p) => locales.map((l) => [p, l] as const));

  it.each(cases)("%s in %s has the brand's company and the required statements", async (p, l) => {
    const response = await postLegal({ p, d: brand.domain, l });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    for (const detail of [brand.company_name, brand.company_address, brand.vat, brand.email, brand.tel]) {
      expect(html).toContain(detail);
    }
    expect(html).toContain(`href="mailto:${brand.email}"`);
    expect(html).toContain(brand.title);
    for (const phrase of everyPage[l]) expect(html).toContain(phrase);
    if (p === "terms") {
      expect(html).toContain(renewal[l]);
      for (const way of ['href="/unsubscribe"', 'href="/profile"', brand.tel]) expect(html).toContain(way);
    }
    if (p === "privacy") {
      for (const processor of ["Mailgun", "Twilio", "Cloudflare"]) expect(html).toContain(processor);
    }
    if (p === "cookie") {
      for (const name of ["google_oauth", "token", "cookiePolicy", "mollieReference"])
        expect(html).toContain(name);
    }
  });

  it("answers each brand with its own company, and accepts its local host as the domain", async () => {
    const html = await (await postLegal({ p: "privacy", d: "it.localhost", l: "it" }, hosts.it)).text();
    expect(html).toContain(testBrands.amoreitalia.public.email);
    expect(html).not.toContain(testBrands.amorespana.public.email);
  });

  it("refuses an unknown page, language or another brand's domain, naming the field", async () => {
    for (const [body, field] of [
      [{ p: "secrets", d: brand.domain, l: "es" }, "p"],
      [{ p: "../terms", d: brand.domain, l: "es" }, "p"],
      [{ p: "terms", d: brand.domain, l: "de" }, "l"],
      [{ p: "terms", d: testBrands.lovechat.public.domain, l: "es" }, "d"],
      [{ p: "terms", l: "es" }, "d"],
    ] as const) {
      const response = await postLegal(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe(field);
    }
  });

  it("leaves GET /legal/{page} to the web app", async () => {
    const response = await call("/legal/terms", { host: hosts.es });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("brand-config");
  });
});

const postContact = (body: unknown, ip: string, host: string = hosts.it) =>
  call("/api/contact", { method: "POST", body: JSON.stringify(body), host, ip });

/** The contact mails to a brand's customer care that hold this text. */
const careMails = async (address: string, text: string) =>
  (await outbox(address)).filter((m) => m.template === "contact" && m.text.includes(text));

describe("POST /api/contact", () => {
  it("delivers the message to the brand's address, naming the sender, in the brand's language", async () => {
    const care = testBrands.lovechat;
    const marker = `Please cancel my plan ${crypto.randomUUID()}`;
    const response = await postContact(
      { email: " visitor@example.com ", message: `  ${marker}\nThanks <b>a lot</b>  ` },
      randomIp(),
      hosts.en,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: "OK" });
    const [mail, ...more] = await careMails(care.public.email, marker);
    expect(more).toHaveLength(0);
    expect(mail).toMatchObject({
      brandId: "lovechat",
      language: "en",
      from: care.server.mailFrom,
      to: care.public.email,
      subject: "LoveChat: message from the contact form",
    });
    expect(mail?.text).toContain("From: visitor@example.com");
    expect(mail?.text).toContain(`${marker}\nThanks <b>a lot</b>`);
    // The HTML part escapes the visitor's text and keeps its line break; its button answers the sender.
    expect(mail?.html).toContain(`${marker}<br>Thanks &lt;b&gt;a lot&lt;/b&gt;`);
    expect(mail?.html).toContain('href="mailto:visitor%40example.com"');
  });

  it("refuses a bad address or an empty message with the field and its message key, sending nothing", async () => {
    const marker = `bad input ${crypto.randomUUID()}`;
    for (const [body, field, messageKey] of [
      [{ email: "not-an-address", message: marker }, "email", "errore_email"],
      [{ email: "a@b", message: marker }, "email", "errore_email"],
      [{ email: "visitor@example.com", message: "   " }, "message", "contact_errore_messaggio"],
      [
        { email: "visitor@example.com", message: `${marker}${"x".repeat(5000)}` },
        "message",
        "contact_errore_messaggio",
      ],
      [{ email: "visitor@example.com" }, "message", undefined],
    ] as const) {
      const response = await postContact(body, randomIp());
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = (await response.json()) as { error: { field: string; messageKey?: string } };
      expect(error.field).toBe(field);
      expect(error.messageKey).toBe(messageKey);
    }
    expect(await careMails(testBrands.amoreitalia.public.email, marker)).toHaveLength(0);
  });

  it("says it did not go (503) when customer care's own address refuses mail, instead of losing it", async () => {
    const care = testBrands.amorespana.public.email.toLowerCase();
    await inDb((db) => db.insert(mailSuppressions).values({ email: care, reason: "bounced" }));
    try {
      const marker = `suppressed care ${crypto.randomUUID()}`;
      const response = await postContact(
        { email: "visitor@example.com", message: marker },
        randomIp(),
        hosts.es,
      );
      expect(response.status).toBe(503);
      const { error } = (await response.json()) as { error: { messageKey: string } };
      expect(error.messageKey).toBe("errore_generico");
      expect(await careMails(care, marker)).toHaveLength(0);
    } finally {
      await inDb((db) => db.delete(mailSuppressions).where(eq(mailSuppressions.email, care)));
    }
  });

  it(`accepts ${limits.contactPerIp.limit} messages an hour from one network, then refuses with 429`, async () => {
    const ip = randomIp();
    const marker = `limit ${crypto.randomUUID()}`;
    for (let i = 0; i < limits.contactPerIp.limit; i++) {
      expect(
        (await postContact({ email: "visitor@example.com", message: `${marker} ${i}` }, ip)).status,
      ).toBe(200);
    }
    const refused = await postContact({ email: "visitor@example.com", message: `${marker} over` }, ip);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { messageKey: string } }).error.messageKey).toBe(
      "contact_troppi",
    );
    expect(await careMails(testBrands.amoreitalia.public.email, marker)).toHaveLength(
      limits.contactPerIp.limit,
    );
    // Another network still gets through.
    expect((await postContact({ email: "visitor@example.com", message: marker }, randomIp())).status).toBe(
      200,
    );
  });
});
