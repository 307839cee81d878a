// A renewal's outcome in the cascade: the renewal job (POST /dev/renewals/run, the Cron Trigger's code) tells
// the member's room, whose cascade pushes it (through the fake push service, which decrypts what the browser
// would show) and then tries Telegram; the renewal's own mail is the only mail, never a second one from the
// cascade's e-mail channel. The room's queued steps run on a controlled clock.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accounts } from "../../drizzle/schema/accounts";
import { emailDigestItems } from "../../drizzle/schema/digest";
import { notificationDeliveries } from "../../drizzle/schema/notifications";
import { subscriptions } from "../../drizzle/schema/payments";
import { parseConfig } from "../../worker/config";
import { type CascadeStep, runCascadeStep } from "../../worker/notifications/cascade";
import { channels } from "../../worker/notifications/channels";
import { runDigests } from "../../worker/notifications/email/email.service";
import { SANDBOX_CARDS } from "../../worker/payments/providers/sandbox-cards";
import type { QueuedStep } from "../../worker/realtime/alarm-queue";
import type { RoomStep } from "../../worker/realtime/room";
import { buyWithCard } from "../fixtures/card-purchase";
import { inDb } from "../fixtures/db";
import { outbox } from "../fixtures/mail";
import { call, createMember, type TestMember } from "../fixtures/members";
import { roomOf } from "../fixtures/socket";

const fake = z.object({ FAKE_PUSH_URL: z.url(), FAKE_VAPID_KEYS: z.string().min(1) }).parse(env);
/** The room's config with the brands' VAPID keys of the fake push service: pushes really go out. */
const config = parseConfig({ ...env, VAPID_KEYS: fake.FAKE_VAPID_KEYS });
const DAY = 86_400_000;
/** 11:00 in Rome: outside the quiet hours, whatever time the tests run at. */
const MORNING = Date.UTC(2026, 10, 18, 10, 0, 0);
const DECLINED_ONCE =
  [...SANDBOX_CARDS].find(
    ([, o]) => JSON.stringify(o) === JSON.stringify({ kind: "succeeded", renewals: "declined_once" }),
  )?.[0] ?? "";

interface ReceivedPush {
  urgency: string | null;
  topic: string | null;
  payload: string;
}

/** A member who bought the VIP Gold plan (renewing every 30 days) with `card`, one browser subscribed to push. */
async function subscribedPayer(card: string) {
  const member = await createMember();
  await buyWithCard(member, "gold-300", card);
  const subscription = (await (
    await fetch(`${fake.FAKE_PUSH_URL}/__fake/subscriptions`, { method: "POST" })
  ).json()) as { endpoint: string; keys: { p256dh: string; auth: string } };
  const response = await call("/api/users/pushToken", {
    method: "POST",
    token: member.token,
    body: JSON.stringify({ pushToken: JSON.stringify(subscription), clickid: member.clickid, enable: true }),
  });
  expect(response.status).toBe(200);
  const [row] = await inDb((db) =>
    db
      .select({ id: accounts.id, subscriptionEnd: subscriptions.currentPeriodEnd })
      .from(accounts)
      .innerJoin(subscriptions, eq(subscriptions.accountId, accounts.id))
      .where(eq(accounts.clickid, member.clickid)),
  );
  if (!row) throw new Error("no subscription");
  return { member, accountId: row.id, due: row.subscriptionEnd, endpoint: subscription.endpoint };
}

async function pushesTo(endpoint: string): Promise<ReceivedPush[]> {
  const response = await fetch(
    `${fake.FAKE_PUSH_URL}/__fake/pushes?endpoint=${encodeURIComponent(endpoint)}`,
  );
  return ((await response.json()) as { pushes: ReceivedPush[] }).pushes;
}

async function renewAt(now: Date, member: TestMember) {
  const response = await call("/dev/renewals/run", {
    method: "POST",
    body: JSON.stringify({ now: now.toISOString(), clickid: member.clickid }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { events: { kind: string }[] }).events.map((e) => e.kind);
}

/**
 * Runs every cascade step the member's room has queued, each at its delay after MORNING, as its alarm would,
 * and the steps each one queues, until none is left. Answers the delays they ran at.
 */
async function runCascade(clickid: string): Promise<number[]> {
  return runInDurableObject(roomOf(clickid), async (_room, state) => {
    const queued = [...(await state.storage.list<QueuedStep<RoomStep>>({ prefix: "q:" })).entries()].filter(
      ([, item]) => item.step.kind === "cascade",
    );
    await state.storage.delete(queued.map(([key]) => key));
    const first = Math.min(...queued.map(([, item]) => item.at));
    const pending = queued.map(([, item]) => ({
      at: MORNING + (item.at - first) + config.notifications.delays.push,
      step: item.step as CascadeStep,
    }));
    const ran: number[] = [];
    await inDb(async (db) => {
      for (let next = pending.shift(); next; next = pending.shift()) {
        const at = next.at;
        ran.push(at - MORNING);
        await runCascadeStep(
          {
            clickid,
            db,
            config,
            storage: state.storage,
            schedule: async (when, step) => {
              pending.push({ at: when, step });
            },
            channels,
            now: () => at,
          },
          next.step,
        );
      }
    });
    return ran;
  });
}

/** The member's mails' templates, oldest first (the outbox lists the newest first). */
const templates = async (member: TestMember) => (await outbox(member.email)).map((m) => m.template).reverse();

describe("a renewal's outcome", () => {
  it("reaches a member away by one push and exactly one mail, the renewal's own", async () => {
    const { member, accountId, due, endpoint } = await subscribedPayer("4242424242424242");
    const mailsBefore = await templates(member);

    expect(await renewAt(new Date(due.getTime() + 1000), member)).toEqual(["renewed"]);
    // Telegram's turn comes after the push (the member has none: nothing goes); the e-mail's never does.
    const { push, telegram } = config.notifications.delays;
    expect(await runCascade(member.clickid)).toEqual([push, push + telegram]);

    const pushes = await pushesTo(endpoint);
    expect(pushes).toHaveLength(1);
    const payload = JSON.parse(pushes[0]?.payload ?? "{}") as Record<string, string>;
    expect(payload.title).toBe("Il tuo abbonamento è stato rinnovato");
    expect(payload.body).toBe("I crediti del tuo piano sono già sul tuo account.");
    expect(payload.url).toMatch(/^\/profile\?n=[0-9a-f-]{36}&ch=push$/);
    expect(pushes[0]?.topic).toBe("renewal");

    // The digest's cron finds nothing of it: the one new mail is the renewal's.
    await inDb((db) => runDigests(config, db, new Date()));
    expect((await templates(member)).slice(mailsBefore.length)).toEqual(["renewed"]);
    const lines = await inDb((db) =>
      db.select().from(emailDigestItems).where(eq(emailDigestItems.accountId, accountId)),
    );
    expect(lines).toEqual([]);
    const deliveries = await inDb((db) =>
      db
        .select({ channel: notificationDeliveries.channel, outcome: notificationDeliveries.outcome })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.accountId, accountId)),
    );
    expect(deliveries.map((d) => `${d.channel}:${d.outcome}`).sort()).toEqual(["push:sent"]);
  });

  it("tells of a refused renewal and of the retry that recovers it, each once", async () => {
    const { member, due, endpoint } = await subscribedPayer(DECLINED_ONCE);
    const mailsBefore = await templates(member);

    expect(await renewAt(new Date(due.getTime() + 1000), member)).toEqual(["renewal_failed"]);
    await runCascade(member.clickid);
    const failed = (await pushesTo(endpoint)).map((p) => JSON.parse(p.payload) as Record<string, string>);
    expect(failed.map((p) => p.title)).toEqual(["Rinnovo dell'abbonamento non riuscito"]);
    expect((await templates(member)).slice(mailsBefore.length)).toEqual(["renewal_failed"]);

    expect(await renewAt(new Date(due.getTime() + DAY + 1000), member)).toEqual(["renewed"]);
    await runCascade(member.clickid);
    const all = (await pushesTo(endpoint)).map((p) => JSON.parse(p.payload) as Record<string, string>);
    expect(all.map((p) => p.title)).toEqual([
      "Rinnovo dell'abbonamento non riuscito",
      "Il tuo abbonamento è stato rinnovato",
    ]);
    expect((await templates(member)).slice(mailsBefore.length)).toEqual(["renewal_failed", "renewed"]);
  });
});
