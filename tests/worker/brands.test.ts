import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import type { Brand } from "../../worker/brands/brand";
import { brands } from "../../worker/brands/registry";
import { call } from "../fixtures/members";

async function page(host: string) {
  const response = await call("/find", { host });
  return { status: response.status, html: await response.text() };
}

describe("brand by host", () => {
  it.each([
    ["it.localhost", "it", "Amore Italia", "#b3123a", "/logos/amoreitalia.svg"],
    ["es.localhost", "es", "Amor España", "#c2410c", "/logos/amorespana.svg"],
    ["en.localhost", "en", "LoveChat", "#4338ca", "/logos/lovechat.svg"],
    ["localhost", "it", "Amore Italia", "#b3123a", "/logos/amoreitalia.svg"],
  ])("serves %s its brand in the HTML before any script", async (host, lang, title, colour, logo) => {
    const { status, html } = await page(host);
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${lang}">`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`--brand-primary:${colour}`);
    expect(html).toContain(`class="boot-logo" src="${logo}"`);
    // The brand is in the page before the app's script tag.
    expect(html.indexOf("brand-config")).toBeLessThan(html.indexOf('src="/main.tsx"'));
  });

  it.each([
    ["it.localhost", "amoreitalia", "it"],
    ["es.localhost:8787", "amorespana", "es"],
    ["en.localhost", "lovechat", "en"],
  ])("GET /api/brand on %s answers that brand's public config", async (host, id, country) => {
    const response = await call("/api/brand", { host });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.id).toBe(id);
    expect(body.country).toBe(country);
    expect(body).not.toHaveProperty("server");
    expect(JSON.stringify(body)).not.toContain("TELEGRAM_TOKEN");
  });

  it("gives an unknown host the default brand locally and a clear 404 in production", async () => {
    expect((await page("unknown.example")).html).toContain("<title>Amore Italia</title>");
    const app = createApp();
    const ctx = createExecutionContext();
    const response = await app.fetch(
      new Request("http://unknown.example/find", { headers: { host: "unknown.example" } }),
      { ...env, APP_ENV: "production" },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Unknown site");
  });

  it("serves a new brand from one registry entry", async () => {
    const base = brands.lovechat;
    const fourth: Brand = {
      hosts: ["amourfrance.example", "fr.localhost"],
      public: {
        ...base.public,
        id: "amourfrance",
        title: "Amour France",
        language: "fr",
        logo_url: "/logos/lovechat.svg",
        tema: { ...base.public.tema, primary: "#0055a4" },
      },
      server: base.server,
    };
    const app = createApp({ ...brands, amourfrance: fourth }, "amoreitalia");
    const ctx = createExecutionContext();
    const get = (path: string) =>
      app.fetch(new Request(`http://fr.localhost${path}`, { headers: { host: "fr.localhost" } }), env, ctx);
    const html = await (await get("/")).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<title>Amour France</title>");
    expect(html).toContain("--brand-primary:#0055a4");
    expect(((await (await get("/api/brand")).json()) as { id: string }).id).toBe("amourfrance");
    await waitOnExecutionContext(ctx);
  });
});
