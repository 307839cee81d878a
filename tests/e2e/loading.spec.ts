// How the site loads (issue 16): a visitor's home page fetches only its own code and its brand's language
// (the operator console and the other languages come when asked for), and the hashed scripts and styles are
// kept by the browser for a year while the page itself is revalidated on every visit.
import { anyWidth, apiCall, expect, origin, test } from "./helpers";

/** The script files the page asked for, by path. */
function scriptsOf(page: import("@playwright/test").Page) {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

// Chunks are named after their first module (web/i18n/it.ts → /assets/it-<hash>.js).
const languageChunk = (language: string) => new RegExp(`^/assets/${language}-[\\w-]+\\.js$`);
const consoleChunk = /^\/assets\/ops-screens-[\w-]+\.js$/;

test(
  "a visitor's home loads its language only and no console; the console loads when opened",
  anyWidth,
  async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto(`${origin("it")}/`);
    await expect(page.getByRole("link", { name: "Iscriviti gratis" }).first()).toBeVisible();
    expect(scripts.filter((path) => languageChunk("it").test(path))).toHaveLength(1);
    for (const other of ["en", "es", "fr"]) {
      expect(
        scripts.filter((path) => languageChunk(other).test(path)),
        other,
      ).toEqual([]);
    }
    expect(scripts.filter((path) => consoleChunk.test(path))).toEqual([]);

    await page.goto(`${origin("it")}/ops/login`);
    await expect(page.getByRole("heading", { name: "Accesso operatori" })).toBeVisible();
    expect(scripts.filter((path) => consoleChunk.test(path))).toHaveLength(1);
  },
);

test("hashed assets are kept for a year, the page is revalidated", anyWidth, async ({ page }) => {
  const assets: { path: string; cacheControl: string }[] = [];
  page.on("response", (response) => {
    const path = new URL(response.url()).pathname;
    if (path.startsWith("/assets/"))
      assets.push({ path, cacheControl: response.headers()["cache-control"] ?? "" });
  });
  const html = await page.goto(`${origin("it")}/`);
  await expect(page.getByRole("link", { name: "Iscriviti gratis" }).first()).toBeVisible();
  expect(html?.headers()["cache-control"]).toBe("no-cache");
  expect(assets.some((asset) => asset.path.endsWith(".js"))).toBe(true);
  expect(assets.some((asset) => asset.path.endsWith(".css"))).toBe(true);
  for (const asset of assets) {
    expect(asset.cacheControl, asset.path).toContain("max-age=31536000");
    expect(asset.cacheControl, asset.path).toContain("immutable");
  }
  // The same headers on an asset asked for directly, not only as the page's subresource.
  const script = assets.find((asset) => asset.path.endsWith(".js"));
  const call = apiCall("it", script?.path ?? "/assets/");
  const direct = await page.request.get(call.url, { headers: call.headers });
  expect(direct.status()).toBe(200);
  expect(direct.headers()["cache-control"]).toContain("immutable");
});
