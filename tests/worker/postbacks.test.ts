// The trackers' postbacks: each tracking call and each ledger event is one row of the outbox, whatever replays
// it; deliverers send each once to the brand's tracker (the fake in tests/fakes/tracker.ts), never twice at the
// same time, retry a tracker that is down, slow or failing with a growing wait, and stop resending once it said
// yes. A sale, a renewal, a refund and a chargeback come from the ledger with the money that moved.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { postbacks } from "../../drizzle/schema/attribution";
import { createApp } from "../../worker/app";
import { brands } from "../../worker/brands/registry";
import { openDb } from "../../worker/core/db";
import { settlePayment } from "../../worker/payments/settlement.service";
import {
  backoffMs,
  deliverPostbacks,
  enqueuePostback,
  type PostbackEvent,
} from "../../worker/tracking/postbacks.service";
import { buyWithCard } from "../fixtures/card-purchase";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember } from "../fixtures/members";
import { account, PLANS, pay, refund, signedInOperator } from "../fixtures/refunds";

const fake = z.object({ FAKE_TRACKER_URL: z.string().url(), FAKE_TRACKER_TEMPLATE: z.string() }).parse(env);
const { db, end } = openDb(testConfig.database);
afterAll(() => end());

interface Hit {
  cid: string;
  event: string;
  payout: string;
  currency: string;
  txid: string;
  status: number;
}
const hitsOf = async (cid: string) => {
  const response = await fetch(`${fake.FAKE_TRACKER_URL}/__fake/postbacks?cid=${encodeURIComponent(cid)}`);
  return ((await response.json()) as { hits: Hit[] }).hits;
};
const setMode = (cid: string, mode: "up" | "down" | "slow" | "error") =>
  fetch(`${fake.FAKE_TRACKER_URL}/__fake/mode/${encodeURIComponent(cid)}`, {
    method: "PUT",
    body: JSON.stringify({ mode }),
  });

/** A brand of its own per test, so each run delivers only that test's rows. */
const ownBrand = () => `tracker-test-${crypto.randomUUID().slice(0, 8)}`;
const deliver = (brandId: string, now: Date, timeoutMs = 2_000) =>
  deliverPostbacks(db, {
    brandIds: [brandId],
    templateOf: (id) => (id === brandId ? fake.FAKE_TRACKER_TEMPLATE : undefined),
    timeoutMs,
    now,
  });
const event = (brandId: string, clickid: string, n = 1): PostbackEvent => ({
  brandId,
  eventKey: `test:${brandId}:${clickid}:${n}`,
  kind: "sale",
  clickid,
  accountId: null,
  payoutCents: 1990,
  currency: "EUR",
  payload: {},
});
const rowsOf = (brandId: string) => db.select().from(postbacks).where(eq(postbacks.brandId, brandId));
/** When the brand's first row fell due, by the database's clock (which stores microseconds and may run ahead of
 * the Worker's, whose clock only moves on I/O): a deliverer at this time finds it due. */
const dueAt = async (brandId: string) => {
  const [row] = await rowsOf(brandId);
  if (!row) throw new Error(`no postback of ${brandId}`);
  return new Date(row.nextAttemptAt.getTime() + 1);
};
const postbacksOf = (clickid: string) =>
  inDb((d) => d.select().from(postbacks).where(eq(postbacks.clickid, clickid)).orderBy(postbacks.id));

describe("delivering postbacks", () => {
  it("sends each event once, with the click id and the payout, even to concurrent deliverers", async () => {
    const brandId = ownBrand();
    const clickids = Array.from({ length: 12 }, (_, i) => `cid${i}${crypto.randomUUID().slice(0, 6)}`);
    // Each event enqueued three times at once (a replayed webhook, a retried call): one row each.
    await Promise.all(
      clickids.flatMap((cid) => [1, 2, 3].map(() => enqueuePostback(db, event(brandId, cid)))),
    );
    expect(await rowsOf(brandId)).toHaveLength(12);

    const now = new Date();
    const runs = await Promise.all([deliver(brandId, now), deliver(brandId, now), deliver(brandId, now)]);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBe(12);
    for (const cid of clickids) {
      const hits = await hitsOf(cid);
      expect(hits, cid).toHaveLength(1);
      expect(hits[0]).toMatchObject({ event: "sale", payout: "19.90", currency: "EUR", status: 200 });
    }
    // Sent rows are never sent again, however often the job runs.
    await deliver(brandId, new Date(now.getTime() + 86_400_000));
    for (const cid of clickids) expect(await hitsOf(cid)).toHaveLength(1);
    expect((await rowsOf(brandId)).every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });

  it("retries a tracker that is down, then failing, with a growing wait, until it says yes", async () => {
    const brandId = ownBrand();
    const cid = `down${crypto.randomUUID().slice(0, 8)}`;
    await setMode(cid, "down");
    await enqueuePostback(db, event(brandId, cid));
    const t0 = await dueAt(brandId);
    expect(await deliver(brandId, t0)).toMatchObject({ sent: 0, retried: 1 });
    let [row] = await rowsOf(brandId);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row?.lastError).toMatch(/unreachable/);
    expect(row?.nextAttemptAt.getTime()).toBe(t0.getTime() + backoffMs(1));

    // Not before its time.
    expect(await deliver(brandId, new Date(t0.getTime() + backoffMs(1) - 1000))).toMatchObject({
      retried: 0,
    });
    await setMode(cid, "error");
    const t1 = new Date(t0.getTime() + backoffMs(1));
    expect(await deliver(brandId, t1)).toMatchObject({ retried: 1 });
    [row] = await rowsOf(brandId);
    expect(row).toMatchObject({
      status: "pending",
      attempts: 2,
      lastStatus: 500,
      lastError: "tracker answered 500",
    });
    expect(row?.nextAttemptAt.getTime()).toBe(t1.getTime() + backoffMs(2));
    expect(backoffMs(2)).toBe(2 * backoffMs(1));

    await setMode(cid, "up");
    expect(await deliver(brandId, new Date(t1.getTime() + backoffMs(2)))).toMatchObject({ sent: 1 });
    [row] = await rowsOf(brandId);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastStatus: 200, lastError: null });
    expect((await hitsOf(cid)).map((h) => h.status)).toEqual([0, 500, 200]);
  });

  it("gives up a slow tracker's wait at the timeout and tries again later", async () => {
    const brandId = ownBrand();
    const cid = `slow${crypto.randomUUID().slice(0, 8)}`;
    await setMode(cid, "slow");
    await enqueuePostback(db, event(brandId, cid));
    expect(await deliver(brandId, await dueAt(brandId), 300)).toMatchObject({ retried: 1 });
    const [row] = await rowsOf(brandId);
    expect(row).toMatchObject({ status: "pending", lastError: "timeout", lastStatus: null });
  });

  it("takes back a row whose deliverer died mid-send once its lease is over", async () => {
    const brandId = ownBrand();
    const cid = `lease${crypto.randomUUID().slice(0, 8)}`;
    await enqueuePostback(db, event(brandId, cid));
    const now = new Date();
    // A deliverer claimed it and never came back.
    await db
      .update(postbacks)
      .set({ status: "sending", attempts: 1, claimedUntil: new Date(now.getTime() + 30_000) })
      .where(eq(postbacks.brandId, brandId));
    expect(await deliver(brandId, now)).toMatchObject({ sent: 0 });
    expect(await deliver(brandId, new Date(now.getTime() + 31_000))).toMatchObject({ sent: 1 });
    expect(await hitsOf(cid)).toHaveLength(1);
  });

  it("keeps a brand's postbacks in the outbox while it has no tracker", async () => {
    const brandId = ownBrand();
    await enqueuePostback(db, event(brandId, `none${crypto.randomUUID().slice(0, 8)}`));
    const run = await deliverPostbacks(db, {
      brandIds: [brandId],
      templateOf: () => undefined,
      timeoutMs: 1000,
      now: await dueAt(brandId),
    });
    expect(run).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await rowsOf(brandId)).toEqual([expect.objectContaining({ status: "pending", attempts: 0 })]);
  });
});

describe("postbacks from the ledger", () => {
  it("reports a sale with its amount once, and its refund from the console as a negative payout", async () => {
    const member = await createMember();
    const paid = await pay(member, PLANS.starter);
    // The provider's webhook replayed: still one sale.
    await inDb((d) => settlePayment(d, "sandbox", { reference: paid.reference ?? "", status: "succeeded" }));
    let rows = await postbacksOf(member.clickid);
    expect(rows.map((r) => [r.kind, r.payoutCents, r.currency])).toEqual([["sale", 990, "EUR"]]);
    expect(rows[0]?.eventKey).toBe(`sale:payment:${paid.id}`);

    const supervisor = await signedInOperator("supervisor");
    expect((await refund(supervisor.token, paid.id)).status).toBe(200);
    rows = await postbacksOf(member.clickid);
    expect(rows.map((r) => [r.kind, r.payoutCents])).toEqual([
      ["sale", 990],
      ["refund", -990],
    ]);
  });

  it("reports nothing of a member who does not consent to communication to third parties", async () => {
    const member = await createMember({ terms3: false });
    await pay(member, PLANS.starter);
    expect(await postbacksOf(member.clickid)).toEqual([]);
  });

  it("reports a chargeback once, however often the provider notifies it", async () => {
    const member = await createMember();
    const disputed = await pay(member, PLANS.starter);
    const chargeback = {
      reference: disputed.reference ?? "",
      status: "refunded",
      reversal: "chargeback",
    } as const;
    await inDb((d) => settlePayment(d, "sandbox", chargeback));
    await inDb((d) => settlePayment(d, "sandbox", chargeback));
    const rows = await postbacksOf(member.clickid);
    expect(rows.map((r) => [r.kind, r.payoutCents])).toEqual([
      ["sale", 990],
      ["chargeback", -990],
    ]);
  });

  it("reports a renewal the renewal job charged", async () => {
    const member = await createMember({ fluxId: "7" });
    await buyWithCard(member, PLANS.starter.productId);
    await buyWithCard(member, PLANS.vip.productId);
    const response = await call("/dev/renewals/run", {
      method: "POST",
      body: JSON.stringify({
        now: new Date(Date.now() + 31 * 86_400_000).toISOString(),
        clickid: member.clickid,
      }),
    });
    expect(response.status).toBe(200);
    const rows = await postbacksOf(member.clickid);
    expect(rows.map((r) => [r.kind, r.payoutCents])).toEqual([
      ["sale", 990],
      ["sale", 3990],
      ["renewal", 3990],
    ]);
  });

  it("sends the sale to the brand's tracker with the click id and the payout", async () => {
    const member = await createMember();
    await pay(member, PLANS.starter);
    const { brandId } = await account(member.clickid);
    const config = {
      ...testConfig,
      tracking: { ...testConfig.tracking, postbackUrls: { [brandId]: fake.FAKE_TRACKER_TEMPLATE } },
    };
    const { deliverDuePostbacks } = await import("../../worker/tracking/postbacks.service");
    // Other files' rows of the brand go out too: run until this member's is sent (each run sends up to 50).
    for (let i = 0; i < 40 && (await hitsOf(member.clickid)).length === 0; i++) {
      await deliverDuePostbacks(db, config, new Date());
    }
    expect(await hitsOf(member.clickid)).toEqual([
      expect.objectContaining({ event: "sale", payout: "9.90", currency: "EUR", status: 200 }),
    ]);
    const [row] = await postbacksOf(member.clickid);
    expect(row).toMatchObject({ status: "sent" });
    expect(String(row?.id)).toBe((await hitsOf(member.clickid))[0]?.txid);
  });
});

describe("the tracking calls", () => {
  const post = (path: string, body: unknown, token?: string) =>
    call(path, { method: "POST", body: JSON.stringify(body), ...(token ? { token } : {}) });

  it("stores the landing's click once, with its campaign and page type", async () => {
    const clickid = `land${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const body = { clickid, kcampaign: "spring-fb", pageType: "signup" };
    expect(await (await post("/api/payment/api/importClick", body)).json()).toEqual({
      result: "OK",
      stored: true,
    });
    expect(await (await post("/api/payment/api/importClick", body)).json()).toEqual({
      result: "OK",
      stored: false,
    });
    const rows = await postbacksOf(clickid);
    expect(rows).toEqual([
      expect.objectContaining({
        kind: "click",
        brandId: "amoreitalia",
        payload: expect.objectContaining(body),
      }),
    ]);
    // Locally (no tracker for the brand) it waits in the outbox page.
    expect(await (await call("/dev/outbox")).text()).toContain(clickid);
  });

  it("refuses bad input naming the field, and another member's click id", async () => {
    const bad = await post("/api/payment/api/importClick", { clickid: "no spaces allowed", pageType: "x" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "invalid_input", field: "clickid" } });
    const unknown = await post("/log/event", { clickid: "abc123", service: "it", nome_evento: "drop_table" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { field: "nome_evento" } });
    const huge = await post("/log/event", {
      clickid: "abc123",
      service: "it",
      nome_evento: "like",
      metadata: Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`k${i}`, i])),
    });
    expect(huge.status).toBe(400);
    const member = await createMember();
    const other = await post(
      "/log/event",
      { clickid: "someoneelse1", service: "it", nome_evento: "like" },
      member.token,
    );
    expect(other.status).toBe(403);
  });

  it("forwards the member's own order with the amount the ledger holds, once per call kind", async () => {
    const member = await createMember();
    const paid = await pay(member, PLANS.starter);
    const body = { clickid: member.clickid, orderId: paid.orderId, nomePiano: "starter-30" };
    expect((await post("/api/payment/api/importOrder", body)).status).toBe(401);
    expect(await (await post("/api/payment/api/importOrder", body, member.token)).json()).toMatchObject({
      stored: true,
    });
    expect(await (await post("/api/payment/api/importOrder", body, member.token)).json()).toMatchObject({
      stored: false,
    });
    expect(await (await post("/api/payment/api/cancelOrder", body, member.token)).json()).toMatchObject({
      stored: true,
    });
    const stranger = await createMember();
    const theirs = await post(
      "/api/payment/api/importUpsell",
      { ...body, clickid: stranger.clickid },
      stranger.token,
    );
    expect(theirs.status).toBe(404);
    const rows = (await postbacksOf(member.clickid)).filter((r) => r.kind !== "sale");
    expect(rows.map((r) => [r.kind, r.payoutCents])).toEqual([
      ["order", 990],
      ["cancel", 0],
    ]);
  });

  it("stores a KPI event without the e-mail; a `unica` one counts once", async () => {
    const member = await createMember();
    const kpi = {
      clickid: member.clickid,
      service: "amoreitalia",
      nome_evento: "scelta_rateplan",
      valore_evento: "vip-300",
      premiumLevel: 0,
      flux: "7",
      email: member.email,
      country: "it",
      ua: "Mozilla/5.0",
      unica: 1,
      metadata: { price: 39.9 },
    };
    expect((await post("/log/event", kpi, member.token)).status).toBe(200);
    expect(await (await post("/log/event", kpi, member.token)).json()).toMatchObject({ stored: false });
    const rows = await postbacksOf(member.clickid);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "kpi", accountId: expect.any(Number) });
    expect(JSON.stringify(rows[0]?.payload)).not.toContain(member.email);
    const many = { ...kpi, nome_evento: "like", unica: 0 };
    await post("/log/event", many, member.token);
    await post("/log/event", many, member.token);
    const likes = await inDb((d) =>
      d
        .select()
        .from(postbacks)
        .where(and(eq(postbacks.clickid, member.clickid), eq(postbacks.kind, "kpi"))),
    );
    expect(likes).toHaveLength(3);
  });

  it("answers getIp only on affiliation brands", async () => {
    expect((await call("/getIp.php", { ip: "203.0.113.9" })).status).toBe(404);
    const italia = brands.amoreitalia;
    const affiliated = { ...italia, public: { ...italia.public, affiliation: true } };
    const ctx = createExecutionContext();
    const response = await createApp({ ...brands, amoreitalia: affiliated }, "amoreitalia").fetch(
      new Request("http://it.localhost/getIp.php", {
        headers: { host: "it.localhost", "cf-connecting-ip": "203.0.113.9", "user-agent": "Tester/1.0" },
      }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(await response.json()).toEqual({ ip: "203.0.113.9", ua: "Tester/1.0" });
  });
});
