import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { call, createMember } from "../fixtures/members";

describe("API description", () => {
  it("is an OpenAPI 3.1 document generated from the route schemas", async () => {
    const response = await call("/api/openapi.json");
    expect(response.status).toBe(200);
    const doc = (await response.json()) as {
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { requestBody?: unknown; security?: unknown[] }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toContain("Amore Italia");
    for (const path of ["/users/register", "/users/verify", "/dispenser", "/api/brand"]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    // The sign-up body schema comes from the same zod schema that validates it.
    expect(JSON.stringify(doc.paths["/users/register"]?.post?.requestBody)).toContain("terms4");
    expect(doc.paths["/dispenser"]?.post?.security).toEqual([{ bearer: [] }]);
  });

  it("has a reference page at /api/docs", async () => {
    const response = await call("/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("/api/openapi.json");
  });
});

describe("benchmark floor routes", () => {
  const production = async (path: string) => {
    const ctx = createExecutionContext();
    const answer = await createApp().fetch(
      new Request(`http://it.localhost${path}`, { method: "POST", body: "{}" }),
      { ...env, APP_ENV: "production" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return answer.status;
  };

  it("answer locally and are absent in production", async () => {
    for (const path of ["/__bench/bare", "/__bench/room"]) {
      expect((await call(path, { method: "POST", body: "{}" })).status).toBe(200);
      expect(await production(path)).toBe(404);
    }
  });

  it("check a member's session token behind the middleware, as the member routes do", async () => {
    const member = await createMember();
    const answer = await call("/__bench/member", { method: "POST", body: "{}", token: member.token });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { clickid: string }).clickid).toBe(member.clickid);
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect((await call("/__bench/member", { method: "POST", body: "{}" })).status).toBe(401);
    expect(await production("/__bench/member")).toBe(404);
  });
});
