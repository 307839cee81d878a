// The member's rights end to end through the Worker (DESIGN.md section 9): the archive holds every kind of the
// member's data and nothing of anyone else's; the erasure leaves no personal value in any column of any table
// nor in the photo bucket, while the payment records stay and the ledger still adds up; a login in the grace
// period restores the account; a late webhook after the erasure recreates nothing.
import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { orders, payments, savedCards, subscriptions } from "../../drizzle/schema/payments";
import { openDb } from "../../worker/core/db";
import { sandboxProvider } from "../../worker/payments/providers/sandbox";
import { isErased, runDueErasures } from "../../worker/privacy/erasure.service";
import { memberTables } from "../../worker/privacy/personal-data";
import type { DataSubject } from "../../worker/privacy/personal-data-model";
import { login, post, verify } from "../fixtures/auth";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { outbox } from "../fixtures/mail";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";
import { seededMember } from "../fixtures/rights";

const DAY = 86_400_000;
const PASSWORD = "a-good-password";

const accountOf = (id: number) =>
  inDb(async (db) => (await db.select().from(accounts).where(eq(accounts.id, id)))[0]);

async function download(member: TestMember): Promise<Record<string, Uint8Array>> {
  const link = await call("/api/privacy/export", { method: "POST", token: member.token });
  expect(link.status).toBe(200);
  const { url } = (await link.json()) as { url: string };
  const response = await call(new URL(url).pathname);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

/** The tables with a text or JSON column holding any of `needles` (the whole database, one query per table). */
async function foundAnywhere(...needles: string[]): Promise<string[]> {
  return inDb(async (db) => {
    const columns = await db.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
    const byTable = new Map<string, string[]>();
    for (const { table_name, column_name } of columns.rows)
      byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
    const patterns = sql`array[${sql.join(
      needles.map((n) => sql`${`%${n}%`}`),
      sql`, `,
    )}]::text[]`;
    const hits: string[] = [];
    for (const [table, names] of byTable) {
      const anyColumn = sql.join(
        names.map((c) => sql`${sql.identifier(c)}::text ilike any(${patterns})`),
        sql` or `,
      );
      const found = await db.execute(sql`select 1 from ${sql.identifier(table)} where ${anyColumn} limit 1`);
      if (found.rows.length > 0) hits.push(table);
    }
    return hits;
  });
}

const deleteAccount = (member: TestMember, body: Record<string, unknown> = { password: PASSWORD }) =>
  post("/api/privacy/deletion", body, { token: member.token });

const eraseDue = () =>
  inDb((db) => runDueErasures({ db, env, config: testConfig }, new Date(Date.now() + 31 * DAY)));

describe("download my data", () => {
  it("holds every kind of the member's data and nothing of another member's, once per link", {
    timeout: 90_000,
  }, async () => {
    const [a, b] = [await seededMember(), await seededMember()];
    const files = await download(a);
    const text = Object.values(files)
      .map((bytes) => strFromU8(bytes, true))
      .join("\n");
    expect(strFromU8(files["README.txt"] ?? new Uint8Array())).toContain("I tuoi dati");
    for (const entry of memberTables.filter((t) => t.file))
      expect(files, entry.name).toHaveProperty(`data/${entry.file}.json`);
    const json = (name: string) =>
      JSON.parse(strFromU8(files[`data/${name}.json`] ?? new Uint8Array())) as unknown;
    expect(json("account")).toMatchObject({ email: a.email, username: `user${a.marker}`, phone: a.phone });
    expect(json("account")).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(json("messages"))).toContain(`hello from ${a.marker}`);
    for (const kind of [
      "likes",
      "visits",
      "dislikes",
      "invites",
      "notifications",
      "events",
      "orders",
      "payments",
      "subscriptions",
      "saved_cards",
      "credit_ledger",
      "mails_sent",
      "phone_codes",
      "mail_suppressions",
      "data_requests",
    ])
      expect((json(kind) as unknown[]).length, kind).toBeGreaterThan(0);
    const consents = json("consents") as { consent: string; granted: boolean; textVersion: string }[];
    expect(consents.filter((c) => c.consent === "terms3").map((c) => c.granted)).toEqual([false, true]);
    expect(consents.every((c) => c.textVersion.length > 0)).toBe(true);
    expect(json("logins")).toMatchObject({ password: true, google: true, signupIp: `ip-${a.marker}` });
    expect(json("notification_channels")).toMatchObject({ telegram: { linked: true } });
    expect(files[`photos/${a.marker}.jpg`]).toEqual(a.photoBytes);
    expect(strFromU8(files[`receipts/ricevuta_${a.paymentId}.pdf`]?.slice(0, 5) ?? new Uint8Array())).toBe(
      "%PDF-",
    );
    // Nothing of the other member, and no secret.
    for (const value of b.values) expect(text).not.toContain(value);
    expect(text).not.toContain("argon2");
    // The link served once.
    const again = await call(`/api/privacy/export/${"x".repeat(43)}`, { redirect: "manual" });
    expect(again.status).toBe(302);
  });

  it("serves a link once and limits the archives a member asks for in a day", async () => {
    const member = await createMember();
    const { url } = (await (
      await call("/api/privacy/export", { method: "POST", token: member.token })
    ).json()) as {
      url: string;
    };
    expect((await call(new URL(url).pathname)).status).toBe(200);
    const used = await call(new URL(url).pathname, { redirect: "manual" });
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe("/profile?dati=scaduto");
    const mails = await outbox(member.email);
    expect(mails.filter((m) => m.template === "data_export")).toHaveLength(1);
    for (let i = 1; i < testConfig.rights.exportsPerDay; i++) {
      expect((await call("/api/privacy/export", { method: "POST", token: member.token })).status).toBe(200);
    }
    const refused = await call("/api/privacy/export", { method: "POST", token: member.token });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: "too_many_exports" } });
  });
});

describe("delete my account", () => {
  it("stops the account at once and, after the grace period, erases every personal value while the ledger balances", {
    timeout: 120_000,
  }, async () => {
    const [a, b] = [await seededMember(), await seededMember()];
    const before = await accountOf(a.id);
    const money = await inDb((db) =>
      db
        .select({ id: payments.id, amountCents: payments.amountCents, status: payments.status })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.accountId, a.id)),
    );
    const wrong = await deleteAccount(a, { password: "not-the-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatchObject({ code: "wrong_password", field: "password" });
    expect((await accountOf(a.id))?.disabled).toBe(false);

    const deleted = await deleteAccount(a);
    expect(deleted.status).toBe(200);
    const stopped = await accountOf(a.id);
    expect(stopped).toMatchObject({ disabled: true, notifyEmail: false, pushToken: null, telegramId: null });
    expect(new Date(stopped?.erasureDueAt ?? 0).getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    expect((await verify(a.token)).verify).toBe(0);
    const runningPlans = await inDb((db) =>
      db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.accountId, a.id), eq(subscriptions.status, "active"))),
    );
    expect(runningPlans).toHaveLength(0);
    // Not before the grace period's end.
    await inDb((db) => runDueErasures({ db, env, config: testConfig }, new Date()));
    expect((await accountOf(a.id))?.erasedAt).toBeNull();

    await eraseDue();
    const shell = await accountOf(a.id);
    expect(shell?.erasedAt).not.toBeNull();
    // No personal value of the member left in any column of any table; the other member's are all there.
    expect(await foundAnywhere(...a.values)).toEqual([]);
    expect(await foundAnywhere(b.marker)).toContain("messages");
    // The registry's own view: no row to delete left, every personal column of a kept row cleared.
    const subject: DataSubject = {
      id: a.id,
      clickid: a.clickid,
      brandId: before?.brandId ?? "",
      email: a.email,
      phone: a.phone,
    };
    for (const entry of memberTables) {
      const rows = (await inDb((db) => db.select().from(entry.table).where(entry.rows(subject)))) as Record<
        string,
        unknown
      >[];
      if (entry.erasure === "delete") expect(rows, entry.name).toHaveLength(0);
      for (const row of rows)
        for (const [column, use] of Object.entries(entry.columns))
          if (use === "personal" || use === "secret")
            expect(
              [null, false, "", "direct", `erased-${a.id}@erased.invalid`],
              `${entry.name}.${column}`,
            ).toContainEqual(row[column]);
    }
    // The photo left the bucket; the other member's is there.
    expect(await env.PHOTOS.head(a.photoKey)).toBeNull();
    expect(await env.PHOTOS.head(b.photoKey)).not.toBeNull();
    // The payment records stay, and the ledger adds up to the (emptied) balances.
    const kept = await inDb((db) =>
      db
        .select({ id: payments.id, amountCents: payments.amountCents, status: payments.status })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(orders.accountId, a.id)),
    );
    expect(kept).toEqual(money);
    const sums = await inDb((db) =>
      db
        .select({ balance: creditLedger.balance, total: sql<number>`sum(${creditLedger.delta})::int` })
        .from(creditLedger)
        .where(eq(creditLedger.accountId, a.id))
        .groupBy(creditLedger.balance),
    );
    expect(Object.fromEntries(sums.map((s) => [s.balance, s.total]))).toMatchObject({
      messaggi: 0,
      premium: 0,
    });
    expect(shell).toMatchObject({ messageCredits: 0, icebreakerCredits: 0, premiumLevel: 0 });
    // Nobody logs in with the old address, and the tombstones know the identifiers.
    expect((await login(a.email, PASSWORD)).status).toBe(401);
    expect(await inDb((db) => isErased(db, testConfig, { kind: "clickid", clickid: a.clickid }))).toBe(true);
    expect(
      await inDb((db) => isErased(db, testConfig, { kind: "email", brandId: "amoreitalia", email: a.email })),
    ).toBe(true);
    expect(await inDb((db) => isErased(db, testConfig, { kind: "clickid", clickid: b.clickid }))).toBe(false);
  });

  it("is undone by a login within the grace period, and says so", async () => {
    const member = await createMember();
    expect((await deleteAccount(member)).status).toBe(200);
    const mail = (await outbox(member.email)).find((m) => m.template === "deletion_requested");
    expect(mail?.text).toContain("Accedi prima del");
    const back = await login(member.email, PASSWORD);
    expect(back.status).toBe(200);
    expect(back.json.account_restored).toBe(true);
    const restored = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, member.clickid)))[0],
    );
    expect(restored).toMatchObject({ disabled: false, deletionRequestedAt: null, erasureDueAt: null });
    await eraseDue();
    const kept = await inDb(
      async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, member.clickid)))[0],
    );
    expect(kept?.erasedAt).toBeNull();
    expect((await login(member.email, PASSWORD)).json.account_restored).toBe(false);
  });

  it("asks a member without a password for a code by e-mail, limited in tries", async () => {
    const member = await createMember();
    await inDb((db) =>
      db.update(accounts).set({ passwordHash: null }).where(eq(accounts.clickid, member.clickid)),
    );
    expect((await deleteAccount(member, { password: PASSWORD })).json.error).toMatchObject({
      code: "wrong_code",
    });
    expect((await post("/api/privacy/deletion/code", {}, { token: member.token })).status).toBe(200);
    const spaced = await post("/api/privacy/deletion/code", {}, { token: member.token });
    expect(spaced.status).toBe(429);
    const mail = (await outbox(member.email)).find((m) => m.template === "deletion_code");
    const code = /\b(\d{6})\b/.exec(mail?.subject ?? "")?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await deleteAccount(member, { code: wrong })).json.error).toMatchObject({ code: "wrong_code" });
    expect((await deleteAccount(member, { code })).status).toBe(200);
  });
});

describe("a late webhook after the erasure", () => {
  it("records the payment's outcome and recreates nothing", { timeout: 90_000 }, async () => {
    const member = await createMember();
    const pending = await call("/orders/tryCharge", {
      method: "POST",
      token: member.token,
      body: JSON.stringify({
        cardNumber: "4000000000009235",
        cardMonth: "12",
        cardYear: "30",
        cardSecurityCode: "123",
        firstName: "Mario",
        lastName: "Rossi",
        rateplan: "starter-30",
        clickid: member.clickid,
        newCard: true,
      }),
    });
    expect(await pending.json()).toMatchObject({ status: "open" });
    const [payment] = await inDb((db) =>
      db
        .select({ id: payments.id, reference: payments.reference, accountId: orders.accountId })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .innerJoin(accounts, eq(accounts.id, orders.accountId))
        .where(eq(accounts.clickid, member.clickid)),
    );
    if (!payment?.reference) throw new Error("no pending payment");
    expect((await deleteAccount(member)).status).toBe(200);
    await eraseDue();

    const { db, end } = openDb(testConfig.database);
    try {
      const sandbox = sandboxProvider(db, {
        origin: `http://${hosts.it}`,
        threeDsSystem: "adyen",
        webhookSecret: testConfig.sandboxWebhookSecret,
      });
      await sandbox.review(payment.reference);
      const hook = await sandbox.webhook(payment.reference, `http://${hosts.it}/hooks/sandbox`);
      const delivered = await call("/hooks/sandbox", {
        method: "POST",
        headers: Object.fromEntries(hook.headers),
        body: await hook.text(),
      });
      expect(delivered.status).toBe(200);
    } finally {
      await end();
    }
    const shell = await accountOf(payment.accountId);
    expect(shell).toMatchObject({
      email: `erased-${payment.accountId}@erased.invalid`,
      messageCredits: 0,
      premiumLevel: 0,
      customerId: null,
    });
    expect(shell?.erasedAt).not.toBeNull();
    const [settled] = await inDb((db) => db.select().from(payments).where(eq(payments.id, payment.id)));
    expect(settled?.status).toBe("succeeded");
    expect(settled?.grantedAt).toBeNull();
    expect(
      await inDb((db) => db.select().from(savedCards).where(eq(savedCards.accountId, payment.accountId))),
    ).toHaveLength(0);
    expect(
      await inDb((db) =>
        db.select().from(subscriptions).where(eq(subscriptions.accountId, payment.accountId)),
      ),
    ).toHaveLength(0);
    expect(await foundAnywhere(member.email)).toEqual([]);
  });
});

describe("consents freely given", () => {
  it("signs up without the marketing boxes, records each box with its version, and lets the profile change them", async () => {
    const member = await createMember({ terms2: false, terms3: false });
    const rows = await inDb((db) =>
      db
        .select()
        .from(signupConsents)
        .innerJoin(accounts, eq(accounts.id, signupConsents.accountId))
        .where(eq(accounts.clickid, member.clickid)),
    );
    expect(
      Object.fromEntries(rows.map((r) => [r.signup_consents.consent, r.signup_consents.granted])),
    ).toEqual({
      terms1: true,
      terms2: false,
      terms3: false,
      terms4: true,
    });
    const rights = await call("/api/privacy", { token: member.token });
    expect(await rights.json()).toMatchObject({
      hasPassword: true,
      marketing: { promotions: false, third_parties: false },
    });
    const changed = await call("/api/privacy/consents", {
      method: "PUT",
      token: member.token,
      body: JSON.stringify({ promotions: true }),
    });
    expect(await changed.json()).toEqual({ promotions: true, third_parties: false });
    const after = (await (await call("/api/privacy", { token: member.token })).json()) as {
      consents: { consent: string; granted: boolean; source: string }[];
    };
    expect(after.consents.find((c) => c.consent === "terms2")).toMatchObject({
      granted: true,
      source: "profile",
    });
  });

  it("sends a marketing mail only to a member who consents to promotions", async () => {
    const { send } = await import("../fixtures/mail");
    const yes = await createMember({ terms2: true });
    const no = await createMember({ terms2: false });
    const idOf = async (m: TestMember) =>
      (await inDb(async (db) => (await db.select().from(accounts).where(eq(accounts.clickid, m.clickid)))[0]))
        ?.id;
    const mail = (m: TestMember, accountId: number | undefined) =>
      send({
        template: "welcome",
        to: m.email,
        language: "it",
        link: "https://example.com/",
        accountId,
        marketing: true,
      });
    expect(await mail(yes, await idOf(yes))).toBe("kept");
    expect(await mail(no, await idOf(no))).toBe("suppressed");
  });
});
