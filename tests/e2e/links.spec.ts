// The mail links: /autologin and /autologin_telegram from the welcome mail, and their failures.
import { anyWidth, expect, mailLink, newDevice, origin, registerViaApi, test, uniqueEmail } from "./helpers";

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
  "/autologin_telegram uses the telegram channel and follows a decoded target (Italian)",
  anyWidth,
  async ({ page, request }) => {
    test.fixme(
      true,
      "The Telegram channel now signs in with its own single-use token, not the mail link's: this journey must take its link from the Telegram outbox.",
    );
    const email = uniqueEmail("telegram");
    await registerViaApi(request, "it", email);
    const token = new URL(await mailLink(request, "it", email, "welcome", "/autologin")).searchParams.get(
      "token",
    );
    // The target's page is held back (as on a slow phone) until the member's frame is drawn: the auto-login
    // page is then drawn again at /profile, and must not take that address's query (no token) for its own
    // and send the member home.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/assets/OwnProfilePage-*.js", async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest((r) => r.url().endsWith("/users/autoLogin"));
    await page.goto(`${origin("it")}/autologin_telegram?red=${red("/profile")}&token=${token}`);
    expect((await sent).postDataJSON()).toMatchObject({ channel: "telegram" });
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId("topnav")).toBeVisible();
    release();
    await expect(page.getByTestId("profile-email")).toHaveText(email);
    await expect(page).toHaveURL(/\/profile$/);
  },
);

test(
  "auto-login failures are logged and go to / or /find (English)",
  anyWidth,
  async ({ browser, request }, testInfo) => {
    test.fixme(
      true,
      "An auto-login link without a token stays on /autologin since the Telegram sign-in was added; it must go to / again.",
    );
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
