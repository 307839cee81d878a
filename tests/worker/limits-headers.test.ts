// Request bodies are limited before they are read, the forgotten-password mail is throttled, and every answer
// carries the security headers (a CSP that lets only the site's own scripts run).
import { SELF } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mailSent } from "../../drizzle/schema/mail";
import { JSON_BODY_LIMIT } from "../../worker/core/middleware";
import { account, post } from "../fixtures/auth";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts, randomIp } from "../fixtures/members";

describe("request bodies", () => {
  it("are refused with 413 before they are read when larger than the JSON limit", async () => {
    const big = JSON.stringify({ email: "a@example.com", password: "x".repeat(JSON_BODY_LIMIT) });
    const response = await call("/users/authenticate", { method: "POST", body: big });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: "payload_too_large", field: "body" } });
  });

  it("are refused when a streamed body without a length grows past the limit", async () => {
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 20) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await SELF.fetch(`http://${hosts.it}/users/authenticate`, {
      method: "POST",
      body,
      headers: { host: hosts.it, "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
  });

  it("under the limit are served as before", async () => {
    const member = await createMember();
    const response = await post("/users/authenticate", { email: member.email, password: "a-good-password" });
    expect(response.status).toBe(200);
  });
});

describe("the forgotten-password mail", () => {
  const resetMails = async (clickid: string) => {
    const id = (await account(clickid))?.id ?? 0;
    return inDb((db) =>
      db.select().from(mailSent).where(eq(mailSent.accountId, id)).orderBy(desc(mailSent.sentAt)),
    );
  };

  it("goes once per address in 5 minutes: another request gets 1009 and sends nothing", async () => {
    const member = await createMember();
    const ip = randomIp();
    expect((await post("/users/getTokenForReset", { email: member.email }, { ip })).status).toBe(200);
    const again = await post("/users/getTokenForReset", { email: member.email }, { ip });
    expect(again.status).toBe(409);
    expect(again.json.error).toMatchObject({ code: "1009", messageKey: "errore_reset_inviato" });
    const mails = (await resetMails(member.clickid)).filter((m) => m.template === "reset_password");
    expect(mails).toHaveLength(1);
  });

  it("is asked at most 10 times an hour from one network, whatever the addresses", async () => {
    const ip = randomIp();
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      const member = await createMember();
      answers.push((await post("/users/getTokenForReset", { email: member.email }, { ip })).status);
    }
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
  });
});

describe("security headers", () => {
  it("come with the HTML: a CSP with only the site's scripts and its own inline ones by the page's nonce", async () => {
    const response = await call("/find");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+';/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-inline");
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    expect(html).toContain(`<style id="brand-theme" nonce="${nonce}">`);
    expect(html).toContain(`<script id="first-screen" nonce="${nonce}">`);
    // A new nonce for every page.
    const again = (await call("/find")).headers.get("content-security-policy") ?? "";
    expect(/'nonce-([^']+)'/.exec(again)?.[1]).not.toBe(nonce);
  });

  it("come with every API answer: HSTS, nosniff, no framing, a referrer policy", async () => {
    const response = await call("/api/brand");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=63072000; includeSubDomains");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
  });

  it("give an API answer the pages' policy, without the nonce that only a page's inline elements use", async () => {
    const page = (await call("/find")).headers.get("content-security-policy") ?? "";
    const api = (await call("/api/brand")).headers.get("content-security-policy") ?? "";
    expect(page).toMatch(/'nonce-[^']+'/);
    expect(api).not.toContain("nonce");
    expect(api).toBe(page.replaceAll(/ 'nonce-[^']+'/g, ""));
  });
});
