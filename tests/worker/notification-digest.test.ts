// The e-mail channel: notifications wait in the member's digest; the cron mails one digest per member per
// window, in the member's language, with List-Unsubscribe (https one-click and mailto) and
// List-Unsubscribe-Post; the one-click POST turns the channel off without a login; a bounce turns it off too.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import type { Locale } from "../../worker/contracts/locales";
import type { OutgoingNotification } from "../../worker/notifications/channel";
import { emailChannel, runDigests } from "../../worker/notifications/email/email.service";
import { testBrands, testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { outbox, testEnv } from "../fixtures/mail";
import { call, createMember, hosts } from "../fixtures/members";
import { accountOf, notification } from "../fixtures/telegram";

const WINDOW = testConfig.emailDigest.windowMs;

const handOver = (n: OutgoingNotification, brand = testBrands.amoreitalia) =>
  inDb((db) => emailChannel.send({ config: testConfig, db, brand }, n));
const digests = (now = new Date()) => inDb((db) => runDigests(testConfig, db, now));

interface Kept {
  template: string;
  subject: string;
  text: string;
  language: string;
  headers: Record<string, string> | null;
}
const digestsTo = async (email: string) =>
  ((await outbox(email)) as unknown as Kept[]).filter((m) => m.template === "notification_digest");

async function memberWithId() {
  const member = await createMember();
  return { member, accountId: (await accountOf(member.clickid)).id };
}

/** The one-click URL of a mail's List-Unsubscribe header. */
const oneClickUrl = (mail: Kept | undefined) => {
  const header = mail?.headers?.["List-Unsubscribe"] ?? "";
  const https = /<(https:[^>]+)>/.exec(header)?.[1];
  if (!https) throw new Error(`no https URL in ${header}`);
  const url = new URL(https);
  return `${url.pathname}${url.search}`;
};

describe("the e-mail digest", () => {
  it("gathers several notifications into one mail per window", async () => {
    const { member, accountId } = await memberWithId();
    const en = { locale: "en" as Locale };
    expect(await handOver(notification(accountId, { ...en, count: 3 }))).toBe("sent");
    await handOver(notification(accountId, { ...en, kind: "like_back", angel: { id: 2, name: "Sara" } }));
    await handOver(
      notification(accountId, { ...en, kind: "visit", angel: { id: 3, name: "Eva" }, path: "/user/3" }),
    );
    await digests();

    const [mail, ...more] = await digestsTo(member.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe("News for you on Amore Italia");
    expect(mail?.text).toContain("• 3 new messages from Giulia");
    expect(mail?.text).toContain("• Sara likes you too");
    expect(mail?.text).toContain("• Eva visited your profile");
    // Several conversations: the button opens the chats.
    expect(mail?.text).toContain("https://amoreitalia.example/chats\n");

    // A new notification inside the window waits; after the window it goes.
    await handOver(notification(accountId, { ...en, angel: { id: 4, name: "Lia" } }));
    await digests();
    expect(await digestsTo(member.email)).toHaveLength(1);
    await digests(new Date(Date.now() + WINDOW + 1_000));
    const [newest] = await digestsTo(member.email);
    expect(await digestsTo(member.email)).toHaveLength(2);
    expect(newest?.text).toContain("• A new message from Lia");
    expect(newest?.text).not.toContain("Giulia");
  });

  it("keeps one line for a notification handed over again, with its latest count", async () => {
    const { member, accountId } = await memberWithId();
    const n = notification(accountId, { locale: "it" });
    await handOver(n);
    await handOver({ ...n, count: 4 });
    await digests();
    const [mail] = await digestsTo(member.email);
    expect(mail?.text).toContain("• 4 nuovi messaggi da Giulia");
    expect(mail?.text).not.toContain("Un nuovo messaggio");
  });

  it.each([
    ["it", "Novità per te su Amore Italia", "• Un nuovo messaggio da Giulia"],
    ["en", "News for you on Amore Italia", "• A new message from Giulia"],
    ["es", "Novedades para ti en Amore Italia", "• Un mensaje nuevo de Giulia"],
    ["fr", "Du nouveau pour vous sur Amore Italia", "• Un nouveau message de Giulia"],
  ] as const)("speaks the member's language (%s)", async (locale, subject, line) => {
    const { member, accountId } = await memberWithId();
    await handOver(notification(accountId, { locale }));
    await digests();
    const [mail] = await digestsTo(member.email);
    expect(mail?.subject).toBe(subject);
    expect(mail?.language).toBe(locale);
    expect(mail?.text).toContain(line);
  });

  it("carries List-Unsubscribe (https one-click and mailto) and List-Unsubscribe-Post", async () => {
    const { member, accountId } = await memberWithId();
    await handOver(notification(accountId));
    await digests();
    const [mail] = await digestsTo(member.email);
    expect(mail?.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(mail?.headers?.["List-Unsubscribe"]).toMatch(
      /^<https:\/\/amoreitalia\.example\/api\/notifications\/unsubscribe\?token=[\w.-]+>, <mailto:assistenza@amoreitalia\.example\?subject=[^>]+>$/,
    );
  });

  it("turns e-mail notifications off with the one-click POST, without a login", async () => {
    const { member, accountId } = await memberWithId();
    await handOver(notification(accountId));
    await digests();
    const url = oneClickUrl((await digestsTo(member.email))[0]);

    // A scanner following the link changes nothing: the page only offers the button.
    const page = await call(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<form method="post"');
    expect((await accountOf(member.clickid)).notifyEmail).toBe(true);

    const response = await call(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect((await accountOf(member.clickid)).notifyEmail).toBe(false);
    expect(await handOver(notification(accountId))).toBe("skipped");
  });

  it("refuses a forged or altered unsubscribe token", async () => {
    const { member } = await memberWithId();
    const response = await call("/api/notifications/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.e30.xxxx", {
      method: "POST",
    });
    expect(response.status).toBe(403);
    expect((await call("/api/notifications/unsubscribe?token=nothing", { method: "POST" })).status).toBe(400);
    expect((await accountOf(member.clickid)).notifyEmail).toBe(true);
  });

  it("skips a member who turned e-mail notifications off, and drops what waited", async () => {
    const { member, accountId } = await memberWithId();
    await handOver(notification(accountId));
    await inDb((db) => db.update(accounts).set({ notifyEmail: false }).where(eq(accounts.id, accountId)));
    expect(await handOver(notification(accountId))).toBe("skipped");
    await digests();
    expect(await digestsTo(member.email)).toEqual([]);
  });

  it("is turned off by a bounce (Mailgun's permanent failure at /cron/mailRemove)", async () => {
    const { member, accountId } = await memberWithId();
    const timestamp = String(Math.floor(Date.now() / 1000));
    const token = crypto.randomUUID().replaceAll("-", "");
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(testEnv.MAILGUN_WEBHOOK_SIGNING_KEY),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = new Uint8Array(
      await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(timestamp + token)),
    );
    const signature = [...mac].map((b) => b.toString(16).padStart(2, "0")).join("");
    const response = await call("/cron/mailRemove", {
      method: "POST",
      host: hosts.it,
      body: JSON.stringify({
        signature: { timestamp, token, signature },
        "event-data": { event: "failed", severity: "permanent", recipient: member.email },
      }),
    });
    expect(response.status).toBe(200);
    expect(await handOver(notification(accountId))).toBe("skipped");
  });

  it("mails a failed payment at once, without waiting for the window", async () => {
    const { member, accountId } = await memberWithId();
    await handOver(notification(accountId, { locale: "en" }));
    await digests();
    expect(
      await handOver(
        notification(accountId, { locale: "en", kind: "purch_ko", angel: undefined, path: "/vip_plan" }),
      ),
    ).toBe("sent");
    const [newest] = await digestsTo(member.email);
    expect(await digestsTo(member.email)).toHaveLength(2);
    expect(newest?.text).toContain("• Something went wrong with your payment");
  });
});
