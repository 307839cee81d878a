// The find screen on two brands: the header's real total, the pager (blocks of 5, page 2, reload, page 1
// on a new place, a stored page past the end), the change-region popup with its city autocomplete, the
// paginazione and cambia_regione hooks of a free member, a paid member's other regions and pages, and the
// grid's 6 columns from 1200 px (a short row centred, one card height, the seeds' names whole, longer
// ones cut). Screenshots of each state on it and en.
import type { Page } from "@playwright/test";
import { femaleNames } from "../../drizzle/seed-data/names";
import {
  anyWidth,
  apiCall,
  at1280,
  expect,
  expectAccessible,
  oneMarketPerWidth,
  origin,
  regionOf,
  shot,
  shotViewport,
  signedInMember,
  test,
  withoutBootstrap,
} from "./helpers";

/** The seed's longest screen names, longest first. */
const longestSeedNames = (count: number) =>
  Object.values(femaleNames)
    .flat()
    .sort((a, b) => b.length - a.length)
    .slice(0, count);

const texts = {
  it: {
    header: (count: number, place: string) => `${count} donne disponibili in ${place}`,
    page: (n: number) => `Pagina ${n}`,
    notFound: "Città non trovata",
    cityQuery: "Com",
    city: "Como",
    otherRegion: { code: "lazio", name: "Lazio" },
  },
  en: {
    header: (count: number, place: string) => `${count} women available in ${place}`,
    page: (n: number) => `Page ${n}`,
    notFound: "City not found",
    cityQuery: "Gre",
    city: "Greenwich",
    otherRegion: { code: "scotland", name: "Scotland" },
  },
} as const;
type Market = keyof typeof texts;

/** The dispenser's own answer for a place (the member's session, page 1): what the header must show. */
async function dispenserTotal(
  page: Page,
  market: Market,
  token: string,
  place: { region?: string; city?: string },
): Promise<{ totali: number; region: string | null; city: string | null }> {
  const call = apiCall(market, "/dispenser");
  const response = await page.request.post(call.url, {
    headers: { ...call.headers, authorization: `Bearer ${token}` },
    data: { country: market, page: 1, ...place },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

async function regionTotal(page: Page, market: Market, token: string, region: string): Promise<number> {
  const call = apiCall(market, "/dispenser/totalRegion");
  const response = await page.request.post(call.url, {
    headers: { ...call.headers, authorization: `Bearer ${token}` },
    data: { country: market, region },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { totali: number }).totali;
}

async function setPremium(page: Page, market: Market, clickid: string, premiumLevel: number) {
  const call = apiCall(market, `/dev/members/${clickid}/premium`);
  const response = await page.request.post(call.url, { headers: call.headers, data: { premiumLevel } });
  expect(response.status()).toBe(200);
}

/** The grid's photos in view have loaded (for the screenshots; the others load lazily). */
const photosLoaded = (page: Page) =>
  page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>(".find-grid img")]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete && img.naturalWidth > 0),
  );

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const cardIds = (page: Page) =>
  page.getByTestId("angel-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-angel-id")));
const pagerButton = (page: Page, market: Market, n: number) =>
  page.getByTestId("pager").getByRole("button", { name: texts[market].page(n), exact: true });

async function expectCurrentPage(page: Page, market: Market, n: number) {
  await expect(pagerButton(page, market, n)).toHaveAttribute("aria-current", "page");
  await expect(page.locator(".find-grid")).toHaveAttribute("data-page", String(n));
  await expect(page.locator(".find-grid")).toHaveAttribute("aria-busy", "false");
}

async function openChangeRegion(page: Page) {
  await page.getByTestId("find-header").getByRole("button").click();
  const popup = page.getByTestId("change-region-popup");
  await expect(popup).toBeVisible();
  await expect(popup.locator('select[name="region"] option')).not.toHaveCount(1);
  await expect(popup.locator('select[name="region"]')).not.toHaveValue("");
  return popup;
}

for (const { market, width } of oneMarketPerWidth("it", "en")) {
  const text = texts[market];
  const home = regionOf[market];

  test(
    `${market}: real total, pager, page 2 kept on reload, a new place forces page 1, cambia_regione`,
    width,
    async ({ page }) => {
      const member = await signedInMember(page, market, "find-pager");
      const total = await regionTotal(page, market, member.token, home.code);
      const pages = Math.ceil(total / 5);
      expect(pages, "the seed has more than one page in the member's region").toBeGreaterThan(1);

      await page.goto(`${origin(market)}/find`);
      await expect(page.getByTestId("find-header")).toHaveText(text.header(total, home.name));
      await expect(page.getByTestId("angel-card")).toHaveCount(5);
      // One block: the numbers 1 to min(5, pages), page 1 current, no earlier block.
      await expect(page.getByTestId("pager").getByRole("button", { name: /\d$/ })).toHaveCount(
        Math.min(5, pages),
      );
      await expectCurrentPage(page, market, 1);
      await expect(page.getByTestId("pager-previous")).toBeDisabled();
      await expect(page.getByTestId("pager-next")).toBeEnabled({ enabled: pages > 5 });
      await photosLoaded(page);
      await shot(page, `find-${market}`);
      await expectAccessible(page, "/find");

      // Page 2 from the bottom of a scrolled page: other angels, stored, back at the top.
      const viewport = page.viewportSize() ?? { width: 1280, height: 800 };
      await page.setViewportSize({ width: viewport.width, height: 320 });
      const firstPage = await cardIds(page);
      await page.getByTestId("pager").scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await pagerButton(page, market, 2).click();
      await expectCurrentPage(page, market, 2);
      const secondPage = await cardIds(page);
      expect(secondPage.length).toBeGreaterThan(0);
      expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
      expect(await stored(page, "page")).toBe("2");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await page.setViewportSize(viewport);

      // A reload keeps page 2 (same seed, same angels).
      await page.reload();
      await expectCurrentPage(page, market, 2);
      expect(await cardIds(page)).toEqual(secondPage);

      // A city of the member's own region (allowed to a free member): page 1 and the city's own total.
      const cityAnswer = await dispenserTotal(page, market, member.token, {
        region: home.code,
        city: text.city,
      });
      let popup = await openChangeRegion(page);
      await popup.getByTestId("city-input").fill(text.cityQuery);
      await popup.getByRole("option", { name: new RegExp(`^${text.city}\\b`) }).click();
      await popup.getByRole("button", { name: /^(Cerca|Search)$/ }).click();
      await expect(popup).toHaveCount(0);
      await expect(page.getByTestId("find-header")).toHaveText(text.header(cityAnswer.totali, text.city));
      expect(await stored(page, "page")).toBe("1");
      expect(await stored(page, "city")).toBe(text.city);
      await expect(page.getByTestId("angel-card")).toHaveCount(Math.min(5, cityAnswer.totali));

      // Another region: refused to a free member; the cambia_regione hook, and their own region still shows.
      popup = await openChangeRegion(page);
      await popup.locator('select[name="region"]').selectOption(text.otherRegion.code);
      await expect(popup.getByTestId("city-input")).toHaveValue("");
      await popup.getByRole("button", { name: /^(Cerca|Search)$/ }).click();
      const hook = page.getByTestId("hook-popup-cambia_regione");
      await expect(hook).toBeVisible();
      await expect(hook.getByTestId("hook-header")).toBeVisible();
      await photosLoaded(page);
      await shotViewport(page, `hook-cambia-regione-${market}`);
      await hook.getByRole("button", { name: /^(Chiudi|Close)$/ }).click();
      await expect(hook).toHaveCount(0);
      await expect(page.getByTestId("find-header")).toHaveText(text.header(total, home.name));
      expect(await stored(page, "city")).toBeNull();
      await expectCurrentPage(page, market, 1);
    },
  );

  test(
    `${market}: paid member searches other regions and cities with the autocomplete`,
    width,
    async ({ page }) => {
      // The page's clock is the test's, to run the autocomplete's wait at will.
      await page.clock.install();
      const asked: string[] = [];
      page.on("request", (request) => {
        const match = /\/api\/get\/city\/[a-z]{2}\/([^/?]+)$/.exec(request.url());
        if (match?.[1]) asked.push(decodeURIComponent(match[1]));
      });
      const member = await signedInMember(page, market, "find-paid");
      await setPremium(page, market, member.clickid, 2);
      const total = await regionTotal(page, market, member.token, home.code);
      await page.goto(`${origin(market)}/find`);
      await expect(page.getByTestId("find-header")).toHaveText(text.header(total, home.name));

      // Paid members browse past the first block.
      if (total > 25) {
        await page.getByTestId("pager-next").click();
        await expectCurrentPage(page, market, 6);
        await expect(page.getByTestId("hook-popup-paginazione")).toHaveCount(0);
        await page.getByTestId("pager-previous").click();
        await expectCurrentPage(page, market, 1);
      }

      const popup = await openChangeRegion(page);
      const input = popup.getByTestId("city-input");
      const suggestions = popup.getByTestId("city-suggestions");
      // Two characters, left long past the autocomplete's wait: no suggestions.
      await input.fill(text.cityQuery.slice(0, 2));
      await page.clock.runFor(2_000);
      await expect(suggestions).toHaveCount(0);
      await expect(input).toHaveAttribute("aria-expanded", "false");
      // Three: the suggestions, the city among them; the only query asked was this one.
      await input.fill(text.cityQuery);
      await page.clock.runFor(2_000);
      await expect(suggestions).toBeVisible();
      expect(asked).toEqual([text.cityQuery]);
      await expect(popup.getByRole("option", { name: new RegExp(`^${text.city}\\b`) })).toBeVisible();
      await expect(input).toHaveAttribute("aria-expanded", "true");
      await photosLoaded(page);
      await shotViewport(page, `find-change-region-${market}`);

      // A city not picked from the list is refused.
      await input.fill("Xyzzyville");
      await expect(popup.getByTestId("city-none")).toBeVisible();
      await expect(suggestions).toHaveCount(0);
      await popup.getByRole("button", { name: /^(Cerca|Search)$/ }).click();
      await expect(popup.getByTestId("change-region-error")).toContainText(text.notFound);
      await expect(input).toHaveAttribute("aria-invalid", "true");

      // Another region: served, with its own total, no hook.
      const otherTotal = await regionTotal(page, market, member.token, text.otherRegion.code);
      await popup.locator('select[name="region"]').selectOption(text.otherRegion.code);
      await popup.getByRole("button", { name: /^(Cerca|Search)$/ }).click();
      await expect(page.getByTestId("find-header")).toHaveText(
        text.header(otherTotal, text.otherRegion.name),
      );
      await expect(page.getByTestId("hook-popup-cambia_regione")).toHaveCount(0);

      // A city picked from the list (of the member's home region): the header names it, with its total.
      const cityAnswer = await dispenserTotal(page, market, member.token, {
        region: home.code,
        city: text.city,
      });
      expect(cityAnswer.city).toBe(text.city);
      expect(cityAnswer.totali).not.toBe(total);
      const again = await openChangeRegion(page);
      await again.getByTestId("city-input").fill(text.cityQuery);
      await again.getByRole("option", { name: new RegExp(`^${text.city}\\b`) }).click();
      await expect(again.locator('select[name="region"]')).toHaveValue(home.code);
      await again.getByRole("button", { name: /^(Cerca|Search)$/ }).click();
      await expect(page.getByTestId("find-header")).toHaveText(text.header(cityAnswer.totali, text.city));
      expect(await stored(page, "city")).toBe(text.city);
      // The search place is not the profile's region.
      expect((await dispenserTotal(page, market, member.token, {})).region).toBe(home.code);
    },
  );
}

test(
  "en: a free member on flow 7 gets the paginazione hook past page 5; a stored page past the end gives page 1",
  at1280,
  async ({ page }) => {
    const market = "en";
    const member = await signedInMember(page, market, "find-hook", "7");
    const total = await regionTotal(page, market, member.token, regionOf.en.code);
    expect(total, "London has more than 5 pages in the seed").toBeGreaterThan(25);
    await page.goto(`${origin(market)}/find`);
    await expectCurrentPage(page, market, 1);
    await expect(page.getByTestId("pager-next")).toBeEnabled();
    const ids = await cardIds(page);

    await page.getByTestId("pager-next").click();
    const hook = page.getByTestId("hook-popup-paginazione");
    await expect(hook).toBeVisible();
    await expect(hook).toContainText("Want to see more profiles?");
    await photosLoaded(page);
    await shotViewport(page, "hook-paginazione-en");
    await hook.getByRole("button", { name: "Close" }).click();
    await expect(hook).toHaveCount(0);
    await expectCurrentPage(page, market, 1);
    expect(await cardIds(page)).toEqual(ids);
    expect(await stored(page, "page")).toBe("1");

    // A stored page the member may not see, or past the last page, falls back to page 1.
    for (const storedPage of ["6", "99"]) {
      await page.evaluate((p) => localStorage.setItem("page", p), storedPage);
      await page.reload();
      await expectCurrentPage(page, market, 1);
      expect(await stored(page, "page")).toBe("1");
    }
  },
);

test(
  "it: 6 columns from 1200 px, fewer below; a short row centred; one card height; seed names whole, longer ones cut",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "it", "find-grid");
    await withoutBootstrap(page);
    const longName = "Mariangela Benedetta Alessandrina";
    // The seeds' longest names: whole on every card ("Margher… 59" was a ten-letter name beside its age).
    const seedNames = longestSeedNames(2);
    await page.route("**/dispenser", async (route) => {
      // Through 127.0.0.1: Node does not resolve *.localhost.
      const call = apiCall("it", "/dispenser");
      const headers = { ...route.request().headers(), ...call.headers };
      const response = await route.fetch({ url: call.url, headers });
      const body = await response.json();
      body.profili[0].screenName = longName;
      body.profili[1].screenName = seedNames[0];
      body.profili[2].screenName = seedNames[1];
      body.profili[2].age = 59;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`${origin("it")}/find`);
    const cards = page.getByTestId("angel-card");
    await expect(cards).toHaveCount(5);
    await expect(cards.first().locator("strong")).toHaveText(longName);
    await photosLoaded(page);
    const layout = () =>
      page.locator(".find-grid").evaluate((grid) => {
        const box = grid.getBoundingClientRect();
        const items = [...grid.querySelectorAll<HTMLElement>('[data-testid="angel-card"]')];
        const boxes = items.map((card) => card.getBoundingClientRect());
        const first = boxes[0] ?? box;
        const row = boxes.filter((b) => Math.abs(b.top - first.top) < 1);
        const gap = Number.parseFloat(getComputedStyle(grid).columnGap);
        const names = items.map((card) => card.querySelector<HTMLElement>(".angel-name"));
        const cut = names.map((name) => (name ? name.scrollWidth > name.clientWidth : false));
        const age = items[2]?.querySelector<HTMLElement>(".angel-age")?.getBoundingClientRect();
        const nameBox = names[2]?.getBoundingClientRect();
        return {
          columns: Math.round((box.width + gap) / (first.width + gap)),
          centred: Math.abs(first.left - box.left - (box.right - (row.at(-1)?.right ?? 0))) < 2,
          heights: new Set(boxes.map((b) => Math.round(b.height))).size,
          nameCut: cut[0],
          seedNamesCut: cut.slice(1, 3).some(Boolean),
          ageUnderName: Boolean(age && nameBox && age.top >= nameBox.bottom - 1),
        };
      });
    for (const [width, columns] of [
      [1280, 6],
      [1200, 6],
      [1100, 4],
      [390, 2],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(layout, `${width} px`).toEqual({
        columns,
        centred: true,
        heights: 1,
        nameCut: true,
        seedNamesCut: false,
        ageUnderName: true,
      });
      if (width === 1280 || width === 390) await shotViewport(page, `find-grid-${width}`);
    }
  },
);

test(
  "no portrait twice among a region's women, so never twice on a page (Italy)",
  anyWidth,
  async ({ page }) => {
    const member = await signedInMember(page, "it", "find-portraits");
    // A paid member may page through every region.
    await setPremium(page, "it", member.clickid, 1);
    const regionsCall = apiCall("it", "/api/get/regions/it");
    const regions = (await (
      await page.request.get(regionsCall.url, { headers: regionsCall.headers })
    ).json()) as { code: string }[];
    expect(regions.length).toBeGreaterThan(10);
    const shared: string[] = [];
    for (const { code } of regions) {
      const call = apiCall("it", "/dispenser");
      const ask = async (n: number) => {
        const response = await page.request.post(call.url, {
          headers: { ...call.headers, authorization: `Bearer ${member.token}` },
          data: { country: "it", page: n, region: code, cerco: "donna", seed: "portraits" },
        });
        expect(response.status()).toBe(200);
        return (await response.json()) as {
          totali: number;
          profili: { id: number; default_photo: string }[];
        };
      };
      const first = await ask(1);
      const angels = [...first.profili];
      for (let n = 2; n <= Math.ceil(first.totali / 5); n++) angels.push(...(await ask(n)).profili);
      expect(angels.length).toBe(first.totali);
      // The portrait itself (its smallest rendition's bytes): every angel has an address of her own.
      const seen = new Map<string, number>();
      for (const angel of angels) {
        const photo = apiCall("it", `${angel.default_photo}/w180.webp`);
        const bytes = await (await page.request.get(photo.url, { headers: photo.headers })).body();
        const key = bytes.toString("base64");
        const other = seen.get(key);
        if (other !== undefined) shared.push(`${code}: ${other} and ${angel.id}`);
        seen.set(key, angel.id);
      }
    }
    expect(shared).toEqual([]);
  },
);
