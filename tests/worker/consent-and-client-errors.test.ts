// Cookie choices recorded on the server (who, brand, when, the policy version, the categories) and shown to the
// member, their device's earlier choices included; in the archive and gone with the erasure's registry. The
// CSP lets a brand's pages load images only from the pixel hosts it configures. Browser errors reported to
// api/log/client are scrubbed, throttled per device, and grouped in the console for the operator's brands.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { clientErrors, cookieConsents } from "../../drizzle/schema/attribution";
import { COOKIE_POLICY_VERSION } from "../../worker/contracts/tracking";
import { memberTables } from "../../worker/privacy/personal-data";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts } from "../fixtures/members";
import { signedInOperator } from "../fixtures/refunds";

const device = () => `dev-${crypto.randomUUID()}`;
const choose = (deviceId: string, analytics: boolean, marketing: boolean, token?: string, host?: string) =>
  call("/api/consent/cookies", {
    method: "POST",
    ...(token ? { token } : {}),
    ...(host ? { host } : {}),
    body: JSON.stringify({ deviceId, policyVersion: COOKIE_POLICY_VERSION, analytics, marketing }),
  });

describe("cookie choices", () => {
  it("records a visitor's choice and gives it to the member who signs up on that device", async () => {
    const deviceId = device();
    const before = Date.now();
    expect((await choose(deviceId, true, false)).status).toBe(200);
    const [visitor] = await inDb((db) =>
      db.select().from(cookieConsents).where(eq(cookieConsents.deviceId, deviceId)),
    );
    expect(visitor).toMatchObject({
      accountId: null,
      brandId: "amoreitalia",
      policyVersion: COOKIE_POLICY_VERSION,
      analytics: true,
      marketing: false,
    });
    expect(visitor?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 5000);

    const member = await createMember();
    // A change from the footer, signed in: recorded with the account.
    expect((await choose(deviceId, true, true, member.token)).status).toBe(200);
    const listed = await call(`/api/consent/cookies?deviceId=${deviceId}`, { token: member.token });
    const { choices } = (await listed.json()) as { choices: { analytics: boolean; marketing: boolean }[] };
    expect(choices.map((c) => [c.analytics, c.marketing])).toEqual([
      [true, true],
      [true, false],
    ]);
    // Another member without that device sees none of it.
    const other = await createMember();
    const theirs = await call("/api/consent/cookies", { token: other.token });
    expect(await theirs.json()).toEqual({ choices: [] });
  });

  it("keeps each brand's choices apart and refuses a malformed choice", async () => {
    const deviceId = device();
    await choose(deviceId, false, false, undefined, hosts.es);
    const rows = await inDb((db) =>
      db.select().from(cookieConsents).where(eq(cookieConsents.deviceId, deviceId)),
    );
    expect(rows.map((r) => r.brandId)).toEqual(["amorespana"]);
    const bad = await call("/api/consent/cookies", {
      method: "POST",
      body: JSON.stringify({
        deviceId: "x",
        policyVersion: COOKIE_POLICY_VERSION,
        analytics: true,
        marketing: 1,
      }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "invalid_input", field: "deviceId" } });
  });

  it("is in the personal-data registry: in the archive and erased with the member", () => {
    const entry = memberTables.find((t) => t.name === "cookie_consents");
    expect(entry).toMatchObject({ erasure: "delete", file: "cookie_consents" });
  });
});

describe("the pixels' hosts in the CSP", () => {
  it("allows images from the brand's pixel host only, on that brand's pages", async () => {
    const it = (await call("/", { host: hosts.it })).headers.get("content-security-policy") ?? "";
    const imgIt = /img-src ([^;]*)/.exec(it)?.[1] ?? "";
    expect(imgIt.split(" ")).toContain("https://pixel.amoreitalia.example");
    const es = (await call("/", { host: hosts.es })).headers.get("content-security-policy") ?? "";
    const imgEs = /img-src ([^;]*)/.exec(es)?.[1] ?? "";
    expect(imgEs).not.toContain("pixel.amoreitalia.example");
    expect(imgEs.split(" ").filter((s) => s.startsWith("http"))).toEqual([]);
  });
});

describe("browser errors", () => {
  const report = (body: Record<string, unknown>, ip?: string) =>
    call("/api/log/client", { method: "POST", body: JSON.stringify(body), ...(ip ? { ip } : {}) });

  it("stores a report scrubbed of addresses, numbers and tokens, and lists it grouped in the console", async () => {
    // Letters only: a run of digits in it would be scrubbed as a number.
    const marker = `Boom${crypto
      .randomUUID()
      .replace(/[^a-f]/g, "")
      .slice(0, 8)}x`;
    const deviceId = device();
    for (let i = 0; i < 3; i++) {
      const response = await report({
        subject: "Errore window",
        messaggio: `TypeError: ${marker} for mario.rossi@example.com card 4242 4242 4242 4242 at https://it.localhost/chats?token=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc`,
        release: "web-9",
        deviceId,
      });
      expect(await response.json()).toEqual({ result: "OK", stored: true });
    }
    const rows = await inDb((db) => db.select().from(clientErrors));
    const mine = rows.filter((r) => r.message.includes(marker));
    expect(mine).toHaveLength(3);
    const stored = mine[0]?.message ?? "";
    expect(stored).not.toMatch(/mario|4242|eyJ|token=/);
    expect(stored).toContain("[email]");
    expect(stored).toContain("[number]");

    const operator = await signedInOperator("operator");
    const listed = await call("/ops/api/client-errors", { token: operator.token });
    const { groups } = (await listed.json()) as {
      groups: { subject: string; message: string; count: number; releases: string[]; brandId: string }[];
    };
    expect(groups.find((g) => g.message.includes(marker))).toMatchObject({
      subject: "Errore window",
      count: 3,
      releases: ["web-9"],
      brandId: "amoreitalia",
    });
    // An operator of another brand does not see it.
    const spanish = await signedInOperator("operator", ["amorespana"]);
    const theirs = (await (await call("/ops/api/client-errors", { token: spanish.token })).json()) as {
      groups: { message: string }[];
    };
    expect(theirs.groups.some((g) => g.message.includes(marker))).toBe(false);
  });

  it("throttles one device's reports", async () => {
    const deviceId = device();
    const answers: boolean[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await report({ subject: "Errore promise", messaggio: `loop ${i}`, deviceId });
      answers.push(((await response.json()) as { stored: boolean }).stored);
    }
    expect(answers.filter(Boolean)).toHaveLength(20);
    expect(answers.slice(20)).toEqual([false, false]);
  });
});

describe("the console's postbacks", () => {
  it("lists the postbacks of the operator's brands with their status and attempts", async () => {
    const clickid = `ops${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    await call("/api/payment/api/importClick", {
      method: "POST",
      body: JSON.stringify({ clickid, kcampaign: "c1", pageType: "home" }),
    });
    const operator = await signedInOperator("operator");
    const listed = (await (await call("/ops/api/postbacks?limit=500", { token: operator.token })).json()) as {
      postbacks: { clickid: string; kind: string; status: string; attempts: number }[];
    };
    expect(listed.postbacks.find((p) => p.clickid === clickid)).toMatchObject({
      kind: "click",
      status: "pending",
      attempts: 0,
    });
    const spanish = await signedInOperator("operator", ["amorespana"]);
    const theirs = (await (await call("/ops/api/postbacks?limit=500", { token: spanish.token })).json()) as {
      postbacks: { clickid: string }[];
    };
    expect(theirs.postbacks.some((p) => p.clickid === clickid)).toBe(false);
    expect((await call("/ops/api/postbacks")).status).toBe(401);
  });
});
