// The cookie banner shows until the cookie policy is accepted.
import { expect, origin, shotViewport, test } from "./helpers";

test.use({ showCookieBanner: true });

test("the cookie banner shows until accepted, in the brand's language (Italian and Spanish)", async ({
  page,
}) => {
  await page.goto(`${origin("it")}/`);
  const banner = page.getByTestId("cookie-banner");
  await expect(banner).toContainText("Usiamo cookie tecnici");
  await expect(banner.getByRole("link", { name: "Cookie policy" })).toHaveAttribute("href", "/legal/cookie");
  await shotViewport(page, "cookie-banner");
  await banner.getByRole("button", { name: "Accetta" }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("cookiePolicy"))).toBeTruthy();
  await page.reload();
  await expect(page.locator(".hero")).toBeVisible();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);

  await page.goto(`${origin("es")}/login`);
  await expect(page.getByTestId("cookie-banner")).toContainText("Usamos cookies técnicas");
  await shotViewport(page, "cookie-banner-es");
  // Its link opens the cookie policy, which lists what the banner is about.
  await page.getByTestId("cookie-banner").getByRole("link", { name: "Política de cookies" }).click();
  await expect(page).toHaveURL(/\/legal\/cookie$/);
  await expect(page.getByTestId("legal-page")).toContainText("cookiePolicy");
  await page.getByTestId("cookie-banner").getByRole("button", { name: "Aceptar" }).click();
  await expect(page.getByTestId("cookie-banner")).toHaveCount(0);
});
