// The /match swipe stack and the invite modal: mouse, touch and button swipes (with the spec's 300 px/s
// threshold, vertical moves blocked), the refill below 5 cards without repeats, the chat bubble (a round
// button whatever other sheets say) or invite button per flow, flow 0000's redirect, the invite modal's 4 s
// auto-close counting as a like, the file_like hook, a failed dispenser call, the empty state and
// screenshots on two brands.
import type { CDPSession, Page } from "@playwright/test";
import {
  anyWidth,
  apiCall,
  at390,
  at1280,
  expect,
  expectAccessible,
  likeUntilOutOfCredits,
  type Market,
  narrowOnly,
  oneMarketPerWidth,
  origin,
  regionOf,
  shot,
  shotViewport,
  signedInMember,
  smsCode,
  test,
  uniqueMobile,
  withoutBootstrap,
} from "./helpers";

type Member = { token: string; clickid: string };
interface MatchFrame {
  trackerId?: string;
  angelId: number;
  type: "like" | "dislike";
  mongoId?: string;
}

/** Every frame the page sends on its room socket, parsed. */
function recordFrames(page: Page) {
  const frames: { event: string; data: Record<string, unknown> }[] = [];
  page.on("websocket", (ws) => {
    if (!ws.url().includes("/parties/user-room/")) return;
    ws.on("framesent", (frame) => {
      try {
        frames.push(JSON.parse(String(frame.payload)));
      } catch {
        // not ours
      }
    });
  });
  return {
    matches: () => frames.filter((f) => f.event === "match").map((f) => f.data as unknown as MatchFrame),
    invites: () => frames.filter((f) => f.event === "invite").map((f) => f.data),
  };
}

const topCard = (page: Page) => page.locator('[data-testid="match-card"][data-state="top"]');
const topId = async (page: Page) => Number(await topCard(page).getAttribute("data-angel-id"));
const held = async (page: Page) => Number(await page.getByTestId("match-stack").getAttribute("data-held"));

/** The chat bubble is a round button with its icon in the middle (no other sheet's rule reshapes it). */
async function expectRoundChatButton(page: Page) {
  const button = page.getByTestId("match-chat");
  const shape = await button.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const icon = el.querySelector("svg")?.getBoundingClientRect();
    return {
      width: box.width,
      height: box.height,
      radius: getComputedStyle(el).borderRadius,
      iconOffset: icon
        ? Math.abs(icon.x + icon.width / 2 - (box.x + box.width / 2)) +
          Math.abs(icon.y + icon.height / 2 - (box.y + box.height / 2))
        : Number.POSITIVE_INFINITY,
    };
  });
  expect(shape).toMatchObject({ width: 54, height: 54, radius: "50%" });
  expect(shape.iconOffset).toBeLessThan(2);
}

async function openMatch(page: Page, market: Market) {
  await page.goto(`${origin(market)}/match`);
  await expect(topCard(page)).toBeVisible();
  // The first page is in and the photo has loaded (its box is stable).
  await expect.poll(() => held(page)).toBeGreaterThanOrEqual(5);
  await expect(topCard(page).locator("img")).toHaveJSProperty("complete", true);
}

/** The member's liked angels on the server (api/get/all's profiliLike). */
async function likedOnServer(page: Page, market: Market, member: Member): Promise<number[]> {
  const call = apiCall(market, `/api/get/all/${member.clickid}`);
  const response = await page.request.get(call.url, {
    headers: { ...call.headers, authorization: `Bearer ${member.token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { profiliLike: number[] }).profiliLike;
}

/** Every id /dispenser/match still serves the member, over all its pages. */
async function matchableIds(page: Page, market: Market, member: Member): Promise<number[]> {
  const ids: number[] = [];
  for (let p = 1; p <= 40; p++) {
    const call = apiCall(market, "/dispenser/match");
    const response = await page.request.post(call.url, {
      headers: { ...call.headers, authorization: `Bearer ${member.token}` },
      data: { country: market, page: p, region: regionOf[market].code, trackerId: member.clickid },
    });
    expect(response.ok()).toBe(true);
    const { profiles } = (await response.json()) as { profiles: { id: number }[] };
    if (profiles.length === 0) break;
    ids.push(...profiles.map((a) => a.id));
  }
  return ids;
}

async function cardCentre(page: Page) {
  const box = await topCard(page).boundingBox();
  if (!box) throw new Error("no top card");
  return { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 200) };
}

/** A real mouse drag by (dx, dy) in `steps` moves, as fast as the browser takes them. */
async function mouseDrag(page: Page, dx: number, dy: number, steps: number) {
  const { x, y } = await cardCentre(page);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++) {
    await page.mouse.move(x + (dx * i) / steps, y + (dy * i) / steps);
  }
  await page.mouse.up();
}

/**
 * A mouse drag whose events carry exact timestamps (CDP Input.dispatchMouseEvent), so its speed is what
 * the test says and not what the machine's load makes of it: `dx` px at `pxPerSecond`, 16 ms per move.
 */
async function timedMouseDrag(page: Page, cdp: CDPSession, dx: number, pxPerSecond: number) {
  const { x, y } = await cardCentre(page);
  const stepMs = 16;
  const steps = Math.max(2, Math.round(Math.abs(dx) / ((pxPerSecond * stepMs) / 1000)));
  let t = Date.now() / 1000;
  const at = (ms: number) => {
    t += ms / 1000;
    return t;
  };
  await cdp.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y, timestamp: at(0) });
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mousePressed",
    x,
    y,
    button: "left",
    buttons: 1,
    clickCount: 1,
    timestamp: at(16),
  });
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchMouseEvent", {
      type: "mouseMoved",
      x: x + (dx * i) / steps,
      y,
      button: "left",
      buttons: 1,
      timestamp: at(stepMs),
    });
  }
  await cdp.send("Input.dispatchMouseEvent", {
    type: "mouseReleased",
    x: x + dx,
    y,
    button: "left",
    buttons: 0,
    clickCount: 1,
    timestamp: at(8),
  });
}

/** A real touch swipe (CDP touchStart/touchMove/touchEnd with timestamps): `dx` px in ~120 ms. */
async function touchSwipe(page: Page, cdp: CDPSession, dx: number) {
  const { x, y } = await cardCentre(page);
  let t = Date.now() / 1000;
  const at = (ms: number) => {
    t += ms / 1000;
    return t;
  };
  await cdp.send("Input.dispatchTouchEvent", {
    type: "touchStart",
    touchPoints: [{ x, y }],
    timestamp: at(0),
  });
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: x + (dx * i) / steps, y }],
      timestamp: at(15),
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [], timestamp: at(8) });
}

test(
  "mouse swipes: right likes, left dislikes; slower than 300 px/s or vertical does nothing",
  anyWidth,
  async ({ page }) => {
    const frames = recordFrames(page);
    const member = await signedInMember(page, "it", "match-mouse");
    await openMatch(page, "it");

    // The spec's threshold, with exact event times: 220 px/s snaps back and sends nothing.
    const first = await topId(page);
    const cdp = await page.context().newCDPSession(page);
    await timedMouseDrag(page, cdp, 90, 220);
    await expect(topCard(page)).toHaveAttribute("style", /translateX\(0px\)/);
    expect(await topId(page)).toBe(first);

    // A slow drag (100 px/s) snaps back and sends nothing.
    await timedMouseDrag(page, cdp, 160, 100);
    await expect(topCard(page)).toHaveAttribute("data-angel-id", String(first));
    await expect(topCard(page)).toHaveAttribute("style", /translateX\(0px\)/);
    // A fast vertical drag is blocked: nothing moves, nothing is sent (the frames of the swipes below come
    // first, so none of these gestures sent one).
    await mouseDrag(page, 0, 260, 6);
    await expect(topCard(page)).toHaveAttribute("data-angel-id", String(first));

    // A fast flick to the right likes the top angel. (Every timed drag carries its own event times: with
    // real-time steps a loaded machine can stretch a flick past the gesture's 600 ms and make it a drag.)
    const liked = first;
    await timedMouseDrag(page, cdp, 320, 1600);
    await expect(topCard(page)).not.toHaveAttribute("data-angel-id", String(liked));
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${liked}"]`)).toHaveCount(0);
    await expect.poll(() => likedOnServer(page, "it", member)).toContain(liked);

    // 450 px/s with exact event times is a swipe: this one goes left.
    const fast = await topId(page);
    await timedMouseDrag(page, cdp, -90, 450);
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${fast}"]`)).toHaveCount(0);

    // A fast flick to the left dislikes the next one: it never comes back from the dispenser.
    const disliked = await topId(page);
    await timedMouseDrag(page, cdp, -320, 1600);
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${disliked}"]`)).toHaveCount(0);
    await expect.poll(() => frames.matches().length).toBe(3);
    const [likeFrame, fastFrame, dislikeFrame] = frames.matches();
    expect(fastFrame).toMatchObject({ angelId: fast, type: "dislike" });
    expect(likeFrame).toMatchObject({ trackerId: member.clickid, angelId: liked, type: "like" });
    expect(dislikeFrame).toMatchObject({ trackerId: member.clickid, angelId: disliked, type: "dislike" });
    expect(likeFrame?.mongoId).toMatch(/\S/);
    expect(dislikeFrame?.mongoId).toMatch(/\S/);
    await expect
      .poll(async () => {
        const ids = await matchableIds(page, "it", member);
        return ids.includes(disliked) || ids.includes(liked);
      })
      .toBe(false);
    expect(await likedOnServer(page, "it", member)).not.toContain(disliked);
  },
);

// Touch emulation is the mobile project's.
test("a touch swipe removes the card (390 px, touch)", narrowOnly, async ({ page }) => {
  const frames = recordFrames(page);
  await signedInMember(page, "es", "match-touch");
  await openMatch(page, "es");
  await expectRoundChatButton(page);
  await shot(page, "match-chat");
  const cdp = await page.context().newCDPSession(page);

  const first = await topId(page);
  await touchSwipe(page, cdp, -220);
  await expect(page.locator(`[data-testid="match-card"][data-angel-id="${first}"]`)).toHaveCount(0);
  await expect
    .poll(() => frames.matches())
    .toEqual([expect.objectContaining({ angelId: first, type: "dislike" })]);

  // A vertical touch pan is the page's scroll, never a swipe.
  const second = await topId(page);
  const { x, y } = await cardCentre(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let i = 1; i <= 6; i++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - 30 * i }] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  expect(await topId(page)).toBe(second);
  // The next swipe is the second card's, and its frame follows the first's: the pan sent nothing.
  await touchSwipe(page, cdp, -220);
  await expect(page.locator(`[data-testid="match-card"][data-angel-id="${second}"]`)).toHaveCount(0);
  await expect.poll(() => frames.matches().map((f) => f.angelId)).toEqual([first, second]);
});

test(
  "an unverified member's heart asks for the phone, and the like goes out once verified",
  anyWidth,
  async ({ page }) => {
    const member = await signedInMember(page, "it", "match-verify", "7", { verified: false });
    await openMatch(page, "it");
    const hearted = await topId(page);
    await page.getByTestId("match-like").click();
    const popup = page.getByTestId("phone-popup");
    // The card waits on the stack while the member verifies.
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${hearted}"]`)).toHaveCount(1);
    const mobile = uniqueMobile("it");
    await popup.getByLabel("Numero di cellulare").fill(mobile.typed);
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    await popup.getByLabel("Codice ricevuto via SMS").fill(await smsCode(page.request, "it", mobile.e164));
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup).toHaveCount(0);
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${hearted}"]`)).toHaveCount(0);
    await expect.poll(() => likedOnServer(page, "it", member)).toContain(hearted);
  },
);

test(
  "the cross and heart buttons; the stack refills below 5 cards without repeating an id",
  anyWidth,
  async ({ page }) => {
    const frames = recordFrames(page);
    const requests: Record<string, unknown>[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/dispenser/match")) requests.push(request.postDataJSON());
    });
    const member = await signedInMember(page, "it", "match-buttons");
    await openMatch(page, "it");

    const hearted = await topId(page);
    await page.getByTestId("match-like").click();
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${hearted}"]`)).toHaveCount(0);
    await expect.poll(() => likedOnServer(page, "it", member)).toContain(hearted);

    const tops = [hearted];
    for (let i = 0; i < 9; i++) {
      const id = await topId(page);
      tops.push(id);
      await page.getByTestId("match-dislike").click();
      await expect(page.locator(`[data-testid="match-card"][data-angel-id="${id}"]`)).toHaveCount(0);
    }
    // Ten cards went, two pages' worth: the stack was refilled and is back to 5 or more.
    await expect.poll(() => held(page)).toBeGreaterThanOrEqual(5);
    const drawn = await page
      .locator('[data-testid="match-card"]')
      .evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-angel-id"))));
    expect(new Set([...tops, ...drawn]).size).toBe(tops.length + drawn.length);
    expect(frames.matches().map((f) => f.angelId)).toEqual(tops);
    expect(frames.matches().map((f) => f.type)).toEqual(["like", ...Array(9).fill("dislike")]);
    expect(requests.length).toBeGreaterThan(1);
    expect(requests[0]).toMatchObject({
      country: "it",
      page: 1,
      region: regionOf.it.code,
      premiumLevel: 0,
      trackerId: member.clickid,
    });
  },
);

test(
  "flow 7 has the chat bubble; flow 9 the invite button; flow 0000 goes to /find",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "it", "match-flow7", "7");
    await openMatch(page, "it");
    await expect(page.getByTestId("match-invite")).toHaveCount(0);
    await expectRoundChatButton(page);
    await shot(page, "match-chat");
    const id = await topId(page);
    await page.getByTestId("match-chat").click();
    await expect(page).toHaveURL(new RegExp(`/chats/${id}$`));
    // The next member signs in on a page that has no session of its own (no late write of the old token).
    const forget = () => page.evaluate(() => localStorage.removeItem("token"));
    await forget();

    await signedInMember(page, "it", "match-flow9", "9");
    await openMatch(page, "it");
    await expect(page.getByTestId("match-chat")).toHaveCount(0);
    await expect(page.getByTestId("match-invite")).toBeVisible();

    await forget();
    await signedInMember(page, "it", "match-flow0000", "0000");
    await page.goto(`${origin("it")}/match`);
    await expect(page).toHaveURL(/\/find$/);
  },
);

test(
  "invite modal: inactive while empty, confirmation, auto-close after 4 s as a like, early close",
  at390,
  async ({ page }) => {
    await page.clock.install();
    const frames = recordFrames(page);
    const member = await signedInMember(page, "it", "match-invite", "9");
    await openMatch(page, "it");

    // Closing before sending counts as nothing.
    const kept = await topId(page);
    await page.getByTestId("match-invite").click();
    const modal = page.getByRole("dialog");
    await expect(modal.getByRole("heading")).toHaveText("Manda un invito");
    await page.getByTestId("invite-close").click();
    await expect(modal).toHaveCount(0);
    expect(await topId(page)).toBe(kept);

    // Empty: Invia is inactive and does nothing.
    const name = (await topCard(page).getByTestId("match-name").textContent()) ?? "";
    await page.getByTestId("match-invite").click();
    const text = modal.getByPlaceholder("Scrivi un messaggio");
    await expect(text).toBeFocused();
    const send = modal.getByRole("button", { name: "Invia" });
    await expect(send).toBeDisabled();
    await text.fill("   ");
    await expect(send).toBeDisabled();
    await text.press("Enter");
    await shotViewport(page, "invite-empty-it");
    expect(frames.invites()).toEqual([]);

    await text.fill("Ciao, ti va di conoscerci?");
    await expect(send).toBeEnabled();
    await send.click();
    const done = page.getByTestId("invite-sent");
    await expect(done).toContainText(name);
    await expect(done).toContainText("HA RICEVUTO IL TUO INVITO!");
    await expect(done).toContainText("Se accetta potrai iniziare a chattare con lei");
    // From here the page's time moves only when the test says: the confirmation's 4 s are counted exactly
    // (half a second ahead: on a busy machine a nearer time has already passed when the clock gets it).
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
    expect(frames.invites()).toEqual([
      expect.objectContaining({
        angelId: kept,
        msg: "Ciao, ti va di conoscerci?",
        trackerId: member.clickid,
      }),
    ]);
    expect(String(frames.invites()[0]?.clientId)).toMatch(/.{8,}/);
    await shotViewport(page, "invite-sent-it");
    // Still open a little before 4 s, gone a little after.
    await page.clock.runFor(2_500);
    await expect(modal).toBeVisible();
    await page.clock.runFor(1_100);
    await expect(modal).toHaveCount(0);
    // Time flows again: the liked card leaves the stack after its swipe-out animation.
    await page.clock.resume();
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${kept}"]`)).toHaveCount(0);
    expect(await likedOnServer(page, "it", member)).toContain(kept);

    // Closing early after sending also counts as a like.
    const next = await topId(page);
    await page.getByTestId("match-invite").click();
    await modal.getByPlaceholder("Scrivi un messaggio").fill("Ciao!");
    await modal.getByRole("button", { name: "Invia" }).click();
    await expect(page.getByTestId("invite-sent")).toBeVisible();
    await page.getByTestId("invite-close").click();
    await expect(modal).toHaveCount(0);
    await expect(page.locator(`[data-testid="match-card"][data-angel-id="${next}"]`)).toHaveCount(0);
    expect(await likedOnServer(page, "it", member)).toEqual(expect.arrayContaining([kept, next]));
    // The invites were the likes: no match event was sent for them.
    expect(frames.matches()).toEqual([]);
  },
);

/** Spends the member's like credits with like events on angels the stack does not show first. */
async function spendLikeCredits(page: Page, market: Market, member: Member) {
  const ids = (await matchableIds(page, market, member)).slice(10);
  return likeUntilOutOfCredits(page, member, ids);
}

test(
  "without like credits a right swipe and an invite open the file_like popup",
  anyWidth,
  async ({ page }) => {
    const member = await signedInMember(page, "it", "match-nolikes", "9");
    await page.goto(`${origin("it")}/find`);
    expect(await spendLikeCredits(page, "it", member)).toBe(0);
    await openMatch(page, "it");

    // A refused right swipe: the popup opens and the card comes back on top.
    const first = await topId(page);
    await page.getByTestId("match-like").click();
    const popup = page.getByTestId("file-like-popup");
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("heading")).toHaveText("Hai finito i mi piace");
    await expect(topCard(page)).toHaveAttribute("data-angel-id", String(first));
    await popup.getByRole("button").click();
    await expect(popup).toHaveCount(0);

    // A refused invite: the modal gives way to the popup and the card stays.
    await page.getByTestId("match-invite").click();
    await page.getByPlaceholder("Scrivi un messaggio").fill("Ciao");
    await page.getByRole("button", { name: "Invia" }).click();
    await expect(popup).toBeVisible();
    await expect(page.getByTestId("invite-modal")).toHaveCount(0);
    await expect(page.getByTestId("invite-sent")).toHaveCount(0);
    expect(await topId(page)).toBe(first);
    expect(await likedOnServer(page, "it", member)).not.toContain(first);
  },
);

test(
  "a failed dispenser call shows a retry; the about is cut at 300; an empty stack links to /find",
  at1280,
  async ({ page }) => {
    await signedInMember(page, "it", "match-errors");
    await withoutBootstrap(page);
    await page.route("**/dispenser/match", (route) => route.fulfill({ status: 500, body: "{}" }));
    // The failure is reported to the backend with the spec's subject, and no message names it to the member.
    const logged = page.waitForRequest(
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/log/client",
    );
    await page.goto(`${origin("it")}/match`);
    const error = page.getByTestId("match-error");
    await expect(error).toContainText("Non è stato possibile caricare i profili.");
    expect((await logged).postDataJSON()).toMatchObject({ subject: "Problemi con chiamata dispenser Match" });

    // Retry: one card with a long about, then nothing more.
    const about = "Amo viaggiare, leggere e cucinare per gli amici. ".repeat(10);
    let calls = 0;
    await page.unroute("**/dispenser/match");
    await page.route("**/dispenser/match", async (route) => {
      calls += 1;
      const call = apiCall("it", "/dispenser/match");
      const response = await page.request.post(call.url, {
        headers: { ...call.headers, authorization: route.request().headers().authorization ?? "" },
        data: route.request().postDataJSON(),
      });
      const body = (await response.json()) as { profiles: Record<string, unknown>[] };
      const profiles = calls === 1 ? body.profiles.slice(0, 1).map((p) => ({ ...p, about })) : [];
      await route.fulfill({ json: { profiles } });
    });
    await error.getByRole("button", { name: "Riprova" }).click();
    await expect(error).toHaveCount(0);
    const shown = (await topCard(page).getByTestId("match-about").textContent()) ?? "";
    expect(Array.from(shown)).toHaveLength(301);
    expect(shown.endsWith("…")).toBe(true);
    expect(about.startsWith(shown.slice(0, 300).trimEnd())).toBe(true);

    await page.getByTestId("match-dislike").click();
    const empty = page.getByTestId("match-empty");
    await expect(empty).toBeVisible();
    await expect(empty.getByRole("link", { name: "Cerca profili" })).toHaveAttribute("href", "/find");
    await shot(page, "match-empty-it");
    // A refill may still be on its way through the route: it must not outlive the test.
    await page.unrouteAll({ behavior: "ignoreErrors" });
  },
);

for (const { market, width } of oneMarketPerWidth("it", "es")) {
  test(`${market}: screenshots of the stack and the invite modal`, width, async ({ page }) => {
    await signedInMember(page, market, "match-shots", "9");
    await openMatch(page, market);
    await shot(page, `match-${market}`);
    await expectAccessible(page, "/match");
    const label = { it: /^Manda un invito a /, es: /^Enviar una invitación a / }[market];
    await expect(page.getByTestId("match-invite")).toHaveAttribute("aria-label", label);
    await expect(page.getByTestId("match-like")).toHaveAttribute(
      "aria-label",
      market === "it" ? /^Mi piace / : /^Me gusta /,
    );
    await page.getByTestId("match-invite").click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page
      .getByRole("dialog")
      .locator("textarea")
      .fill(market === "it" ? "Ciao, come stai?" : "Hola, ¿qué tal?");
    await shotViewport(page, `invite-${market}`);
  });
}
