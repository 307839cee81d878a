// The sign-in links: /autologin from the welcome mail, /autologin_telegram from a Telegram message, and their failures.
import { createHmac } from "node:crypto";
import { E2E_TELEGRAM_WEBHOOK_SECRET, telegramUpdate } from "../fakes/telegram";
import {
  anyWidth,
  apiCall,
  expect,
  mailLink,
  newDevice,
  origin,
  registerViaApi,
  signedInMember,
  test,
  uniqueEmail,
} from "./helpers";

const red = (path: string) => btoa(path).replaceAll("/", "~").replaceAll("+", "*");

test(
  "the welcome mail's /autologin link logs in on another device and goes to its target (Italian and English)",
  anyWidth,
  async ({ browser, request }, testInfo) => {
    for (const market of ["it", "en"] as const) {
      const email = uniqueEmail(`autologin-${market}`);
      await registerViaApi(request, market, email);
      const link = await mailLink(request, market, email, "welcome", "/autologin");
      expect(new URL(link).searchParams.get("red")).toBe("L2ZpbmQ=");

      const device = await newDevice(browser, testInfo.project.use);
      const page = await device.newPage();
      const sent = page.waitForRequest((r) => r.url().endsWith("/users/autoLogin"));
      await page.goto(link);
      expect((await sent).postDataJSON()).toMatchObject({ channel: "email" });
      await expect(page).toHaveURL(/\/find$/);
      await expect(page.getByTestId("find-header")).toContainText(market === "it" ? "donne" : "women");
      expect(await page.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
      await device.close();
    }
  },
);

test(
  "a Telegram message's /autologin_telegram link signs in once, as the telegram channel, into its chat (Italian)",
  anyWidth,
  async ({ page, browser, request }, testInfo) => {
    // The member links the brand's bot from the profile: the page's deep link carries the /start token, and
    // the bot's webhook receives the member's /start as Telegram would post it.
    const member = await signedInMember(page, "it", "telegram-autologin");
    await page.goto(`${origin("it")}/profile`);
    const card = page.locator("section.telegram-link");
    await card.getByRole("button", { name: "Collega Telegram" }).click();
    const deepLink = await card.getByRole("link", { name: /Apri @AmoreItaliaBot/ }).getAttribute("href");
    const startToken = new URL(deepLink ?? "").searchParams.get("start") ?? "";
    const chatId = 100_000_000 + Math.floor(Math.random() * 900_000_000);
    const hook = apiCall("it", "/hooks/telegram/amoreitalia");
    const start = await request.post(hook.url, {
      headers: {
        ...hook.headers,
        "x-telegram-bot-api-secret-token": createHmac("sha256", E2E_TELEGRAM_WEBHOOK_SECRET)
          .update("telegram-webhook:amoreitalia")
          .digest("hex"),
      },
      data: telegramUpdate(chatId, `/start ${startToken}`, "it"),
    });
    expect(start.status()).toBe(200);
    await expect(card.getByRole("status")).toContainText("Telegram è collegato");

    // A message goes to the linked chat (the local outbox: the site has no bot token) with its own link.
    const notify = apiCall("it", `/dev/members/${member.clickid}/notify`);
    const sentNow = await request.post(notify.url, {
      headers: notify.headers,
      data: { kind: "message", angel: "Giulia", count: 2 },
    });
    expect((await sentNow.json()).telegram).toBe("sent");
    const outbox = apiCall("it", "/dev/outbox/telegram.json");
    const messages = (await (await request.get(outbox.url, { headers: outbox.headers })).json()) as {
      messages: { chatId: string; text: string }[];
    };
    const text = messages.messages.find(
      (m) => m.chatId === String(chatId) && m.text.includes("Giulia"),
    )?.text;
    // The message is Telegram HTML: the link is an anchor's href, its "&" escaped.
    const href = text?.match(/href="(https?:\/\/[^"]+\/autologin_telegram\?[^"]+)"/)?.[1] ?? "";
    const link = href.replaceAll("&amp;", "&").replace(/^https?:\/\/[^/]+/, origin("it"));
    expect(link).toContain(`clickid=${member.clickid}`);

    // On another device the link signs in with the telegram channel and opens the message's page.
    const device = await newDevice(browser, testInfo.project.use);
    const other = await device.newPage();
    const sent = other.waitForRequest((r) => r.url().endsWith("/users/autoLogin"));
    await other.goto(link);
    expect((await sent).postDataJSON()).toMatchObject({ channel: "telegram" });
    await expect(other).toHaveURL(/\/chats$/);
    await expect(other.getByTestId("topnav")).toBeVisible();
    expect(await other.evaluate(() => localStorage.getItem("token"))).toBeTruthy();
    await device.close();

    // Used once: the same link again is refused and lands on the home page as a visitor.
    const again = await newDevice(browser, testInfo.project.use);
    const third = await again.newPage();
    await third.goto(link);
    await expect(third).toHaveURL(`${origin("it")}/`);
    await expect(third.locator(".hero")).toBeVisible();
    await again.close();
  },
);

test(
  "auto-login failures are logged and go to / or /find (English)",
  anyWidth,
  async ({ browser, request }, testInfo) => {
    const email = uniqueEmail("autologin-bad");
    await registerViaApi(request, "en", email);
    const token = new URL(await mailLink(request, "en", email, "welcome", "/autologin")).searchParams.get(
      "token",
    );

    const visit = async (query: string) => {
      const device = await newDevice(browser, testInfo.project.use);
      const page = await device.newPage();
      const warnings: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "warning") warnings.push(m.text());
      });
      await page.goto(`${origin("en")}/autologin${query}`);
      return { device, page, warnings };
    };

    // No token: home, as a visitor.
    let v = await visit(`?red=${red("/find")}`);
    await expect(v.page).toHaveURL(`${origin("en")}/`);
    await expect(v.page.locator(".hero")).toBeVisible();
    expect(v.warnings.join("\n")).toContain("autologin: the link has no token");
    await v.device.close();

    // A refused token: home, as a visitor.
    v = await visit(`?red=${red("/profile")}&token=not.a.token`);
    await expect(v.page).toHaveURL(`${origin("en")}/`);
    await expect(v.page.locator(".hero")).toBeVisible();
    await expect.poll(() => v.warnings.join("\n")).toContain("autologin: the token was refused");
    await v.device.close();

    // A target that is not base64: logged in, to /find.
    v = await visit(`?red=%25%25nope&token=${token}`);
    await expect(v.page).toHaveURL(/\/find$/);
    expect(v.warnings.join("\n")).toContain("autologin: red is not base64");
    await v.device.close();

    // A target on another site: logged in, to /find.
    v = await visit(`?red=${red("https://evil.example/phish")}&token=${token}`);
    await expect(v.page).toHaveURL(/\/find$/);
    await v.device.close();
  },
);
