// How the site loads: a visitor's home page fetches only its own code and its brand's language
// (the operator console and the other languages come when asked for), and the hashed scripts and styles are
// kept by the browser for a year (the logos a day) while the page itself is revalidated on every visit.
import { anyWidth, apiCall, at390, expect, origin, signedInMember, slowNetwork, test } from "./helpers";

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

test(
  "hashed assets are kept for a year, the logos a day, the page is revalidated",
  anyWidth,
  async ({ page }) => {
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
    // The splash, the tab's icon and the top bar each draw the logo: revalidated (max-age=0), Chromium asked the
    // server again for the top bar's copy in Lighthouse's runs, a round trip at the end of /find's first screen.
    const logo = apiCall("it", "/logos/amoreitalia.svg");
    const logoAnswer = await page.request.get(logo.url, { headers: logo.headers });
    expect(logoAnswer.status()).toBe(200);
    expect(logoAnswer.headers()["cache-control"]).toContain("max-age=86400");
  },
);

/** Each resource's start and end (ms from the navigation), by path. */
const resourceTimes = (page: import("@playwright/test").Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map((e) => ({
      path: new URL(e.name).pathname,
      start: e.startTime,
      end: e.responseEnd,
    })),
  );

// At 390 px only: the order of the requests does not depend on the width, and phones are what it is for.
test(
  "a member's /find fetches its chunks, its language and its first photos beside the entry, not after it",
  at390,
  async ({ page }) => {
    await signedInMember(page, "it", "loading-preloads");
    // Every request waits 300 ms, so a chunk asked only once the entry has run shows as starting after it.
    await slowNetwork(page);
    const html = await (await page.goto(`${origin("it")}/find`))?.text();
    await expect(page.getByTestId("angel-card")).toHaveCount(5);
    // The build's map of chunks stays with the Worker.
    expect(html).not.toContain('id="preload-map"');
    // The first card's photo loaded (a resource's timing is listed once its answer has ended).
    const img = page.getByTestId("angel-card").first().locator("img");
    await expect
      .poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.currentSrc !== ""))
      .toBe(true);
    const times = await resourceTimes(page);
    const entry = times.find((t) => /^\/assets\/index-[\w-]+\.js$/.test(t.path));
    const started = (pattern: RegExp) =>
      times.find((t) => pattern.test(t.path))?.start ?? Number.POSITIVE_INFINITY;
    expect(entry?.end).toBeGreaterThan(0);
    expect(started(languageChunk("it"))).toBeLessThan(entry?.end ?? 0);
    // The member's frame and the find page, one chunk (web/vite.config.ts, startChunks).
    const memberStart = /^\/assets\/member-start-[\w-]+\.js$/;
    expect(started(memberStart)).toBeLessThan(entry?.end ?? 0);
    for (const other of ["en", "es", "fr"])
      expect(started(languageChunk(other)), other).toBe(Number.POSITIVE_INFINITY);
    // The first card's photo was fetched by the bootstrap's preload (the HTML's script, from the first screen's
    // answer), not by the grid's <img> once React had drawn it.
    const photoInitiator = await img.evaluate(
      (i: HTMLImageElement) =>
        (performance.getEntriesByName(i.currentSrc, "resource")[0] as PerformanceResourceTiming | undefined)
          ?.initiatorType,
    );
    expect(photoInitiator).toBe("link");
  },
);

test(
  "a visitor's home does not move while it loads: its reviews come with it",
  anyWidth,
  async ({ page }) => {
    await page.addInitScript(() => {
      const sum = { value: 0 };
      (window as unknown as { __shifts: typeof sum }).__shifts = sum;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
          sum.value += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(`${origin("it")}/`);
    await expect(page.getByRole("link", { name: "Iscriviti gratis" }).first()).toBeVisible();
    await expect(page.locator(".review").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() => (window as unknown as { __shifts: { value: number } }).__shifts.value),
    ).toBe(0);
    // Opened again, the page asks the server for a new set of reviews.
    const again = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/testimonials");
    await page.getByRole("link", { name: "Accedi" }).first().click();
    // The login page has replaced the home (until its chunk arrives, the home stays on screen).
    await expect(page.locator(".review")).toHaveCount(0);
    await page.getByRole("link", { name: "Amore Italia" }).first().click();
    await again;
    await expect(page.locator(".review").first()).toBeVisible();
  },
);
