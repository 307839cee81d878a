// The notification cascade's rules on a controlled clock, against the real database: web push through the fake
// push service (which decrypts every payload with the subscription's private key), Telegram and the e-mail
// digest as recording channels (their real senders plug into the same list).
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { messages } from "../../drizzle/schema/chat";
import { notifications } from "../../drizzle/schema/engagement";
import {
  notificationDaily,
  notificationDeliveries,
  pushSubscriptions,
} from "../../drizzle/schema/notifications";
import { parseConfig } from "../../worker/config";
import type { Db } from "../../worker/core/db";
import { memberCameBack } from "../../worker/notifications/cascade";
import { harness as cascadeOf } from "../fixtures/cascade";
import { ANGEL } from "../fixtures/chat";
import { inDb } from "../fixtures/db";
import { call, createMember, type TestMember } from "../fixtures/members";

const fake = z.object({ FAKE_PUSH_URL: z.url(), FAKE_VAPID_KEYS: z.string().min(1) }).parse(env);
const MINUTE = 60_000;
const config = parseConfig({
  ...env,
  VAPID_KEYS: fake.FAKE_VAPID_KEYS,
  NOTIFY_PUSH_DELAY_MS: String(2 * MINUTE),
  NOTIFY_TELEGRAM_DELAY_MS: String(30 * MINUTE),
  NOTIFY_EMAIL_DELAY_MS: String(360 * MINUTE),
  NOTIFY_CAP_PUSH: "2",
});
/** 11:00 in Rome, a week before the tests run: openings recorded now come after every event. */
const MORNING = Date.UTC(2026, 10, 18, 10, 0, 0);

interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  subject: string;
  vapidKey: string;
  payload: string;
}

async function fakeSubscription() {
  const response = await fetch(`${fake.FAKE_PUSH_URL}/__fake/subscriptions`, { method: "POST" });
  return (await response.json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
}
async function pushesTo(endpoint: string): Promise<ReceivedPush[]> {
  const response = await fetch(
    `${fake.FAKE_PUSH_URL}/__fake/pushes?endpoint=${encodeURIComponent(endpoint)}`,
  );
  return ((await response.json()) as { pushes: ReceivedPush[] }).pushes;
}

/** A member with push on, one browser subscribed through the real route, Telegram on. */
async function subscribedMember(): Promise<{ member: TestMember; accountId: number; endpoint: string }> {
  const member = await createMember();
  const subscription = await fakeSubscription();
  const response = await call("/api/users/pushToken", {
    method: "POST",
    token: member.token,
    body: JSON.stringify({ pushToken: JSON.stringify(subscription), clickid: member.clickid, enable: true }),
  });
  expect(response.status).toBe(200);
  const [row] = await inDb((db) =>
    db
      .update(accounts)
      .set({ notifyTelegram: true })
      .where(eq(accounts.clickid, member.clickid))
      .returning({ id: accounts.id, notifyPush: accounts.notifyPush }),
  );
  expect(row?.notifyPush).toBe(true);
  return { member, accountId: row?.id ?? 0, endpoint: subscription.endpoint };
}

async function angelMessage(db: Db, accountId: number, msg: string, blurred = false) {
  const [row] = await db
    .insert(messages)
    .values({ accountId, angelId: ANGEL, type: "angel", msg, time: new Date(), blurred })
    .returning({ id: messages.id });
  return row?.id ?? 0;
}

const readMessages = (db: Db, accountId: number) =>
  db.update(messages).set({ read: true }).where(eq(messages.accountId, accountId));

describe("the cascade", () => {
  it("pushes an unseen angel message after the delay, encrypted to the browser, then Telegram, then the digest", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      await h.event({
        kind: "message",
        angelId: ANGEL,
        messageId: await angelMessage(db, accountId, "Ciao!"),
        preview: "Ciao!",
      });
      expect(await pushesTo(endpoint)).toEqual([]);
      expect(await h.next()).toBe(MORNING + 2 * MINUTE);
      const [push] = await pushesTo(endpoint);
      expect(push).toBeDefined();
      const payload = JSON.parse(push?.payload ?? "{}") as Record<string, string>;
      expect(payload.title).toMatch(/^Nuovo messaggio da \S/);
      expect(payload.body).toBe("Ciao!");
      expect(payload.url).toMatch(new RegExp(`^/chats/${ANGEL}\\?n=[0-9a-f-]{36}&ch=push$`));
      expect(push?.urgency).toBe("high");
      expect(push?.topic).toBe(`angel-${ANGEL}`);
      expect(push?.ttl).toBe(config.notifications.push.ttlSeconds);
      expect(push?.subject).toBe("mailto:push@amoreitalia.example");
      expect(h.delivered).toEqual([]);
      expect(await h.next()).toBe(MORNING + 32 * MINUTE);
      expect(h.delivered.map((d) => d.channel)).toEqual(["telegram"]);
      expect(await h.next()).toBe(MORNING + 392 * MINUTE);
      expect(h.delivered.map((d) => d.channel)).toEqual(["telegram", "email"]);
      expect(await h.next()).toBeNull();
      const rows = await db
        .select({ channel: notificationDeliveries.channel, outcome: notificationDeliveries.outcome })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.accountId, accountId));
      expect(rows.map((r) => `${r.channel}:${r.outcome}`).sort()).toEqual([
        "email:sent",
        "push:sent",
        "telegram:sent",
      ]);
    });
  });

  it("sends nothing when the message was read in-app before the delay", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      await h.event({
        kind: "message",
        angelId: ANGEL,
        messageId: await angelMessage(db, accountId, "Ci sei?"),
      });
      await readMessages(db, accountId);
      await h.next();
      expect(await pushesTo(endpoint)).toEqual([]);
      expect(h.delivered).toEqual([]);
      expect(h.queue).toEqual([]);
    });
  });

  it("stops after the push when the member reads the message, opens the push, or comes back", async () => {
    for (const how of ["read", "opened", "came back"] as const) {
      const { member, accountId, endpoint } = await subscribedMember();
      await inDb(async (db) => {
        const h = cascadeOf(db, member.clickid, config, MORNING);
        await h.event({
          kind: "message",
          angelId: ANGEL,
          messageId: await angelMessage(db, accountId, "Sei lì?"),
        });
        await h.next();
        const [push] = await pushesTo(endpoint);
        const id = (JSON.parse(push?.payload ?? "{}") as { id: string }).id;
        if (how === "read") await readMessages(db, accountId);
        if (how === "opened") {
          const opened = await call("/api/notifications/opened", {
            method: "POST",
            body: JSON.stringify({ id, channel: "push" }),
          });
          expect(opened.status).toBe(204);
        }
        if (how === "came back") await memberCameBack(h.host);
        while ((await h.next()) !== null);
        expect(h.delivered, how).toEqual([]);
      });
    }
  });

  it("gathers one conversation's messages into one notification: 3 new messages", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      for (const text of ["Ciao", "Come stai?", "Rispondimi"]) {
        await h.event({
          kind: "message",
          angelId: ANGEL,
          messageId: await angelMessage(db, accountId, text),
          preview: text,
        });
        h.now += 10_000;
      }
      expect(h.queue).toHaveLength(1);
      await h.next();
      const pushes = await pushesTo(endpoint);
      expect(pushes).toHaveLength(1);
      const payload = JSON.parse(pushes[0]?.payload ?? "{}") as Record<string, string>;
      expect(payload.title).toMatch(/^3 nuovi messaggi da \S/);
      expect(payload.body).toBe("Rispondimi");
    });
  });

  it("keeps a blurred reply's text out of the push", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      await h.event({
        kind: "message",
        angelId: ANGEL,
        messageId: await angelMessage(db, accountId, "segreto", true),
      });
      await h.next();
      const [push] = await pushesTo(endpoint);
      expect(push?.payload).not.toContain("segreto");
      expect((JSON.parse(push?.payload ?? "{}") as { body: string }).body).toMatch(/apri la chat/);
    });
  });

  it("holds a notification in the quiet hours until 08:00 in the brand's market", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      // 22:30 in Rome (UTC+1 in November).
      h.now = Date.UTC(2026, 10, 18, 21, 30);
      await h.event({
        kind: "message",
        angelId: ANGEL,
        messageId: await angelMessage(db, accountId, "Buonanotte"),
      });
      await h.next();
      expect(await pushesTo(endpoint)).toEqual([]);
      expect(h.queue.map((q) => new Date(q.at).toISOString())).toEqual(["2026-11-19T07:00:00.000Z"]);
      await h.next();
      expect(await pushesTo(endpoint)).toHaveLength(1);
    });
  });

  it("passes over a channel whose daily cap is reached, to the next one", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      const angelIds = [ANGEL, ANGEL + 1, ANGEL + 2];
      for (const angelId of angelIds) {
        const [row] = await db
          .insert(messages)
          .values({ accountId, angelId, type: "angel", msg: "Ehi", time: new Date() })
          .returning({ id: messages.id });
        await h.event({ kind: "message", angelId, messageId: row?.id ?? 0 });
      }
      for (let i = 0; i < angelIds.length; i++) await h.next();
      expect(await pushesTo(endpoint)).toHaveLength(config.notifications.dailyCap.push);
      // The third conversation went straight on to Telegram.
      expect(h.delivered.map((d) => [d.channel, d.notification.angel?.id])).toEqual([
        ["telegram", ANGEL + 2],
      ]);
    });
  });

  it("removes a subscription the push service says is gone (410) and goes on to Telegram", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    const id = endpoint.split("/").pop();
    await fetch(`${fake.FAKE_PUSH_URL}/__fake/subscriptions/${id}/gone`, { method: "POST" });
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      await h.event({
        kind: "message",
        angelId: ANGEL,
        messageId: await angelMessage(db, accountId, "Ciao"),
      });
      await h.next();
      const left = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.accountId, accountId));
      expect(left).toEqual([]);
      expect(h.delivered.map((d) => d.channel)).toEqual(["telegram"]);
      const [record] = await db
        .select({ outcome: notificationDeliveries.outcome })
        .from(notificationDeliveries)
        .where(
          and(eq(notificationDeliveries.accountId, accountId), eq(notificationDeliveries.channel, "push")),
        );
      expect(record?.outcome).toBe("gone");
    });
  });

  it("sends nothing on a channel the member turned off", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    const toggles = await call("/users/changeNotificationPreferences", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ clickid: member.clickid, email: false, telegram: true, notifiche_push: false }),
    });
    expect(toggles.status).toBe(200);
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      await h.event({
        kind: "message",
        angelId: ANGEL,
        messageId: await angelMessage(db, accountId, "Ciao"),
      });
      while ((await h.next()) !== null);
      expect(await pushesTo(endpoint)).toEqual([]);
      expect(h.delivered.map((d) => d.channel)).toEqual(["telegram"]);
    });
  });

  it("reaches the member of a like back; reading it on the notifications page stops it", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    await inDb(async (db) => {
      const [like] = await db
        .insert(notifications)
        .values({ accountId, angelId: ANGEL, type: "like", category: "risposta_a_like" })
        .returning({ id: notifications.id });
      const h = cascadeOf(db, member.clickid, config, MORNING);
      await h.event({ kind: "like_back", angelId: ANGEL, notificationId: like?.id ?? 0 });
      await h.next();
      const [push] = await pushesTo(endpoint);
      expect((JSON.parse(push?.payload ?? "{}") as { title: string }).title).toMatch(/ricambia il tuo like/);
      await db.update(notifications).set({ read: true }).where(eq(notifications.accountId, accountId));
      while ((await h.next()) !== null);
      expect(h.delivered).toEqual([]);
    });
  });

  it("counts sent, opened and came back per brand, channel and day", async () => {
    const { member, accountId, endpoint } = await subscribedMember();
    const day = new Date(MORNING).toISOString().slice(0, 10);
    const daily = () =>
      inDb((db) =>
        db
          .select()
          .from(notificationDaily)
          .where(
            and(
              eq(notificationDaily.brandId, "amoreitalia"),
              eq(notificationDaily.channel, "push"),
              eq(notificationDaily.day, day),
            ),
          ),
      );
    const before = (await daily())[0] ?? { sent: 0, opened: 0, cameBack: 0 };
    let id = "";
    await inDb(async (db) => {
      const h = cascadeOf(db, member.clickid, config, MORNING);
      await h.event({
        kind: "message",
        angelId: ANGEL,
        messageId: await angelMessage(db, accountId, "Ciao"),
      });
      await h.next();
      id = (JSON.parse((await pushesTo(endpoint))[0]?.payload ?? "{}") as { id: string }).id;
    });
    const today = new Date().toISOString().slice(0, 10);
    const back = await call("/api/notifications/back", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ id, channel: "push" }),
    });
    expect(back.status).toBe(204);
    // A second report of the same return counts once.
    await call("/api/notifications/back", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({ id, channel: "push" }),
    });
    const [after] = await daily();
    expect(after?.sent).toBe(before.sent + 1);
    const openedToday = await inDb((db) =>
      db
        .select()
        .from(notificationDaily)
        .where(
          and(
            eq(notificationDaily.brandId, "amoreitalia"),
            eq(notificationDaily.channel, "push"),
            eq(notificationDaily.day, today),
          ),
        ),
    );
    expect(openedToday[0]?.opened).toBeGreaterThanOrEqual(1);
    expect(openedToday[0]?.cameBack).toBeGreaterThanOrEqual(1);
    const [record] = await inDb((db) =>
      db.select().from(notificationDeliveries).where(eq(notificationDeliveries.notificationId, id)),
    );
    expect(record?.openedAt).not.toBeNull();
    expect(record?.cameBackAt).not.toBeNull();
  });
});
