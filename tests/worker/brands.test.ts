import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { type BrandEntry, registryProblems } from "../../worker/brands/brand";
import { brands } from "../../worker/brands/registry";
import type { PublicBrand } from "../../worker/contracts/brand";
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
    // The splash logo has its size before the app's stylesheet arrives (not the SVG's own canvas).
    expect(html).toMatch(/class="boot-logo"[^>]* width="72" height="72"/);
    expect(html).toContain(".boot-logo{width:72px;height:72px}");
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

  it("serves a new brand from its one registry entry: page, language, theme and company", async () => {
    const base = brands.lovechat;
    const fourth: BrandEntry = {
      hosts: ["amourfrance.example", "fr.localhost"],
      public: {
        ...base.public,
        id: "amourfrance",
        title: "Amour France",
        language: "fr",
        logo_url: "/logos/lovechat.svg",
        tema: { ...base.public.tema, primary: "#0055a4" },
      },
      company: {
        company_name: "Amour France SAS",
        company_address: "1 rue Exemple, 75001 Paris",
        vat: "FR00000000000",
        email: "contact@amourfrance.example",
        tel: "+33 1 00 00 00 00",
        payment_accounts: { adyen: "DemoFR" },
      },
      server: { ...base.server, telegramTokenSecret: "TELEGRAM_TOKEN_FR" },
    };
    const app = createApp({ ...brands, amourfrance: fourth }, "amoreitalia");
    const ctx = createExecutionContext();
    const get = (path: string) =>
      app.fetch(new Request(`http://fr.localhost${path}`, { headers: { host: "fr.localhost" } }), env, ctx);
    const html = await (await get("/")).text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<title>Amour France</title>");
    expect(html).toContain("--brand-primary:#0055a4");
    const brand = (await (await get("/api/brand")).json()) as PublicBrand;
    expect([brand.id, brand.language, brand.title]).toEqual(["amourfrance", "fr", "Amour France"]);
    expect([brand.company_name, brand.vat, brand.email]).toEqual([
      "Amour France SAS",
      "FR00000000000",
      "contact@amourfrance.example",
    ]);
    expect(JSON.stringify(brand)).not.toContain("TELEGRAM_TOKEN_FR");
    await waitOnExecutionContext(ctx);
  });

  it("lets a deployment replace company fields of an entry through BRAND_COMPANIES", async () => {
    const app = createApp();
    const ctx = createExecutionContext();
    const overrides = { lovechat: { company_name: "LoveChat Staging Ltd" } };
    const response = await app.fetch(
      new Request("http://en.localhost/api/brand", { headers: { host: "en.localhost" } }),
      { ...env, BRAND_COMPANIES: overrides },
      ctx,
    );
    const brand = (await response.json()) as PublicBrand;
    expect(brand.company_name).toBe("LoveChat Staging Ltd");
    expect(brand.email).toBe(brands.lovechat.company.email);
    await waitOnExecutionContext(ctx);
  });

  it("refuses to start on an entry that is incomplete, holds a secret's value or claims another's host", () => {
    const { company: _, ...withoutCompany } = brands.lovechat;
    expect(() => createApp({ ...brands, lovechat: withoutCompany as BrandEntry })).toThrow(
      /invalid brand registry: lovechat\.company/,
    );
    const leaking = {
      ...brands.lovechat,
      server: { ...brands.lovechat.server, telegramTokenSecret: "123:AAE-x" },
    };
    expect(() => createApp({ ...brands, lovechat: leaking })).toThrow(
      /lovechat\.server\.telegramTokenSecret/,
    );
    const twice = { ...brands.lovechat, hosts: ["lovechat.example", "it.localhost"] };
    expect(() => createApp({ ...brands, lovechat: twice })).toThrow(/lovechat\.hosts it\.localhost/);
    expect(() => createApp(brands, "nobrand")).toThrow(/default brand nobrand/);
  });

  it("keeps every shipped entry valid", () => {
    expect(registryProblems(brands, "amoreitalia")).toEqual([]);
  });
});
