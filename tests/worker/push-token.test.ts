// POST /api/users/pushToken: the spec's shape and the standard PushSubscription, one row per browser, renewals,
// endpoints only on the push services' hosts, and the channels' state that /activeNotifications reads.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { notificationDeliveries, pushSubscriptions } from "../../drizzle/schema/notifications";
import { inDb } from "../fixtures/db";
import { call, createMember, type TestMember } from "../fixtures/members";
import { signedInOperator } from "../fixtures/refunds";

const keys = {
  p256dh: "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM",
  auth: "tBHItJI5svbpez7KI4CCXg",
};
const fcm = () => `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`;

const save = (member: TestMember, body: unknown) =>
  call("/api/users/pushToken", { method: "POST", token: member.token, body: JSON.stringify(body) });
const rowsOf = (clickid: string) =>
  inDb(async (db) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.clickid, clickid));
    const rows = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.accountId, account?.id ?? 0));
    return { account, rows };
  });

describe("POST /api/users/pushToken", () => {
  it("takes the spec's pushToken (JSON text or object) and the standard subscription, one row per browser", async () => {
    const member = await createMember();
    const [a, b, c] = [fcm(), fcm(), "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABn"];
    expect(
      (await save(member, { pushToken: JSON.stringify({ endpoint: a, keys }), clickid: member.clickid }))
        .status,
    ).toBe(200);
    expect((await save(member, { pushToken: { endpoint: b, keys, expirationTime: null } })).status).toBe(200);
    expect((await save(member, { endpoint: c, keys })).status).toBe(200);
    // A renewal of the same browser keeps one row.
    expect((await save(member, { endpoint: a, keys })).status).toBe(200);
    const { account, rows } = await rowsOf(member.clickid);
    expect(rows.map((r) => r.endpoint).sort()).toEqual([a, b, c].sort());
    // Renewals leave the member's choice alone: push stays off until he asks for it.
    expect(account?.notifyPush).toBe(false);
    expect((await save(member, { endpoint: a, keys, enable: true })).status).toBe(200);
    expect((await rowsOf(member.clickid)).account?.notifyPush).toBe(true);
  });

  it("refuses endpoints that are not on a known push service, and bad subscriptions", async () => {
    const member = await createMember();
    for (const endpoint of [
      "https://evil.example/push/1",
      "https://fcm.googleapis.com.evil.example/x",
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:8443/fcm/send/x",
    ]) {
      const response = await save(member, { endpoint, keys });
      expect(response.status, endpoint).toBe(400);
      expect(((await response.json()) as { error: { field: string } }).error.field).toBe("endpoint");
    }
    expect((await save(member, { pushToken: "not json", clickid: member.clickid })).status).toBe(400);
    expect((await save(member, { endpoint: fcm(), keys: { p256dh: "x y", auth: "z" } })).status).toBe(400);
    expect((await rowsOf(member.clickid)).rows).toEqual([]);
  });

  it("refuses another member's clickid and a visitor", async () => {
    const [member, other] = [await createMember(), await createMember()];
    expect(
      (await save(member, { pushToken: { endpoint: fcm(), keys }, clickid: other.clickid })).status,
    ).toBe(403);
    const visitor = await call("/api/users/pushToken", {
      method: "POST",
      body: JSON.stringify({ endpoint: fcm(), keys }),
    });
    expect(visitor.status).toBe(401);
  });

  it("moves a browser to the member now signed in on it, and forgets it on request", async () => {
    const [first, second] = [await createMember(), await createMember()];
    const endpoint = fcm();
    await save(first, { endpoint, keys });
    await save(second, { endpoint, keys });
    expect((await rowsOf(first.clickid)).rows).toEqual([]);
    expect((await rowsOf(second.clickid)).rows.map((r) => r.endpoint)).toEqual([endpoint]);
    const forget = await call("/api/users/pushToken", {
      method: "DELETE",
      token: second.token,
      body: JSON.stringify({ endpoint }),
    });
    expect(forget.status).toBe(200);
    expect((await rowsOf(second.clickid)).rows).toEqual([]);
  });

  it("tells /activeNotifications the channels' state", async () => {
    const member = await createMember();
    await save(member, { endpoint: fcm(), keys, enable: true });
    const response = await call("/api/notifications/channels", { token: member.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      push: { on: true, devices: 1, vapidPublicKey: null },
      telegram: { on: false, linked: false, bot: "AmoreItaliaBot" },
      email: { on: true },
    });
  });

  it("shows the console the member's channels and last deliveries, to supervisors of the member's brand", async () => {
    const member = await createMember();
    await save(member, { endpoint: fcm(), keys, enable: true });
    const { account } = await rowsOf(member.clickid);
    await inDb((db) =>
      db.insert(notificationDeliveries).values({
        notificationId: crypto.randomUUID(),
        accountId: account?.id ?? 0,
        brandId: "amoreitalia",
        channel: "push",
        kind: "message",
        angelId: 1,
        count: 2,
        outcome: "sent",
      }),
    );
    const supervisor = await signedInOperator("supervisor");
    const response = await call(`/ops/api/members/${member.clickid}/notifications`, {
      token: supervisor.token,
    });
    expect(response.status).toBe(200);
    const view = (await response.json()) as {
      channels: unknown;
      deliveries: { channel: string; count: number }[];
    };
    expect(view.channels).toEqual({
      push: { on: true, devices: 1 },
      telegram: { on: false, linked: false },
      email: { on: true },
    });
    expect(view.deliveries.map((d) => [d.channel, d.count])).toEqual([["push", 2]]);
    const spanishOnly = await signedInOperator("supervisor", ["amorespana"]);
    const other = await call(`/ops/api/members/${member.clickid}/notifications`, {
      token: spanishOnly.token,
    });
    expect(other.status).toBe(404);
  });
});
