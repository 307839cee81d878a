// The room socket as the browser lives it (money-platform.md "Realtime socket", section 9): what the page
// emits (clickid with its softwareVersion, brain once, chat, ack) and how it reacts to what the room sends
// (softwareVersion, restart, oldSocketRemoved, creditiResidui, pausePressing, chat delivered twice or out
// of order), and connect_error: 'PROBLEMA SOCKET' logged, retries every 1 to 5 s, clickid again and the
// missed reply replayed once back. The socket does not depend on the width: these run at 1280 px only.
import { createServer } from "node:net";
import type { BrowserContext, Page, WebSocketRoute } from "@playwright/test";
import {
  anyWidth,
  apiCall,
  expect,
  firstAngel,
  origin,
  payPlanViaApi,
  signedInMember,
  test,
} from "./helpers";

type Frame = { event: string; data: Record<string, unknown> & { id?: number } };

/**
 * Passes the page's room sockets through to the server, keeping every frame both ways and the last route
 * (the test can send the page frames of its own, or drop the connection).
 */
async function watchSockets(target: Page | BrowserContext) {
  const watch = {
    sent: [] as Frame[],
    received: [] as Frame[],
    connections: 0,
    last: null as WebSocketRoute | null,
  };
  await target.routeWebSocket(/\/parties\//, (ws) => {
    const server = ws.connectToServer();
    watch.connections += 1;
    watch.last = ws;
    ws.onMessage((frame) => {
      watch.sent.push(JSON.parse(String(frame)));
      server.send(frame);
    });
    server.onMessage((frame) => {
      watch.received.push(JSON.parse(String(frame)));
      ws.send(frame);
    });
  });
  return watch;
}

const events = (frames: Frame[], name: string) => frames.filter((f) => f.event === name);
const SERVER_VERSION = "e2e-2026.11";

test(
  "the page says clickid with its version first, sends brain once, and chats both ways",
  anyWidth,
  async ({ page }) => {
    const watch = await watchSockets(page);
    const member = await signedInMember(page, "it", "rt-hello");
    const angel = await firstAngel(page);
    // A first visit has no version yet: it says none and stores the room's.
    await expect.poll(() => events(watch.sent, "clickid").length).toBe(1);
    // With whether the tab is visible: a hidden tab's events go on to a push.
    expect(watch.sent[0]).toEqual({ event: "clickid", data: { clickid: member.clickid, visible: true } });
    await expect
      .poll(() => events(watch.received, "softwareVersion")[0]?.data)
      .toEqual({
        version: SERVER_VERSION,
        reload: false,
      });
    expect(await page.evaluate(() => localStorage.getItem("softwareVersion"))).toBe(SERVER_VERSION);

    // The next page load says the stored version in its first frame; it is current, so nothing reloads.
    watch.sent.length = 0;
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    await expect
      .poll(() => watch.sent[0])
      .toEqual({
        event: "clickid",
        data: { clickid: member.clickid, softwareVersion: SERVER_VERSION, visible: true },
      });
    // The brain follows, once, with what the page knows of the visit.
    await expect.poll(() => events(watch.sent, "brain").length).toBe(1);
    expect(events(watch.sent, "brain")[0]?.data).toMatchObject({
      trackerId: member.clickid,
      fluxid: "7",
      premiumLevel: 0,
      region: "lombardia",
    });

    // Chat out: the text, the angel and a client id; chat in: the room's stored line with that id.
    await page.getByTestId("chat-input").fill("Ciao, come stai?");
    await page.getByTestId("chat-input").press("Enter");
    const out = events(watch.sent, "chat")[0];
    expect(out?.data).toMatchObject({ msg: "Ciao, come stai?", angelId: angel.id });
    const echo = () => events(watch.received, "chat").find((f) => f.data.clientId === out?.data.clientId);
    await expect.poll(() => echo()?.data.type).toBe("personal");
    await expect(page.getByTestId("my-message")).not.toHaveClass(/sending/);

    // A dropped connection comes back within 1-5 s and says clickid again, but the brain is not sent twice;
    // the angel's reply, whichever socket it came on, is shown and acknowledged as read.
    const before = watch.connections;
    await watch.last?.close();
    await expect.poll(() => watch.connections, { timeout: 6000 }).toBe(before + 1);
    await expect.poll(() => events(watch.sent, "clickid").length).toBe(2);
    await expect(page.getByTestId("angel-message")).toHaveCount(1, { timeout: 20_000 });
    const reply = events(watch.received, "chat").find((f) => f.data.type === "angel");
    await expect
      .poll(() => events(watch.sent, "ack").map((f) => f.data))
      .toContainEqual({ id: reply?.data.id, read: true });
    expect(events(watch.sent, "brain")).toHaveLength(1);
  },
);

test("a page that ran an older version reloads once and keeps the new one", anyWidth, async ({ page }) => {
  const watch = await watchSockets(page);
  await signedInMember(page, "it", "rt-version");
  await page.goto(`${origin("it")}/find`);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("softwareVersion"))).toBe(SERVER_VERSION);
  await page.evaluate(() => localStorage.setItem("softwareVersion", "e2e-2026.10"));

  let loads = 0;
  page.on("load", () => {
    loads += 1;
  });
  watch.received.length = 0;
  await page.reload();
  // The reload of the test, then the room's, after which the page runs the room's version: the room's
  // answer to that page's clickid says there is nothing to reload, and no third load follows.
  await expect
    .poll(() => events(watch.received, "softwareVersion").map((f) => f.data.reload))
    .toEqual([true, false]);
  await expect(page.getByTestId("angel-card").first()).toBeVisible();
  expect(loads).toBe(2);
  expect(await page.evaluate(() => localStorage.getItem("softwareVersion"))).toBe(SERVER_VERSION);
});

test(
  "disabling the profile reloads every tab of the member, which then are visitors",
  anyWidth,
  async ({ page, context }) => {
    const watch = await watchSockets(context);
    const member = await signedInMember(page, "it", "rt-restart");
    await page.goto(`${origin("it")}/find`);
    const other = await context.newPage();
    await other.goto(`${origin("it")}/chats`);
    await expect.poll(() => events(watch.sent, "clickid").length).toBe(2);
    for (const tab of [page, other]) await tab.evaluate(() => Object.assign(window, { stillHere: true }));

    // Disabled from somewhere else (another device): no tab of this browser asked for it.
    const reloaded = [page, other].map((tab) => tab.waitForEvent("load"));
    const call = apiCall("it", "/users/disableProfile");
    const response = await page.request.post(call.url, {
      headers: { ...call.headers, authorization: `Bearer ${member.token}` },
      data: { clickid: member.clickid },
    });
    expect(response.status()).toBe(200);
    await expect
      .poll(() => events(watch.received, "restart").map((f) => f.data.reason))
      .toEqual(["account_disabled", "account_disabled"]);
    await Promise.all(reloaded);
    for (const tab of [page, other]) {
      expect(await tab.evaluate(() => "stillHere" in window)).toBe(false);
      // The token ended with the account: the reloaded tab is a visitor's.
      await expect.poll(() => tab.evaluate(() => localStorage.getItem("token"))).toBeNull();
    }
  },
);

test("a socket the room replaced (oldSocketRemoved) closes and stays closed", anyWidth, async ({ page }) => {
  // The page's clock is the test's, and the page counts the sockets it opens as it opens them.
  await page.clock.install();
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const w = window as unknown as { socketsOpened: number };
    w.socketsOpened = 0;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        w.socketsOpened += 1;
      }
    };
  });
  const opened = () => page.evaluate(() => (window as unknown as { socketsOpened: number }).socketsOpened);
  const watch = await watchSockets(page);
  await signedInMember(page, "it", "rt-removed");
  await page.goto(`${origin("it")}/find`);
  await expect.poll(() => events(watch.sent, "clickid").length).toBe(1);

  // A socket the server drops comes back: the page reconnects within its 1-5 s.
  await watch.last?.close({ code: 1012, reason: "restarting" });
  await expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return events(watch.sent, "clickid").length;
    })
    .toBe(2);
  expect(await opened()).toBe(2);

  // What the room says to a page's older socket when the same page connected again: the page closes it
  // and opens no other, however long it waits (the reconnection timer would run inside runFor).
  const closed = new Promise<void>((resolve) => watch.last?.onClose(() => resolve()));
  watch.last?.send(JSON.stringify({ event: "oldSocketRemoved", data: {} }));
  await closed;
  await page.clock.runFor(30_000);
  expect(await opened()).toBe(2);
  expect(watch.connections).toBe(2);
});

test(
  "a chat message delivered twice and out of order shows once each, in order, acknowledged once",
  anyWidth,
  async ({ page }) => {
    const watch = await watchSockets(page);
    await signedInMember(page, "it", "rt-order");
    const angel = await firstAngel(page);
    // The frames go to the chat page's socket, not to the one the /find page had.
    await expect.poll(() => events(watch.sent, "clickid").length).toBe(1);
    watch.sent.length = 0;
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    await expect(page.getByTestId("chat-input")).toBeVisible();
    await expect.poll(() => events(watch.sent, "clickid").length).toBe(1);

    const line = (n: number) =>
      JSON.stringify({
        event: "chat",
        data: {
          id: 990_000_000 + n,
          msg: `Messaggio numero ${n}`,
          angelId: angel.id,
          time: new Date(Date.now() - (5 - n) * 1000).toISOString(),
          type: "angel",
          letto: false,
          blurredMessage: false,
          idNotifica: null,
          clientId: null,
        },
        notifica: { type: "Default", ritardo: false, offset: 0 },
      });
    // The third first, the first twice, then the second and the third again (an alarm's retry, a replay),
    // and a fourth last: once it shows, every frame before it has been handled.
    for (const n of [3, 1, 1, 2, 3, 4]) watch.last?.send(line(n));
    const shown = page.getByTestId("angel-message").locator("p");
    await expect(shown).toHaveText(
      ["Messaggio numero 1", "Messaggio numero 2", "Messaggio numero 3", "Messaggio numero 4"],
      { timeout: 20_000 },
    );
    await expect.poll(() => events(watch.sent, "ack").map((f) => f.data.id)).toContain(990_000_004);
    const acked = events(watch.sent, "ack").map((f) => f.data.id);
    expect(acked.toSorted()).toEqual([990_000_001, 990_000_002, 990_000_003, 990_000_004]);
  },
);

test(
  "creditiResidui: a paid member's credits follow a purchase and a message without a reload",
  anyWidth,
  async ({ page }) => {
    const watch = await watchSockets(page);
    const member = await signedInMember(page, "it", "rt-credits");
    const angel = await firstAngel(page);
    const setPremium = apiCall("it", `/dev/members/${member.clickid}/premium`);
    await page.request.post(setPremium.url, { headers: setPremium.headers, data: { premiumLevel: 1 } });
    const earlier = events(watch.received, "softwareVersion").length;
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    const credits = page.getByTestId("credits");
    await expect(credits).toHaveText("5 crediti");
    // The purchase is told to the tabs connected to the room: wait until the room has answered this page's
    // socket (its softwareVersion), so the socket is one of them.
    await expect.poll(() => events(watch.received, "softwareVersion").length).toBeGreaterThan(earlier);

    // A paid member's plan: Refill 100, paid through the sandbox.
    expect(await payPlanViaApi(page.request, "it", member)).toMatchObject({ credits: 100 });
    await expect(credits).toHaveText("105 crediti");
    // A paid message costs valoreMessaggio (10).
    await page.getByTestId("chat-input").fill("Adesso posso scriverti");
    await page.getByTestId("chat-input").press("Enter");
    await expect(credits).toHaveText("95 crediti");
  },
);

test(
  "pausePressing: a paid member's brain is answered with a pause, and no pressing comes",
  anyWidth,
  async ({ page }) => {
    const watch = await watchSockets(page);
    const member = await signedInMember(page, "it", "rt-pause");
    const setPremium = apiCall("it", `/dev/members/${member.clickid}/premium`);
    await page.request.post(setPremium.url, { headers: setPremium.headers, data: { premiumLevel: 1 } });
    await page.goto(`${origin("it")}/find`);
    await expect.poll(() => events(watch.sent, "brain").map((f) => f.data.premiumLevel)).toEqual([1]);
    await expect
      .poll(() => events(watch.received, "pausePressing").map((f) => f.data))
      .toEqual([{ reason: "premium" }]);
    // Back after a dropped connection, the page does not ask for the brain again: it would follow its
    // clickid at once, before the like the member sends next.
    await watch.last?.close();
    await expect.poll(() => watch.connections, { timeout: 6000 }).toBe(2);
    await expect.poll(() => events(watch.sent, "clickid").length).toBe(2);
    await page.getByTestId("angel-card").first().getByTestId("like-button").click();
    await expect.poll(() => events(watch.sent, "like").length).toBe(1);
    expect(events(watch.sent, "brain")).toHaveLength(1);
  },
);

/** A local port nothing listens on: a socket to it fails at once, as when the server is unreachable. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === "object" && address ? address.port : 1;
}

test(
  "connect_error: logged once as PROBLEMA SOCKET, retried every 1-5 s; back, the page says clickid and gets the missed reply",
  anyWidth,
  async ({ page }) => {
    test.setTimeout(120_000);
    // Every socket of the page is recorded; while `socketDown` is set, new ones go to a closed port.
    await page.addInitScript(
      (deadPort: number) => {
        const Native = window.WebSocket;
        const w = window as unknown as {
          socketDown: boolean;
          attempts: number[];
          hellos: number;
          sockets: WebSocket[];
        };
        Object.assign(w, { socketDown: false, attempts: [], hellos: 0, sockets: [] });
        class Recorded extends Native {
          constructor(url: string | URL, protocols?: string | string[]) {
            const target = w.socketDown ? String(url).replace(location.host, `127.0.0.1:${deadPort}`) : url;
            super(target, protocols);
            w.attempts.push(Date.now());
            w.sockets.push(this);
          }
          send(data: string) {
            if (data.includes('"event":"clickid"')) w.hellos += 1;
            super.send(data);
          }
        }
        window.WebSocket = Recorded;
      },
      await closedPort(),
    );
    const logged: { subject: string; messaggio: string }[] = [];
    await page.route("**/api/log/client", async (route) => {
      logged.push(route.request().postDataJSON());
      await route.continue();
    });
    const state = () =>
      page.evaluate(() => {
        const w = window as unknown as { attempts: number[]; hellos: number };
        return { attempts: w.attempts, hellos: w.hellos };
      });

    await signedInMember(page, "it", "rt-offline");
    const angel = await firstAngel(page);
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    await expect.poll(async () => (await state()).hellos).toBe(1);
    await page.getByTestId("chat-input").fill("Ti scrivo e poi vado in galleria");
    await page.getByTestId("chat-input").press("Enter");
    await expect(page.getByTestId("my-message")).not.toHaveClass(/sending/);

    // The connection drops and the server cannot be reached while the angel answers (seconds later here).
    await page.evaluate(() => {
      const w = window as unknown as { socketDown: boolean; sockets: WebSocket[] };
      w.socketDown = true;
      w.sockets.at(-1)?.close();
    });
    await expect.poll(() => logged.length).toBe(1);
    expect(logged[0]?.subject).toBe("PROBLEMA SOCKET");
    // Three retries (1-5 s apart) take longer than the angel's answer: it is stored while nobody listens.
    await expect.poll(async () => (await state()).attempts.length, { timeout: 20_000 }).toBeGreaterThan(3);
    await expect(page.getByTestId("angel-message")).toHaveCount(0);
    const { attempts } = await state();
    const retries = attempts.slice(1);
    expect(retries.length).toBeGreaterThanOrEqual(3);
    for (const [i, at] of retries.slice(1).entries()) {
      const gap = at - (retries[i] as number);
      expect(gap).toBeGreaterThanOrEqual(950);
      expect(gap).toBeLessThanOrEqual(5500);
    }

    // Reachable again: the next retry connects, says clickid, and the reply missed meanwhile is replayed.
    await page.evaluate(() => {
      (window as unknown as { socketDown: boolean }).socketDown = false;
    });
    await expect.poll(async () => (await state()).hellos, { timeout: 7000 }).toBe(2);
    await expect(page.getByTestId("angel-message")).toHaveCount(1, { timeout: 15_000 });
    // Shown once: a message sent now comes back after anything else the room had for this socket.
    await page.getByTestId("chat-input").fill("Eccomi di nuovo");
    await page.getByTestId("chat-input").press("Enter");
    await expect(page.getByTestId("my-message").last()).not.toHaveClass(/sending/);
    await expect(page.getByTestId("angel-message")).toHaveCount(1);
    // One outage, one log line.
    expect(logged).toHaveLength(1);
  },
);
