import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { mailSent, mailSuppressions } from "../../drizzle/schema/mail";
import { createApp } from "../../worker/app";
import type { Config } from "../../worker/config";
import { testBrands, testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { outbox, send, testEnv, uniqueAddress } from "../fixtures/mail";
import { call, createMember } from "../fixtures/members";

const mailgun = {
  apiKey: testEnv.FAKE_MAILGUN_KEY,
  domain: "mg.amoreitalia.example",
  apiBase: testEnv.FAKE_MAILGUN_URL,
};

const mailgunConfig: Config = { ...testConfig, mailgun };

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

  it("sets Reply-To to the contact form's sender, so customer care answers the visitor", async () => {
    const to = uniqueAddress("mg-care");
    const sender = uniqueAddress("visitor");
    await send(
      {
        template: "contact",
        to,
        language: "it",
        link: `mailto:${encodeURIComponent(sender)}`,
        facts: { sender, message: "Ciao" },
        replyTo: sender,
      },
      { config: mailgunConfig },
    );
    const [received] = await mailgunReceived(to);
    expect(received?.fields["h:Reply-To"]).toEqual([sender]);
    expect(received?.fields.text?.[0]).toContain(`Mittente: ${sender}`);
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
