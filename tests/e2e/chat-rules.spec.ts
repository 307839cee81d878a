// The single chat screen's rules (accounts-community.md, "Chat rules"): empty messages, the growing
// textarea, the chat height, typing for the room's time (the spec's 5000 ms, shortened here: timing.ts), the
// phone verification of unverified members, blurred replies and their hook, the invite lock and its lift, the pending message with fine_crediti, future
// lines hidden, the 'has visited you' note and the sanitised 'benvenuto' HTML. Lines the server cannot
// produce on demand (likes as messages, a benvenuto message, a line from the future, a blurred reply to an
// unverified member, who cannot write) are served through a mocked conversation answer: those rules are
// the client's; the server's side is in tests/worker/chat-lock.test.ts, chat-rules.test.ts and chat-send.test.ts.
import type { Page, WebSocketRoute } from "@playwright/test";
import {
  anyWidth,
  apiCall,
  at390,
  at1280,
  expect,
  firstAngel,
  origin,
  payPlanViaApi,
  registerViaApi,
  shot,
  shotViewport,
  signedInMember,
  smsCode,
  test,
  uniqueEmail,
  uniqueMobile,
} from "./helpers";
import { e2eTiming } from "./timing";

const line = (id: number, angelId: number, type: string, msg: string, offsetMs: number, extra = {}) => ({
  id,
  msg,
  angelId,
  time: new Date(Date.now() + offsetMs).toISOString(),
  type,
  letto: true,
  blurredMessage: false,
  idNotifica: null,
  clientId: null,
  ...extra,
});

/** Serves the conversation with these lines instead of the server's. */
const mockConversation = (page: Page, angelId: number, lines: unknown[], extra = {}) =>
  page.route(`**/get/messages/*/${angelId}`, (route) =>
    route.fulfill({
      json: {
        messages: lines,
        lock: null,
        inviteAccepted: false,
        angelPhone: null,
        freeFirstMessage: false,
        ...extra,
      },
    }),
  );

async function setPremium(page: Page, clickid: string, premiumLevel: number) {
  const call = apiCall("it", `/dev/members/${clickid}/premium`);
  const response = await page.request.post(call.url, { headers: call.headers, data: { premiumLevel } });
  expect(response.ok()).toBe(true);
}

test("a chat: empty messages, growing textarea, height, typing for the room's time, replies a verified member reads", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedInMember(page, "it", "chatrules");
  const angel = await firstAngel(page);
  await page.goto(`${origin("it")}/chats/${angel.id}`);
  const input = page.getByTestId("chat-input");
  const send = page.locator("form.composer button[type=submit]");
  await expect(page.getByText(`Saluta ${angel.name}`)).toBeVisible();

  // Chat height: the window's height under the top bar, capped at 1000 - 240 on large screens.
  const box = async () => (await page.locator("section.chat").boundingBox())?.height ?? 0;
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  if (viewport.width <= 500) expect(await box()).toBeCloseTo(viewport.height - 53, 0);
  else {
    expect(await box()).toBeCloseTo(Math.min(viewport.height - 96, 760), 0);
    await page.setViewportSize({ width: 1280, height: 1200 });
    expect(await box()).toBeCloseTo(760, 0);
    await page.setViewportSize(viewport);
  }

  // Whitespace only is not sent, by button or Enter; the textarea starts at 43 px and grows.
  expect((await input.boundingBox())?.height).toBeCloseTo(43, 0);
  await input.fill("   \n  ");
  await expect(send).toBeDisabled();
  await input.press("Enter");
  await expect(page.getByTestId("my-message")).toHaveCount(0);
  await input.fill("Ciao!\nCome va?\nTutto bene?");
  expect((await input.boundingBox())?.height).toBeGreaterThan(60);
  await input.press("Enter");
  await expect(page.getByTestId("my-message")).toHaveCount(1);
  expect((await input.boundingBox())?.height).toBeCloseTo(43, 0);
  // A member verified by phone sees no link to verify; an Italian angel shows no phone number (Italy keeps
  // no range of numbers for fiction, and a realistic one could ring a real person).
  await expect(page.getByTestId("verify-phone")).toHaveCount(0);
  await expect(page.getByTestId("angel-phone")).toHaveCount(0);

  // The reply: 'typing' shows for the time the room says (the spec's 5000 ms, shortened for the tests),
  // then the message appears (readable: the first reply).
  // waitFor checks on every frame (expect's retries back off to a second, which would start the clock late).
  await page.getByTestId("typing").waitFor({ state: "visible", timeout: 20_000 });
  const typingFrom = Date.now();
  await expect(page.getByTestId("angel-message")).toHaveCount(1, { timeout: 15_000 });
  expect(Date.now() - typingFrom).toBeGreaterThanOrEqual(e2eTiming.typingMs - 500);
  await expect(page.getByTestId("typing")).toHaveCount(0);
  await expect(page.getByTestId("blurred-message")).toHaveCount(0);
  await shot(page, "chat-rules-normal");

  // A free member verified by phone reads the later replies too (they are blurred only to the unverified).
  await input.fill("Dimmi di più");
  await send.click();
  await expect(page.getByTestId("angel-message")).toHaveCount(2, { timeout: 20_000 });
  await expect(page.getByTestId("blurred-message")).toHaveCount(0);
  await expect(page.getByTestId("angel-message").nth(1).locator("p")).not.toHaveText("");
});

test(
  "an unverified member: likes and messages wait for the SMS code, then go out",
  at390,
  async ({ page }) => {
    test.setTimeout(120_000);
    await signedInMember(page, "it", "chatphone", "7", { verified: false });
    const angel = await firstAngel(page);

    // A like asks for the phone instead of being sent.
    const popup = page.getByTestId("phone-popup");
    const card = page.getByTestId("angel-card").first();
    await card.getByTestId("like-button").click();
    await expect(popup).toBeVisible();
    await expect(popup.getByRole("heading")).toHaveText("Verifica il tuo profilo");
    // The member is asked for a number: its field has the focus (the keyboard comes up for it).
    await expect(popup.getByLabel("Numero di cellulare")).toBeFocused();
    await expect(page.getByTestId("like-tooltip")).toHaveCount(0);
    await shotViewport(page, "chat-rules-phone-popup");
    await popup.getByRole("button", { name: "Chiudi" }).click();
    await expect(popup).toHaveCount(0);
    await expect(card.getByTestId("like-button")).toHaveAttribute("aria-pressed", "false");

    // A message is held on screen with the link to verify, and the prompt opens.
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    await expect(page.getByTestId("angel-phone")).toHaveCount(0);
    const input = page.getByTestId("chat-input");
    await input.fill("Ciao, piacere!");
    await input.press("Enter");
    await expect(popup).toBeVisible();
    const mine = page.getByTestId("my-message");
    await expect(mine).toHaveCount(1);
    await expect(mine.locator("time")).toHaveText("Non ancora inviato");
    await expect(mine.getByTestId("verify-phone")).toHaveText(
      "Verifica il tuo profilo con il numero di telefono",
    );
    await expect(input).toHaveValue("");

    // A landline is refused; the message is still held.
    await popup.getByLabel("Numero di cellulare").fill("02 1234 5678");
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    await expect(popup.getByRole("alert")).toHaveText(
      "Inserisci un numero di cellulare valido di questo paese.",
    );
    await shotViewport(page, "chat-rules-phone-error");
    await popup.getByRole("button", { name: "Chiudi" }).click();
    await shot(page, "chat-rules-held");

    // The link under the own message opens the prompt again; a mobile number gets a code by SMS, which the
    // popup asks for next: entering the number alone verifies nothing.
    await mine.getByTestId("verify-phone").click();
    await expect(popup).toBeVisible();
    const mobile = uniqueMobile("it");
    await popup.getByLabel("Numero di cellulare").fill(mobile.typed);
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    await expect(popup.getByTestId("phone-code-sent")).toHaveText(
      // The number as Italy writes it ("347 123 4567"), not run together with its +39.
      `Ti abbiamo inviato un codice di 6 cifre via SMS al ${mobile.typed}. Vale 10 minuti.`,
    );
    const field = popup.getByLabel("Codice ricevuto via SMS");
    await expect(field).toBeFocused();
    await expect(field).toHaveAttribute("autocomplete", "one-time-code");
    await expect(field).toHaveAttribute("inputmode", "numeric");
    await expect(popup.getByTestId("phone-resend-wait")).toHaveText(/^Nuovo codice tra (59|60) s$/);
    await expect(popup.getByRole("button", { name: "Invia un nuovo codice" })).toHaveCount(0);
    await shotViewport(page, "chat-rules-phone-code");
    await expect(mine.locator("time")).toHaveText("Non ancora inviato");

    // A wrong code says how many tries are left; the right one verifies and sends.
    const code = await smsCode(page.request, "it", mobile.e164);
    await field.fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup.getByRole("alert")).toHaveText("Codice errato. Tentativi rimasti: 4.");
    await shotViewport(page, "chat-rules-phone-code-wrong");
    await field.fill(code);
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup).toHaveCount(0);
    await expect(page.getByTestId("verify-phone")).toHaveCount(0);
    await expect(mine.locator("time")).toHaveText(/^\d{2}:\d{2}$/);
    // Stored on the server: a reload shows it, and the angel answers.
    await page.reload();
    await expect(page.getByTestId("my-message")).toHaveCount(1);
    await expect(page.getByTestId("my-message").locator("p")).toHaveText("Ciao, piacere!");
    await expect(page.getByTestId("angel-message")).toHaveCount(1, { timeout: 20_000 });

    // Likes go out now.
    await page.goto(`${origin("it")}/find`);
    await page.getByTestId("angel-card").nth(1).getByTestId("like-button").click();
    await expect(page.getByTestId("like-tooltip")).toBeVisible();
  },
);

test("the like that asked for the phone goes out once the member is verified", anyWidth, async ({ page }) => {
  await signedInMember(page, "it", "likephone", "7", { verified: false });
  await page.goto(`${origin("it")}/find`);
  const like = page.getByTestId("angel-card").first().getByTestId("like-button");
  await like.click();
  const popup = page.getByTestId("phone-popup");
  const mobile = uniqueMobile("it");
  await popup.getByLabel("Numero di cellulare").fill(mobile.typed);
  await popup.getByRole("button", { name: "Invia il codice" }).click();
  await popup.getByLabel("Codice ricevuto via SMS").fill(await smsCode(page.request, "it", mobile.e164));
  await popup.getByRole("button", { name: "Verifica", exact: true }).click();
  await expect(popup).toHaveCount(0);
  // No second click: the like is sent, answered and kept by the server.
  await expect(page.getByTestId("like-tooltip")).toBeVisible();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await page.reload();
  await expect(like).toHaveAttribute("aria-pressed", "true");
});

test(
  "the phone code's errors: a number already used, tries left, too many tries, resend after the countdown, expired, throttled, the network's share used",
  anyWidth,
  async ({ page }) => {
    test.setTimeout(90_000);
    // The page's clock is the test's: the minute before a resend passes at once.
    await page.clock.install();
    // Another member of the brand is verified with this number.
    const taken = uniqueMobile("it");
    const owner = await registerViaApi(page.request, "it", uniqueEmail("phone-owner"));
    const asOwner = async (path: string, data: unknown) => {
      const call = apiCall("it", `/api/users/${owner.clickid}/${path}`);
      const response = await page.request.post(call.url, {
        headers: { ...call.headers, authorization: `Bearer ${owner.token}` },
        data,
      });
      expect(response.status()).toBe(200);
    };
    await asOwner("phone", { phone: taken.e164 });
    await asOwner("phone/verify", { code: await smsCode(page.request, "it", taken.e164) });

    await signedInMember(page, "it", "phonecode", "7", { verified: false });
    await page.goto(`${origin("it")}/find`);
    await page.getByTestId("angel-card").first().getByTestId("like-button").click();
    const popup = page.getByTestId("phone-popup");
    const number = popup.getByLabel("Numero di cellulare");
    await number.fill(taken.typed);
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    await expect(popup.getByRole("alert")).toHaveText("Questo numero verifica già un altro profilo.");

    const mobile = uniqueMobile("it");
    await number.fill(mobile.typed);
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    const field = popup.getByLabel("Codice ricevuto via SMS");
    await expect(field).toBeVisible();
    const code = await smsCode(page.request, "it", mobile.e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    // Letters and spaces do not get into the field; fewer than 6 digits are not sent.
    await field.fill("12 a3");
    await expect(field).toHaveValue("123");
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup.getByRole("alert")).toHaveText("Inserisci le 6 cifre del codice.");
    for (const left of [4, 3, 2, 1]) {
      await field.fill(wrong);
      await popup.getByRole("button", { name: "Verifica", exact: true }).click();
      await expect(popup.getByRole("alert")).toHaveText(`Codice errato. Tentativi rimasti: ${left}.`);
    }
    await field.fill(wrong);
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup.getByRole("alert")).toHaveText("Troppi codici errati: chiedine uno nuovo.");
    await field.fill(code);
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup.getByRole("alert")).toHaveText("Troppi codici errati: chiedine uno nuovo.");

    // After the minute the popup offers a new code (the server's own minute is a Worker test: here its
    // answer is played, so the real code stays the used-up one).
    const resend = popup.getByRole("button", { name: "Invia un nuovo codice" });
    await expect(resend).toHaveCount(0);
    await page.clock.fastForward(61_000);
    await page.route("**/api/users/*/phone", (route) =>
      route.fulfill({
        json: {
          result: "code_sent",
          phone: mobile.e164,
          phoneDisplay: mobile.typed,
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          expiresInS: 600,
          resendAt: new Date(Date.now() + 60_000).toISOString(),
          resendInS: 60,
          triesLeft: 5,
        },
      }),
    );
    await resend.click();
    await expect(popup.getByRole("status")).toHaveText("Un nuovo codice è in arrivo.");
    await expect(popup.getByTestId("phone-resend-wait")).toHaveText(/^Nuovo codice tra (59|60) s$/);
    await page.unroute("**/api/users/*/phone");

    // An expired code says so (its ten minutes are the server's: its answer is played here).
    await page.route("**/api/users/*/phone/verify", (route) =>
      route.fulfill({
        status: 410,
        json: {
          error: {
            code: "code_expired",
            message: "The code has expired: ask for a new one.",
            field: "code",
            messageKey: "errore_codice_scaduto",
          },
        },
      }),
    );
    await field.fill(code);
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup.getByRole("alert")).toHaveText("Questo codice è scaduto: chiedine uno nuovo.");
    await page.unroute("**/api/users/*/phone/verify");

    // Closed and opened again while the code lives, the popup asks for that code, not for a new one.
    await popup.getByRole("button", { name: "Chiudi" }).click();
    await expect(popup).toHaveCount(0);
    await page.getByTestId("angel-card").first().getByTestId("like-button").click();
    await expect(popup.getByTestId("phone-code-sent")).toContainText(mobile.typed);

    // Another number within the server's minute is throttled: the popup says how long to wait.
    await popup.getByRole("button", { name: "Cambia numero" }).click();
    await number.fill(uniqueMobile("it").typed);
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    await expect(popup.getByRole("alert")).toHaveText(
      /^Attendi \d{1,2} s prima di chiedere un altro codice\.$/,
    );
    await expect(popup.getByRole("button", { name: "Invia il codice" })).toBeDisabled();

    // The member's network has asked for its hour's share of codes, through any accounts: the popup says for
    // how long (the server's count per network is a Worker test: its answer is played here).
    await page.clock.fastForward(61_000);
    await page.route("**/api/users/*/phone", (route) =>
      route.fulfill({
        status: 429,
        headers: { "retry-after": "1740" },
        json: {
          error: {
            code: "network_throttled",
            message: "Too many codes were asked from this network: wait 1740 s.",
            field: "phone",
            messageKey: "errore_sms_rete",
            retryAfterS: 1740,
          },
        },
      }),
    );
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    await expect(popup.getByRole("alert")).toHaveText(
      "Dalla tua rete sono stati chiesti troppi codici. Riprova tra 29 min.",
    );
    await expect(popup.getByRole("button", { name: "Invia il codice" })).toBeDisabled();
    await shotViewport(page, "chat-rules-phone-network");
    // The same popup as a phone shows it.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(popup.getByRole("alert")).toBeVisible();
    await shotViewport(page, "chat-rules-phone-network-390");
  },
);

test(
  "a blurred reply: a teaser without the text, and verifying by phone reads it",
  at1280,
  async ({ page }) => {
    await signedInMember(page, "it", "chatblur", "7", { verified: false });
    const angel = await firstAngel(page);
    let verified = false;
    await page.route(`**/get/messages/*/${angel.id}`, (route) =>
      route.fulfill({
        json: {
          messages: [
            line(1, angel.id, "angel", "Ciao! Come stai?", -120_000),
            verified
              ? line(2, angel.id, "angel", "Ecco il mio segreto", -60_000)
              : line(2, angel.id, "angel", "", -60_000, { blurredMessage: true }),
          ],
          lock: null,
          inviteAccepted: false,
          angelPhone: verified ? "+44 7700 900123" : null,
          freeFirstMessage: false,
        },
      }),
    );
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    const blurred = page.getByTestId("blurred-message");
    await expect(blurred).toHaveCount(1);
    await expect(blurred).toHaveAttribute("aria-label", "Messaggio nascosto: tocca per leggerlo");
    await blurred.click();
    // Not verified yet: the attiva_lettura hook, whose main way is the free phone verification.
    const hook = page.getByTestId("hook-popup-attiva_lettura");
    await expect(hook).toBeVisible();
    await expect(hook.getByRole("heading")).toHaveText("Leggi le sue risposte gratis");
    await expect(hook.getByTestId("hook-plans")).toHaveAttribute("href", "/vip_plan/blurred");
    await expect(hook.getByTestId("hook-teaser")).toContainText(`${angel.name} ti ha scritto`);
    await expect(hook.getByTestId("hook-teaser").locator("img")).toHaveAttribute("src", /\.jpg$/);
    await expect(hook).not.toContainText("Ecco il mio segreto");
    await shotViewport(page, "chat-rules-blurred");

    await expect(hook.getByTestId("hook-verify")).toHaveText("Verifica il telefono");
    await hook.getByTestId("hook-verify").click();
    await expect(hook).toHaveCount(0);
    const popup = page.getByTestId("phone-popup");
    const mobile = uniqueMobile("it");
    await popup.getByLabel("Numero di cellulare").fill(mobile.e164);
    await popup.getByRole("button", { name: "Invia il codice" }).click();
    const code = await smsCode(page.request, "it", mobile.e164);
    await popup.getByLabel("Codice ricevuto via SMS").fill(code);
    verified = true;
    await popup.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(popup).toHaveCount(0);
    // The conversation is asked again: the reply is readable and her phone shows.
    await expect(page.getByText("Ecco il mio segreto")).toBeVisible();
    await expect(blurred).toHaveCount(0);
    await expect(page.getByTestId("angel-phone")).toHaveText("Telefono: +44 7700 900123");
    await expect(page.getByTestId("angel-phone")).toHaveAttribute("href", "tel:+447700900123");
  },
);

test(
  "an invitation locks the chat until the angel accepts; the server refuses a message meanwhile",
  at390,
  async ({ page }) => {
    test.setTimeout(90_000);
    // The room socket goes through the test, which can play the angel's like back into it.
    let socket: WebSocketRoute | null = null;
    await page.routeWebSocket(/\/parties\//, (ws) => {
      ws.connectToServer();
      socket = ws;
    });
    await signedInMember(page, "it", "chatlock", "9");
    await page.goto(`${origin("it")}/match`);
    const top = page.locator('[data-testid="match-card"][data-state="top"]');
    await expect(top).toBeVisible();
    const angelId = Number(await top.getAttribute("data-angel-id"));
    const name = ((await top.getByTestId("match-name").textContent()) ?? "").trim();
    await page.getByTestId("match-invite").click();
    await page
      .getByRole("dialog")
      .getByPlaceholder("Scrivi un messaggio")
      .fill("Ciao, accetti il mio invito?");
    await page.getByRole("dialog").getByRole("button", { name: "Invia" }).click();
    await expect(page.getByTestId("invite-sent")).toBeVisible();
    await page.getByTestId("invite-close").click();

    // The server's answer: the invite is the first message and not accepted yet.
    await page.goto(`${origin("it")}/chats/${angelId}`);
    const note = page.getByTestId("chat-locked");
    await expect(note).toHaveText(
      `${name} non ha ancora accettato il tuo invito: potrai chattare appena lo accetta.`,
    );
    const input = page.getByTestId("chat-input");
    const send = page.locator("form.composer button[type=submit]");
    await expect(input).toBeDisabled();
    await expect(send).toBeDisabled();
    await shot(page, "chat-rules-invite-lock");

    // Another angel's like back changes nothing; hers lifts the lock at once, without a reload.
    const likeBack = (id: number) =>
      JSON.stringify({
        event: "notification",
        data: {
          id: 999_000 + id,
          type: "like",
          categoriaNotifica: "risposta_a_like",
          letto: false,
          angelId: id,
          screenName: name,
          time: new Date().toISOString(),
          msg: "risposta_a_like",
          blurred: false,
          default_photo: null,
        },
      });
    await expect.poll(() => socket !== null).toBe(true);
    // Another angel's like back changes nothing here: the typing event sent after it shows once both are
    // handled, and the chat is still locked.
    (socket as unknown as WebSocketRoute).send(likeBack(angelId + 1));
    (socket as unknown as WebSocketRoute).send(
      JSON.stringify({ event: "typing", data: { angelId, ms: 60_000 } }),
    );
    await expect(page.getByTestId("typing")).toBeVisible();
    await expect(input).toBeDisabled();
    (socket as unknown as WebSocketRoute).send(likeBack(angelId));
    await expect(note).toHaveCount(0);
    await expect(input).toBeEnabled();

    // That like back was played by the test: the server has no acceptance and refuses the message, which
    // stays in the textarea, and the chat locks again.
    await input.fill("Allora, ci sentiamo?");
    await send.click();
    await expect(note).toHaveText("Non puoi scrivere in questa conversazione.");
    await expect(input).toHaveValue("Allora, ci sentiamo?");
    await expect(page.getByTestId("my-message")).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId("my-message")).toHaveCount(1);
    await expect(page.getByTestId("chat-locked")).toBeVisible();
  },
);

test(
  "on a flow with invitations the first message from the chat screen is an invite",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "it", "chatinvite", "9");
    const angel = await firstAngel(page);
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    await expect(page.getByTestId("chat-invite-hint")).toHaveText(
      `Il primo messaggio è un invito: potrai chattare appena ${angel.name} lo accetta.`,
    );
    const input = page.getByTestId("chat-input");
    await input.fill("Ciao, ti va di conoscerci?");
    await input.press("Enter");
    // Stored as an invite (and a like): the chat locks until she accepts, also after a reload.
    await expect(page.getByTestId("chat-locked")).toHaveText(
      `${angel.name} non ha ancora accettato il tuo invito: potrai chattare appena lo accetta.`,
    );
    await expect(page.getByTestId("chat-invite-hint")).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId("my-message").locator("p")).toHaveText("Ciao, ti va di conoscerci?");
    await expect(page.getByTestId("chat-locked")).toBeVisible();
    await expect(page.getByTestId("chat-input")).toBeDisabled();
    await page.goto(`${origin("it")}/find`);
    await expect(
      page.locator(`[data-testid="angel-card"][data-angel-id="${angel.id}"]`).getByTestId("like-button"),
    ).toHaveAttribute("aria-pressed", "true");
  },
);

test(
  "a message refused for credits stays pending, opens fine_crediti and comes back in the textarea",
  at1280,
  async ({ page }) => {
    const member = await signedInMember(page, "it", "chatpending");
    // A paid member with the sign-up's 5 credits cannot pay a message worth 10.
    await setPremium(page, member.clickid, 1);
    const angel = await firstAngel(page);
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    const input = page.getByTestId("chat-input");
    await input.fill("Messaggio in attesa");
    await input.press("Enter");
    // A paid member: the top-up's hook (utente_premium), with the out-of-credits title.
    const popup = page.getByTestId("hook-popup-utente_premium");
    await expect(popup).toBeVisible();
    await expect(popup).toContainText("Hai finito i crediti");
    await expect(popup.getByTestId("hook-header")).toHaveText("Utente VIP");
    await expect(input).toHaveValue("Messaggio in attesa");
    await expect(page.getByTestId("chat-pending")).toHaveText(
      "Il tuo messaggio è in attesa: verrà inviato appena ricarichi i crediti.",
    );
    await expect(page.getByTestId("my-message")).toHaveCount(0);
    await shot(page, "chat-rules-pending");
    await popup.getByRole("button", { name: "Chiudi" }).click();

    // Leaving the chat and coming back (no reload) restores it.
    await page.getByRole("link", { name: "Indietro" }).click();
    await expect(page).toHaveURL(/\/find$/);
    await page.goBack();
    await expect(page.getByTestId("chat-input")).toHaveValue("Messaggio in attesa");
    await expect(page.getByTestId("chat-pending")).toBeVisible();

    // A purchase (Refill 100, paid through the sandbox): the pending message goes out by itself.
    expect(await payPlanViaApi(page.request, "it", member)).toMatchObject({ credits: 100 });
    const mine = page.getByTestId("my-message");
    await expect(mine).toHaveCount(1);
    await expect(mine.locator("p")).toHaveText("Messaggio in attesa");
    await expect(mine).not.toHaveClass(/sending|refused/);
    // Paid once, from the new credits: 5 + 100 - 10.
    const state = apiCall("it", `/api/get/all/${member.clickid}`);
    const credits = async () => {
      const response = await page.request.get(state.url, {
        headers: { ...state.headers, authorization: `Bearer ${member.token}` },
      });
      return ((await response.json()) as { navigation: { creditiMessaggi: number } }).navigation
        .creditiMessaggi;
    };
    await expect.poll(credits).toBe(95);
    await expect(page.getByTestId("chat-pending")).toHaveCount(0);
    await expect(page.getByTestId("chat-input")).toHaveValue("");
    await expect(page.getByTestId("typing")).toBeVisible({ timeout: 15_000 });
    await shot(page, "chat-rules-pending-sent");
  },
);

test(
  "future lines stay hidden, only likes say 'has visited you', benvenuto HTML is sanitised",
  anyWidth,
  async ({ page }) => {
    await signedInMember(page, "it", "chathtml");
    const angel = await firstAngel(page);
    await mockConversation(page, angel.id, [line(1, angel.id, "like", "like", -60_000)]);
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    await expect(page.getByTestId("chat-visited")).toHaveText(`${angel.name} ti ha visitato: salutala!`);

    await page.unroute(`**/get/messages/*/${angel.id}`);
    const payload =
      '<p>Benvenuto <b>Marco</b>!</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
      '<a href="javascript:window.__xss=3">apri</a> <a href="https://example.com/faq">FAQ</a>';
    await mockConversation(page, angel.id, [
      line(1, angel.id, "angel", payload, -60_000, { idNotifica: "benvenuto" }),
      line(2, angel.id, "angel", "Dal futuro", 3_600_000),
    ]);
    await page.reload();
    const welcome = page.getByTestId("welcome-message");
    await expect(welcome.locator("b")).toHaveText("Marco");
    await expect(welcome.locator("img, script")).toHaveCount(0);
    await expect(welcome.locator("a").first()).not.toHaveAttribute("href");
    await expect(welcome.locator("a").last()).toHaveAttribute("href", "https://example.com/faq");
    await welcome.locator("a").first().click();
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await expect(page.getByText("Dal futuro")).toHaveCount(0);
    await expect(page.getByTestId("angel-message")).toHaveCount(1);
    await expect(page.getByTestId("chat-visited")).toHaveCount(0);
  },
);

test(
  "a message still sending when the page reloads goes out on the next visit, stored once",
  anyWidth,
  async ({ page }) => {
    // The room never hears this page's chat events until `deliver` turns true, as on a dying connection.
    let deliver = false;
    await page.routeWebSocket(/\/parties\//, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((frame) => {
        if (deliver || !String(frame).includes('"event":"chat"')) server.send(frame);
      });
    });
    await signedInMember(page, "it", "chatoutbox");
    const angel = await firstAngel(page);
    await page.goto(`${origin("it")}/chats/${angel.id}`);
    await page.getByTestId("chat-input").fill("Ci sei? Ti scrivo prima di partire");
    await page.locator("form.composer button[type=submit]").click();
    const mine = page.getByTestId("my-message");
    await expect(mine).toHaveClass(/sending/);
    await expect(mine).toContainText("Invio…");

    deliver = true;
    await page.reload();
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("Ci sei? Ti scrivo prima di partire");
    await expect(mine).not.toHaveClass(/sending/);
    // Stored once, although the first send may have reached the room too: a second visit shows one line.
    await page.reload();
    await expect(page.getByTestId("angel-message").or(mine).first()).toBeVisible();
    await expect(mine).toHaveCount(1);
    expect(await page.evaluate(() => localStorage.getItem("outbox"))).toBeNull();
  },
);
