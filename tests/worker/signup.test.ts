import { eq, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { accounts, signupConsents } from "../../drizzle/schema/accounts";
import { creditLedger } from "../../drizzle/schema/credits";
import { CONSENT_TEXT_VERSION } from "../../worker/contracts/auth";
import { signToken } from "../../worker/core/tokens";
import { testConfig } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, signupBody } from "../fixtures/members";

const register = (body: unknown, host?: string) =>
  call("/users/register", { method: "POST", body: JSON.stringify(body), host });
const verify = (token: string, host?: string) =>
  call("/users/verify", { method: "POST", body: JSON.stringify({ token }), host });
const accountCount = () =>
  inDb(async (db) => (await db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0]?.n ?? 0);

describe("sign-up", () => {
  it("creates the account with the flow's credits, four dated consents and ledger rows", async () => {
    const body = signupBody();
    const response = await register(body);
    expect(response.status).toBe(200);
    const json = (await response.json()) as { token: string; clickid: string; user: Record<string, unknown> };
    expect(json.user).toMatchObject({
      creditiMessaggi: 5,
      creditiIcebreaker: 3,
      premiumLevel: 0,
      valoreMessaggio: 10,
    });
    const { consents, ledger } = await inDb(async (db) => {
      const [account] = await db.select().from(accounts).where(eq(accounts.clickid, json.clickid));
      if (!account) throw new Error("account not stored");
      expect(account.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(account.passwordHash).not.toContain(body.utente.password);
      return {
        consents: await db.select().from(signupConsents).where(eq(signupConsents.accountId, account.id)),
        ledger: await db.select().from(creditLedger).where(eq(creditLedger.accountId, account.id)),
      };
    });
    expect(consents.map((c) => c.consent).sort()).toEqual(["terms1", "terms2", "terms3", "terms4"]);
    expect(
      consents.every((c) => c.textVersion === CONSENT_TEXT_VERSION && c.acceptedAt instanceof Date),
    ).toBe(true);
    expect(ledger.map((l) => [l.balance, l.delta]).sort()).toEqual([
      ["icebreaker", 3],
      ["like", 10],
      ["messaggi", 5],
    ]);
    const verified = (await (await verify(json.token)).json()) as { verify: number; clickid: string };
    expect(verified).toMatchObject({ verify: 1, clickid: json.clickid });
  });

  it.each([
    ["email", { email: "" }, "errore_email", "1004"],
    ["email", { email: "mario@@example.com" }, "errore_email", "1004"],
    ["email", { email: "mario@example..com" }, "errore_email", "1004"],
    ["email", { email: "mario@example" }, "errore_email", "1004"],
    ["password", { password: "" }, "errore_password", "invalid_input"],
    ["eta", { eta: null }, "eta", "invalid_input"],
    ["eta", { eta: 18 }, "eta", "invalid_input"],
    ["region", { region: "" }, "errore_citta", "invalid_input"],
    ["region", { region: "atlantide" }, "errore_citta", "invalid_input"],
    ["sono", { sono: "" }, "errore_sono", "invalid_input"],
    ["cerco", { cerco: "" }, "errore_cerco", "invalid_input"],
    ["terms", { terms1: false }, "errore_terms", "invalid_input"],
    ["terms", { terms4: false }, "errore_terms", "invalid_input"],
  ])(
    "rejects a bad %s (%j) with 400, its message key and nothing written",
    async (field, override, key, code) => {
      const before = await accountCount();
      const response = await register(signupBody(override));
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { field, messageKey: key, code } });
      expect(await accountCount()).toBe(before);
    },
  );

  it("reports the first bad field in the spec's order", async () => {
    const response = await register({ utente: { email: "ok@example.com", password: "", region: "" } });
    expect(await response.json()).toMatchObject({
      error: { field: "password", messageKey: "errore_password" },
    });
    const wrongType = await register({ utente: { ...signupBody().utente, eta: "trenta" } });
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ error: { field: "eta", code: "invalid_input" } });
  });

  it("takes an auto sign-up lander's registration without an age, and stores none", async () => {
    const body = signupBody({ eta: null, autoSignup: true });
    const response = await call("/users/extSign_register", { method: "POST", body: JSON.stringify(body) });
    expect(response.status).toBe(200);
    const { clickid } = (await response.json()) as { clickid: string };
    const [row] = await inDb((db) => db.select().from(accounts).where(eq(accounts.clickid, clickid)));
    expect(row?.age).toBeNull();
    const wrongAge = await register(signupBody({ eta: 12, autoSignup: true }));
    expect(await wrongAge.json()).toMatchObject({ error: { field: "eta" } });
  });

  it("answers code 1000 for an e-mail already registered on the brand, in any case", async () => {
    const member = await createMember();
    const before = await accountCount();
    const response = await register(signupBody({ email: ` ${member.email.toUpperCase()} ` }));
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; field: string; message: string } };
    expect(body.error).toMatchObject({ code: "1000", field: "email" });
    expect(body.error.message).toMatch(/-1000$/);
    expect(await accountCount()).toBe(before);
  });

  it("lets the same e-mail sign up on another brand, with that brand's regions", async () => {
    const member = await createMember();
    const spanish = await register(signupBody({ email: member.email, region: "andalucia" }), "es.localhost");
    expect(spanish.status).toBe(200);
    const italianRegionOnSpanishBrand = await register(signupBody({ region: "lombardia" }), "es.localhost");
    expect(await italianRegionOnSpanishBrand.json()).toMatchObject({ error: { field: "region" } });
  });
});

describe("session tokens", () => {
  const secret = new TextEncoder().encode(testConfig.jwtSecret);

  it("refuses tampered, foreign-key, alg=none, expired and link tokens", async () => {
    const member = await createMember();
    const claims = JSON.parse(atob(member.token.split(".")[1] ?? "")) as {
      sub: string;
      cid: string;
      sv: number;
    };
    const [h, p, s] = member.token.split(".");
    const tampered = `${h}.${btoa(JSON.stringify({ ...claims, sub: "1" })).replace(/=+$/, "")}.${s}`;
    const unsigned = `${btoa(JSON.stringify({ alg: "none", typ: "session+jwt" })).replace(/=+$/, "")}.${p}.`;
    const otherKey = await new SignJWT({ cid: claims.cid, sv: claims.sv })
      .setProtectedHeader({ alg: "HS256", typ: "session+jwt" })
      .setSubject(claims.sub)
      .setIssuer("amore-chat")
      .setAudience("session")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-of-at-least-32-bytes-long"));
    const expired = await new SignJWT({ cid: claims.cid, sv: claims.sv })
      .setProtectedHeader({ alg: "HS256", typ: "session+jwt" })
      .setSubject(claims.sub)
      .setIssuer("amore-chat")
      .setAudience("session")
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const link = await signToken(testConfig.jwtSecret, "reset", {
      accountId: Number(claims.sub),
      clickid: claims.cid,
      sessionVersion: claims.sv,
    });
    for (const token of [tampered, unsigned, otherKey, expired, link, "not-a-token"]) {
      expect(((await (await verify(token)).json()) as { verify: number }).verify).toBe(0);
      const dispenser = await call("/dispenser", {
        method: "POST",
        token,
        body: JSON.stringify({ country: "it" }),
      });
      expect(dispenser.status).toBe(401);
    }
    expect(((await (await verify(member.token)).json()) as { verify: number }).verify).toBe(1);
  });

  it("does not verify a token on another brand's host", async () => {
    const member = await createMember();
    expect(((await (await verify(member.token, "es.localhost")).json()) as { verify: number }).verify).toBe(
      0,
    );
  });
});
