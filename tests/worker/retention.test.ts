// The retention job (worker/privacy/retention.service.ts, on the Cron Trigger): what is past its period of the
// typed config is deleted and what is not stays; an unconfirmed account of a double opt-in flow, never paid and
// unused for the period, is erased like a deletion; one that paid is kept.
import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { mailSent } from "../../drizzle/schema/mail";
import { notificationDaily, notificationDeliveries, pushOutbox } from "../../drizzle/schema/notifications";
import { phoneCodes } from "../../drizzle/schema/phone";
import { dataExports } from "../../drizzle/schema/privacy";
import { telegramOutbox } from "../../drizzle/schema/telegram";
import { events } from "../../drizzle/schema/tracking";
import { runRetention } from "../../worker/privacy/retention.service";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, type TestMember } from "../fixtures/members";

const DAY = 86_400_000;
const idOf = async (clickid: string) =>
  (await inDb((db) => db.select({ id: accounts.id }).from(accounts).where(eq(accounts.clickid, clickid))))[0]
    ?.id ?? 0;

describe("the retention job", () => {
  it("deletes what is past its period and keeps the rest", { timeout: 90_000 }, async () => {
    const r = testConfig.rights.retention;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const member = await createMember();
    const accountId = await idOf(member.clickid);
    const [oldEvent, newEvent] = await inDb((db) =>
      db
        .insert(events)
        .values([
          { accountId, type: "vista_profilo", createdAt: ago(r.eventsDays + 1) },
          { accountId, type: "vista_profilo", createdAt: ago(r.eventsDays - 1) },
        ])
        .returning({ id: events.id }),
    );
    const [oldMail, newMail] = await inDb((db) =>
      db
        .insert(mailSent)
        .values([
          { accountId, template: "welcome", sentAt: ago(r.mailLogDays + 1) },
          { accountId, template: "welcome", sentAt: ago(r.mailLogDays - 1) },
        ])
        .returning({ id: mailSent.id }),
    );
    await inDb((db) =>
      db
        .insert(phoneCodes)
        .values({ accountId, phone: "+393470000000", codeHash: "h", expiresAt: ago(r.expiredCodesDays + 1) }),
    );
    await inDb((db) =>
      db.insert(dataExports).values([
        { accountId, tokenHash: crypto.randomUUID(), expiresAt: ago(r.expiredCodesDays + 1) },
        { accountId, tokenHash: crypto.randomUUID(), expiresAt: new Date(now.getTime() + DAY) },
      ]),
    );
    // Two unconfirmed members of the double opt-in flow 0000, unused for the period; one of them paid.
    const stale = await createMember({ fluxId: "0000" });
    const payer = await createMember({ fluxId: "0000" });
    await payFirstPlan(payer);
    await inDb((db) =>
      db
        .update(accounts)
        .set({ createdAt: ago(r.unverifiedAccountDays + 1), lastActivity: ago(r.unverifiedAccountDays + 1) })
        .where(inArray(accounts.clickid, [stale.clickid, payer.clickid])),
    );

    const counts = await inDb((db) => runRetention({ db, env, config: testConfig }, now));
    expect(counts.events).toBeGreaterThanOrEqual(1);
    const eventIds = (
      await inDb((db) => db.select({ id: events.id }).from(events).where(eq(events.accountId, accountId)))
    ).map((e) => e.id);
    expect(eventIds).toContain(newEvent?.id);
    expect(eventIds).not.toContain(oldEvent?.id);
    const mailIds = (
      await inDb((db) =>
        db.select({ id: mailSent.id }).from(mailSent).where(eq(mailSent.accountId, accountId)),
      )
    ).map((m) => m.id);
    expect(mailIds).toContain(newMail?.id);
    expect(mailIds).not.toContain(oldMail?.id);
    expect(
      await inDb((db) => db.select().from(phoneCodes).where(eq(phoneCodes.accountId, accountId))),
    ).toHaveLength(0);
    expect(
      await inDb((db) => db.select().from(dataExports).where(eq(dataExports.accountId, accountId))),
    ).toHaveLength(1);
    const left = await inDb((db) =>
      db
        .select()
        .from(accounts)
        .where(inArray(accounts.clickid, [stale.clickid, payer.clickid])),
    );
    // The one that never paid is erased (its clickid gone from the shell); the payer is kept as it was.
    expect(left.map((a) => a.clickid)).toEqual([payer.clickid]);
    expect(left[0]?.erasedAt).toBeNull();
  });

  it("deletes old pushes and Telegram messages of the outboxes and old notification records, keeping the day's counts", async () => {
    const r = testConfig.rights.retention;
    const now = new Date();
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const member = await createMember();
    const accountId = await idOf(member.clickid);
    const marker = crypto.randomUUID();
    const chatId = `retention-${marker}`;
    const delivery = (notificationId: string, sentAt: Date) => ({
      notificationId,
      accountId,
      brandId: "amoreitalia",
      channel: "push",
      kind: "message",
      count: 1,
      outcome: "sent",
      sentAt,
    });
    await inDb(async (db) => {
      await db.insert(pushOutbox).values([
        {
          brandId: "amoreitalia",
          accountId,
          endpoint: "http://127.0.0.1:9/p/1",
          payload: "old",
          createdAt: ago(r.outboxDays + 1),
        },
        {
          brandId: "amoreitalia",
          accountId,
          endpoint: "http://127.0.0.1:9/p/1",
          payload: "new",
          createdAt: ago(r.outboxDays - 1),
        },
      ]);
      await db.insert(telegramOutbox).values([
        { brandId: "amoreitalia", chatId, text: "old", createdAt: ago(r.outboxDays + 1) },
        { brandId: "amoreitalia", chatId, text: "new", createdAt: ago(r.outboxDays - 1) },
      ]);
      await db
        .insert(notificationDeliveries)
        .values([
          delivery(`old-${marker}`, ago(r.notificationLogDays + 1)),
          delivery(`new-${marker}`, ago(r.notificationLogDays - 1)),
        ]);
      await db.insert(notificationDaily).values({
        brandId: "amoreitalia",
        channel: `push-${marker.slice(0, 8)}`,
        day: "2026-01-02",
        sent: 3,
      });
    });

    // The Cron Trigger's member-rights job runs the same function.
    const counts = await inDb((db) => runRetention({ db, env, config: testConfig }, now));
    expect(counts.push_outbox).toBeGreaterThanOrEqual(1);
    expect(counts.notification_deliveries).toBeGreaterThanOrEqual(1);
    const left = await inDb(async (db) => ({
      pushes: await db
        .select({ p: pushOutbox.payload })
        .from(pushOutbox)
        .where(eq(pushOutbox.accountId, accountId)),
      telegram: await db
        .select({ t: telegramOutbox.text })
        .from(telegramOutbox)
        .where(eq(telegramOutbox.chatId, chatId)),
      deliveries: await db
        .select({ id: notificationDeliveries.notificationId })
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.accountId, accountId)),
      daily: await db
        .select({ sent: notificationDaily.sent })
        .from(notificationDaily)
        .where(eq(notificationDaily.channel, `push-${marker.slice(0, 8)}`)),
    }));
    expect(left.pushes).toEqual([{ p: "new" }]);
    expect(left.telegram).toEqual([{ t: "new" }]);
    expect(left.deliveries).toEqual([{ id: `new-${marker}` }]);
    expect(left.daily).toEqual([{ sent: 3 }]);
  });
});

/** The plan chosen for the member (flow 0000 sells its compliant list), paid by the sandbox's card. */
async function payFirstPlan(member: TestMember) {
  const plans = await call("/api/plans", { token: member.token });
  const body = (await plans.json()) as { chosen: string | null };
  if (!body.chosen) throw new Error("no plan for flow 0000");
  const response = await call("/orders/tryCharge", {
    method: "POST",
    token: member.token,
    body: JSON.stringify({
      cardNumber: "4242424242424242",
      cardMonth: "12",
      cardYear: "30",
      cardSecurityCode: "123",
      firstName: "Mario",
      lastName: "Rossi",
      rateplan: body.chosen,
      clickid: member.clickid,
      newCard: false,
    }),
  });
  expect(await response.json()).toMatchObject({ status: "ok" });
}
