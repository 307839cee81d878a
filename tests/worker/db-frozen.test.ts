// A database that hangs (connections accepted, nothing answered) through a real relay in front of the tests'
// database (tests/fixtures/frozen-database.ts): every wait of the Worker is bounded, so requests answer 503
// `unavailable` with Retry-After as when Postgres refuses connections, the WebSocket upgrade too, a room's
// frame answers server_error, the cron jobs end and say so; and a payment settled during the outage is
// granted exactly once when the database answers again, whichever of the return page and the webhook comes
// back first and however often.
import {
  createExecutionContext,
  createScheduledController,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { ratePlans } from "../../drizzle/schema/flows";
import { orders, payments } from "../../drizzle/schema/payments";
import { createApp } from "../../worker/app";
import { DB_QUERY_TIMEOUT_MS, DB_STATEMENT_TIMEOUT_MS, type Db, openDb, withDb } from "../../worker/core/db";
import { databaseUnavailable, STATEMENT_TIMED_OUT } from "../../worker/core/db-errors";
import worker from "../../worker/index";
import { startCardPayment } from "../../worker/payments/checkout.service";
import { orderPlanOf } from "../../worker/payments/payment-lookups.service";
import { sandboxProvider } from "../../worker/payments/providers/sandbox";
import { ANGEL } from "../fixtures/chat";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import {
  cutDatabase,
  freezeDatabase,
  OUTAGE_ANSWER_WITHIN_MS,
  OUTAGE_WAITS,
  relayBindings,
  relayDatabase,
  thawDatabase,
  timed,
} from "../fixtures/frozen-database";
import { purchaseGrants } from "../fixtures/grants";
import { call, createMember, hosts, type TestMember, verifiedMember } from "../fixtures/members";
import { connect, roomOf } from "../fixtures/socket";

/** The Worker's env pointed at the relay (one object, so its config is parsed once). */
const relayEnv = { ...env, ...relayBindings } as Cloudflare.Env;
const app = createApp();

afterEach(async () => {
  vi.restoreAllMocks();
  await thawDatabase();
});

/** The log lines written while `run` runs (console.error and console.warn), parsed. */
async function logLines(run: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  await run();
  return [...error.mock.calls, ...warn.mock.calls].map(
    (call) => JSON.parse(String(call[0])) as Record<string, unknown>,
  );
}

/** A request to the Worker whose database is behind the relay; it waits for the request's after-work too. */
async function viaRelay(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("host", hosts.it);
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  if (typeof init.body === "string" && !headers.has("content-type"))
    headers.set("content-type", "application/json");
  const ctx = createExecutionContext();
  const response = await app.fetch(
    new Request(`http://${hosts.it}${path}`, { ...init, headers }),
    relayEnv,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe("5");
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe("unavailable");
}

describe("the database's own limit", () => {
  it("is the database's default statement_timeout, below the client's wait for a statement", async () => {
    const settings = await inDb((db) =>
      db.execute<{ setting: string }>(sql`
        select unnest(setconfig) as setting from pg_db_role_setting
        where setrole = 0 and setdatabase = (select oid from pg_database where datname = current_database())`),
    );
    expect(settings.rows.map((r) => r.setting)).toContain(
      `statement_timeout=${DB_STATEMENT_TIMEOUT_MS / 1000}s`,
    );
    expect(DB_QUERY_TIMEOUT_MS).toBeGreaterThan(DB_STATEMENT_TIMEOUT_MS);
  });
});

describe("a frozen database", () => {
  it("fails a statement over HTTP, a transaction and its connection within their bounds", async () => {
    await freezeDatabase();
    for (const run of [
      () => withDb(relayDatabase, (db) => db.execute(sql`select 1`)),
      () => withDb(relayDatabase, (db) => db.transaction((tx) => tx.execute(sql`select 1`))),
    ]) {
      const { ms, outcome } = await timed(run);
      expect(outcome.status).toBe("rejected");
      expect(databaseUnavailable(outcome.status === "rejected" ? outcome.reason : null)).toBe(true);
      expect(ms).toBeLessThan(OUTAGE_ANSWER_WITHIN_MS);
    }
  });

  it("fails a transaction that was under way when it froze after one statement's wait, not two", async () => {
    const { ms, outcome } = await timed(() =>
      withDb(relayDatabase, (db) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await freezeDatabase();
          await tx.execute(sql`select 2`);
        }),
      ),
    );
    expect(outcome.status).toBe("rejected");
    expect(databaseUnavailable(outcome.status === "rejected" ? outcome.reason : null)).toBe(true);
    // The timed-out statement closes the connection, so the ROLLBACK after it fails at once instead of
    // waiting as long again on a connection nothing answers.
    expect(ms).toBeLessThan(2 * OUTAGE_WAITS.queryTimeoutMs);
  });

  it("answers requests 503 unavailable with Retry-After, and logs the route and the timeout", async () => {
    const member = await createMember();
    await freezeDatabase();
    const lines = await logLines(async () => {
      for (const [path, token] of [
        ["/api/get/regions/it"],
        [`/get/messages/${member.clickid}`, member.token],
      ]) {
        const { ms, outcome } = await timed(() => viaRelay(path as string, { token }));
        if (outcome.status === "rejected") throw outcome.reason;
        await expectUnavailable(outcome.value);
        expect(ms).toBeLessThan(OUTAGE_ANSWER_WITHIN_MS);
      }
    });
    expect(lines).toContainEqual(
      expect.objectContaining({
        event: "request.failed",
        route: "/get/messages/:trackerId",
        code: STATEMENT_TIMED_OUT,
      }),
    );
    expect(JSON.stringify(lines)).not.toContain(member.clickid);
  });

  it("answers the room's WebSocket upgrade 503 with Retry-After", async () => {
    const member = await createMember();
    await freezeDatabase();
    const { ms, outcome } = await timed(() =>
      viaRelay(`/parties/user-room/${member.clickid}?token=${member.token}`, {
        headers: { upgrade: "websocket" },
      }),
    );
    if (outcome.status === "rejected") throw outcome.reason;
    await expectUnavailable(outcome.value);
    expect(ms).toBeLessThan(OUTAGE_ANSWER_WITHIN_MS);
  });

  it("in the room: the frame answers server_error within the bound, and the log names the timeout", async () => {
    const member = await verifiedMember();
    const socket = await connect(member);
    await runInDurableObject(roomOf(member.clickid), (instance) => {
      instance.frozenDatabase = true;
    });
    try {
      await freezeDatabase();
      const clientId = crypto.randomUUID();
      const lines = await logLines(async () => {
        const { ms } = await timed(async () => {
          socket.send({ event: "chat", data: { msg: "ci sei?", angelId: ANGEL, clientId } });
          const failed = await socket.next("error", (e) => e.data.clientId === clientId, 20_000);
          expect(failed.data.code).toBe("server_error");
        });
        expect(ms).toBeLessThan(OUTAGE_ANSWER_WITHIN_MS);
      });
      expect(lines).toContainEqual(
        expect.objectContaining({
          event: "room.event_failed",
          frameEvent: "chat",
          code: STATEMENT_TIMED_OUT,
        }),
      );
    } finally {
      await runInDurableObject(roomOf(member.clickid), (instance) => {
        instance.frozenDatabase = false;
      });
      socket.close();
    }
  });

  it("ends the cron jobs within the bound, each logged by its name", async () => {
    await freezeDatabase();
    const lines = await logLines(async () => {
      const { ms, outcome } = await timed(async () => {
        const ctx = createExecutionContext();
        worker.scheduled(
          createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }),
          relayEnv,
          ctx,
        );
        await waitOnExecutionContext(ctx);
      });
      expect(outcome.status).toBe("fulfilled");
      expect(ms).toBeLessThan(OUTAGE_ANSWER_WITHIN_MS);
    });
    for (const job of ["renewals", "reconciliation", "notification-digests", "member-rights"]) {
      expect(lines).toContainEqual(
        expect.objectContaining({ event: "cron.failed", job, code: STATEMENT_TIMED_OUT }),
      );
    }
  });
});

/** The seed's Starter plan of flow 7: 30 credits. */
const PLAN = { productId: "starter-30", credits: 30 };
/** The sandbox's 3-D Secure test card. */
const THREE_DS_CARD = "4000000000003220";

/** The sandbox provider as the Worker runs it here: the provider's side of the payments. */
const sandboxOn = (db: Db) =>
  sandboxProvider(db, {
    origin: `http://${hosts.it}`,
    threeDsSystem: "adyen",
    webhookSecret: testConfig.sandboxWebhookSecret,
  });

const creditsOf = async (member: TestMember) =>
  (await inDb((db) => db.select().from(accounts).where(eq(accounts.clickid, member.clickid))))[0];

describe("money across a frozen database", () => {
  it("grants a payment that succeeded during the outage exactly once, when the database answers again", async () => {
    const member = await createMember();
    const before = await creditsOf(member);
    const post = (path: string, body: unknown) =>
      viaRelay(path, { method: "POST", token: member.token, body: JSON.stringify(body) });
    const charge = (await (
      await post("/orders/tryCharge", {
        cardNumber: THREE_DS_CARD,
        cardMonth: "12",
        cardYear: "30",
        cardSecurityCode: "123",
        firstName: "Mario",
        lastName: "Rossi",
        rateplan: PLAN.productId,
        clickid: member.clickid,
      })
    ).json()) as { status: string; threeDS: { fields: { reference: string } } };
    expect(charge.status).toBe("ok");
    const reference = charge.threeDS.fields.reference;

    // The member passes 3-D Secure at the provider, whose webhook is on its way; then the database hangs.
    const { db, end } = openDb(testConfig.database);
    const sandbox = sandboxOn(db);
    await sandbox.answerChallenge(reference, "pass");
    const hook = await sandbox.webhook(reference, `http://${hosts.it}/hooks/sandbox`);
    const hookBody = await hook.text();
    const deliver = () =>
      viaRelay("/hooks/sandbox", {
        method: "POST",
        headers: Object.fromEntries(hook.headers),
        body: hookBody,
      });
    const returnPage = () =>
      post("/orders/adyen/checkTransactionStatus", { clickid: member.clickid, redirectResult: reference });
    await end();
    await freezeDatabase();

    // Both the provider's webhook and the return page's check are told to come back later.
    for (const arrival of [deliver, returnPage]) {
      const { ms, outcome } = await timed(arrival);
      if (outcome.status === "rejected") throw outcome.reason;
      await expectUnavailable(outcome.value);
      expect(ms).toBeLessThan(OUTAGE_ANSWER_WITHIN_MS);
    }

    // The database answers again; the provider retries its webhook and the member's page its check.
    await thawDatabase();
    expect((await deliver()).status).toBe(200);
    const checked = await returnPage();
    expect(await checked.json()).toMatchObject({ result: true, message: "success" });
    expect((await deliver()).status).toBe(200);

    const after = await creditsOf(member);
    expect(after?.messageCredits).toBe((before?.messageCredits ?? 0) + PLAN.credits);
    expect(await purchaseGrants(after?.id ?? 0)).toHaveLength(1);
    expect(await paymentsOf(after?.id ?? 0)).toEqual([{ reference, status: "succeeded" }]);
  });

  it("applies a charge whose reference was lost with the database, found by our key, once", async () => {
    const member = await createMember();
    const before = await creditsOf(member);
    const { db, end } = openDb(testConfig.database);
    const relay = openDb(relayDatabase);
    try {
      const sandbox = sandboxOn(db);
      // The provider takes the money, and the database goes away before its answer is written down.
      let charged = "";
      const provider = {
        ...sandbox,
        async chargeCard(charge: Parameters<typeof sandbox.chargeCard>[0]) {
          const payment = await sandbox.chargeCard(charge);
          charged = payment.reference;
          await cutDatabase();
          return payment;
        },
      };
      const [plan] = await db
        .select()
        .from(ratePlans)
        .where(and(eq(ratePlans.fluxId, "7"), eq(ratePlans.productId, PLAN.productId)));
      if (!plan || !before) throw new Error("the seed's plan or the member is missing");
      const { outcome } = await timed(() =>
        startCardPayment(relay.db, provider, {
          accountId: before.id,
          brandId: "amoreitalia",
          fluxId: "7",
          planList: "free",
          plan: orderPlanOf(plan),
          descriptor: "AMORE*ITALIA",
          returnUrl: `http://${hosts.it}/adyen/paymentCheck`,
          card: {
            number: "4242424242424242",
            expMonth: 12,
            expYear: 2030,
            cvc: "123",
            holderName: "Mario Rossi",
          },
          customer: { email: member.email },
          storeCard: false,
        }),
      );
      expect(outcome.status).toBe("rejected");
      expect(databaseUnavailable(outcome.status === "rejected" ? outcome.reason : null)).toBe(true);
      await thawDatabase();
      const lost = await paymentsOf(before.id);
      expect(lost).toEqual([{ reference: null, status: "created" }]);

      // The provider's webhook names its reference and ours: the payment is applied, and once.
      const hook = await sandbox.webhook(charged, `http://${hosts.it}/hooks/sandbox`);
      const body = await hook.text();
      for (let i = 0; i < 2; i++) {
        const delivered = await call("/hooks/sandbox", {
          method: "POST",
          headers: Object.fromEntries(hook.headers),
          body,
        });
        expect(delivered.status).toBe(200);
      }
      const checked = await call("/orders/adyen/checkTransactionStatus", {
        method: "POST",
        token: member.token,
        body: JSON.stringify({ clickid: member.clickid, redirectResult: charged }),
      });
      expect(await checked.json()).toMatchObject({ result: true, message: "success" });
      expect(await paymentsOf(before.id)).toEqual([{ reference: charged, status: "succeeded" }]);
      expect((await creditsOf(member))?.messageCredits).toBe(before.messageCredits + PLAN.credits);
      expect(await purchaseGrants(before.id)).toHaveLength(1);
    } finally {
      await Promise.all([end(), relay.end()]);
    }
  });
});

const paymentsOf = (accountId: number) =>
  inDb((db) =>
    db
      .select({ reference: payments.reference, status: payments.status })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(eq(orders.accountId, accountId)),
  );
