// The signed-in first screen: /find's data leaves with the HTML's bootstrap while the app's
// bundle is still downloading (no verify → dispenser chain after it), the page does not move while it
// loads, and after logout nothing of the old session is served again.
import type { Page } from "@playwright/test";
import {
  anyWidth,
  apiCall,
  expect,
  logout,
  origin,
  regionOf,
  shot,
  signedInMember,
  slowNetwork,
  test,
} from "./helpers";

/** Every request of the page, in the order it left. */
function recordRequests(page: Page) {
  const paths: string[] = [];
  page.on("request", (request) => paths.push(new URL(request.url()).pathname));
  return paths;
}

/** The frame's own lists: the liked angels, the notifications, the conversations. */
const lists = /\/(api\/get\/all|get\/notifications|get\/messages)\/[^/]+$/;

/** The layout shifts of each document of the page, summed as CLS sums them (input-driven ones left out). */
const observeShifts = (page: Page) =>
  page.addInitScript(() => {
    const sum = { value: 0 };
    (window as unknown as { __shifts: typeof sum }).__shifts = sum;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[])
        if (!entry.hadRecentInput) sum.value += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });

test("/find's data leaves with the HTML, not after the bundle and a verify", anyWidth, async ({ page }) => {
  await signedInMember(page, "it", "first-screen");
  const requests = recordRequests(page);
  await slowNetwork(page);
  const boot = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/first-screen");
  await page.goto(`${origin("it")}/find`);
  const answer = (await (await boot).json()) as { find: { answer: { profili: { id: number }[] } } };
  const cards = page.getByTestId("angel-card");
  await expect(cards).toHaveCount(5);
  // The grid shows the bootstrap's page, and the app asked neither verify nor the dispenser for it.
  await expect
    .poll(() => cards.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-angel-id")))))
    .toEqual(answer.find.answer.profili.map((a) => a.id));
  expect(requests).not.toContain("/users/verify");
  expect(requests).not.toContain("/dispenser");
  expect(requests.filter((p) => p === "/api/first-screen")).toHaveLength(1);
  // The data call left before the app's script had even arrived: nothing waits on a serial chain.
  const timing = await page.evaluate(() => {
    const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    const bundle = entries.find(
      (e) => e.initiatorType === "script" && /\/assets\/index-[^/]+\.js$/.test(e.name),
    );
    const data = entries.find((e) => e.name.endsWith("/api/first-screen"));
    return { bundleEnd: bundle?.responseEnd, dataStart: data?.startTime };
  });
  expect(timing.bundleEnd).toBeGreaterThan(0);
  expect(timing.dataStart).toBeLessThan(timing.bundleEnd ?? 0);
  // A later opening of the page asks the dispenser again (the bootstrap's answer is used once).
  await page.getByTestId("nav-match").click();
  await expect(page).toHaveURL(/\/match$/);
  // Once the match page is drawn (until its chunk arrives the find page stays on screen, still mounted).
  await expect(page.getByTestId("match-card").first()).toBeVisible();
  await page.goBack();
  await expect(cards).toHaveCount(5);
  await expect.poll(() => requests.includes("/dispenser")).toBe(true);
});

/** What React puts into #root, in turn: each added element's class ("" for one without, "(text)" for text). */
const recordRootChanges = (page: Page) =>
  page.addInitScript(() => {
    const added: string[] = [];
    (window as unknown as { __rootAdded: string[] }).__rootAdded = added;
    document.addEventListener("DOMContentLoaded", () => {
      const root = document.getElementById("root");
      if (!root) return;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.addedNodes)
            added.push(node instanceof Element ? node.className : "(text)");
      }).observe(root, { childList: true });
    });
  });

test(
  "the start goes from the HTML's splash straight to the page, no fallback drawn in between",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "it", "first-screen-start");
    await recordRootChanges(page);
    await slowNetwork(page);
    await page.goto(`${origin("it")}/find`);
    await expect(page.getByTestId("angel-card")).toHaveCount(5);
    // The language, TanStack Query, the member's frame and the page's chunk were there before the first render:
    // nothing suspended, so React neither drew its own splash nor an empty root (each such fallback holds the
    // page back by up to 300 ms once shown).
    const added = await page.evaluate(() => (window as unknown as { __rootAdded: string[] }).__rootAdded);
    expect(added[0]).toMatch(/^app\b/);
    expect(added).not.toContain("boot");
  },
);

test(
  "on /find the member's room and the frame's lists start once the first photos are drawn",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "it", "first-screen-room");
    let sockets = 0;
    page.on("websocket", () => {
      sockets += 1;
    });
    const listsAnswered = new Set<string>();
    page.on("response", (response) => {
      const path = new URL(response.url()).pathname;
      if (lists.test(path)) listsAnswered.add(path.split("/").slice(0, -1).join("/"));
    });
    await page.goto(`${origin("it")}/find`);
    await expect(page.getByTestId("angel-card")).toHaveCount(5);
    await expect.poll(() => sockets).toBe(1);
    await expect.poll(() => listsAnswered.size).toBe(3);
    // The room's code and the frame's lists (liked angels, notifications, conversations) were asked after the
    // first four photos had arrived and were on screen: they shared neither their bandwidth nor their paint.
    // "On screen" is the browser's Element Timing entry (the frame shown, not only made), read by an observer:
    // these entries are not in the performance timeline.
    const firstShown = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          new PerformanceObserver((list) => {
            const times = list
              .getEntries()
              .filter((e) => (e as PerformanceEntry & { identifier: string }).identifier === "first-photo")
              .map((e) => (e as PerformanceEntry & { renderTime: number }).renderTime);
            resolve(Math.min(...times));
          }).observe({ type: "element", buffered: true }),
        ),
    );
    const timing = await page.evaluate((pattern) => {
      const entries = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const photos = [...document.querySelectorAll<HTMLImageElement>(".find-grid img")]
        .slice(0, 4)
        .map((img) => entries.find((e) => e.name === img.currentSrc));
      const after = entries.filter(
        (e) =>
          /\/assets\/party-[^/]+\.js$/.test(e.name) || new RegExp(pattern).test(new URL(e.name).pathname),
      );
      return {
        photosEnd: photos.map((p) => p?.responseEnd ?? null),
        afterStarts: after.map((e) => e.startTime),
      };
    }, lists.source);
    expect(timing.photosEnd.every((end) => end !== null)).toBe(true);
    expect(timing.afterStarts.length).toBeGreaterThanOrEqual(4);
    expect(Math.min(...timing.afterStarts)).toBeGreaterThan(Math.max(...timing.photosEnd.map(Number)));
    expect(firstShown).toBeGreaterThan(0);
    expect(Math.min(...timing.afterStarts)).toBeGreaterThan(firstShown);
  },
);

test(
  "on /find the frame's lists do not wait out the cap when the first photos fail",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "it", "first-screen-failed-photos");
    await page.route(/\/photos\//, (route) => route.fulfill({ status: 404 }));
    const listsAsked: number[] = [];
    page.on("request", (request) => {
      if (lists.test(new URL(request.url()).pathname)) listsAsked.push(Date.now());
    });
    await page.goto(`${origin("it")}/find`);
    await expect(page.getByTestId("angel-card")).toHaveCount(5);
    const cardsShown = Date.now();
    await expect.poll(() => listsAsked.length).toBeGreaterThanOrEqual(3);
    // Failed photos are no paint to wait for: the lists leave within a frame or two, not after the 2 s cap.
    expect(Math.min(...listsAsked) - cardsShown).toBeLessThan(1000);
  },
);

test("/find does not move while it loads", async ({ page }) => {
  await signedInMember(page, "it", "first-screen-cls");
  await observeShifts(page);
  await slowNetwork(page);
  await page.goto(`${origin("it")}/find`);
  await expect(page.getByTestId("find-header")).toContainText(regionOf.it.name);
  await expect(page.getByTestId("angel-card")).toHaveCount(5);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>(".find-grid img")]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => img.complete && img.naturalWidth > 0),
  );
  const shifts = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number } }).__shifts.value,
  );
  expect(shifts).toBeLessThanOrEqual(0.02);
  await shot(page, "first-screen-find");
});

test("after logout the old session's first screen is not served again", anyWidth, async ({ page }) => {
  const member = await signedInMember(page, "it", "first-screen-logout");
  const boot = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/first-screen");
  await page.goto(`${origin("it")}/find`);
  const answer = await boot;
  // The member's own data: private, and kept by no cache, the browser's included.
  expect(answer.headers()["cache-control"]).toBe("private, no-store");
  await expect(page.getByTestId("angel-card")).toHaveCount(5);
  await logout(page, "Esci");
  const requests = recordRequests(page);
  // Back to /find, through history and afresh: the visitor's page, and no member data asked or shown.
  // (Counted at once, not polled: a page restored from the back-forward cache would show its cards at once.)
  await page.goBack();
  expect(await page.getByTestId("angel-card").count()).toBe(0);
  await page.goto(`${origin("it")}/find`);
  await expect(page.getByTestId("angel-card")).toHaveCount(0);
  expect(requests).not.toContain("/api/first-screen");
  expect(requests).not.toContain("/dispenser");
  // The old token asked again, as a copy of the page's script would: the session is over.
  const call = apiCall("it", "/api/first-screen");
  const replay = await page.request.post(call.url, {
    headers: call.headers,
    data: { token: member.token, find: { page: 1, city: null, seed: "1" }, match: true },
  });
  expect(await replay.json()).toEqual({ verify: { verify: 0 } });
});
