import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { call } from "../fixtures/members";

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
  it("answer locally and are absent in production", async () => {
    const local = await call("/__bench/bare", { method: "POST", body: "{}" });
    expect(local.status).toBe(200);
    const ctx = createExecutionContext();
    const production = await createApp().fetch(
      new Request("http://it.localhost/__bench/bare", { method: "POST", body: "{}" }),
      { ...env, APP_ENV: "production" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(production.status).toBe(404);
  });
});
