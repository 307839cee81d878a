// The member's rights in Chromium at 390 and 1280 px: signing up without the marketing consents and giving
// one later on the profile; downloading the data archive; asking at checkout for immediate performance, then
// withdrawing from the purchase in two steps ("recedi dal contratto qui"); deleting the account and getting
// it back by logging in within the grace period; the console's list of the requests.
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { demoOperators } from "../../drizzle/seed-data/operators";
import {
  expect,
  expectAccessible,
  fillSignup,
  origin,
  outbox,
  regionOf,
  shot,
  shotViewport,
  signedInMember,
  test,
  uniqueEmail,
  wideOnly,
} from "./helpers";

test("a new member signs up without the marketing consents and gives one on the profile", async ({
  page,
}) => {
  await page.goto(`${origin("it")}/signup?tid=e2e-rights`);
  const email = uniqueEmail("rights-consents");
  await fillSignup(page, { email, region: regionOf.it.code });
  // The two marketing boxes say they are optional; the form goes without them.
  await expect(page.locator("fieldset.consents")).toContainText("(facoltativo)");
  await page.locator('input[name="terms1"]').check();
  await page.locator('input[name="terms4"]').check();
  await shot(page, "rights-signup");
  await page.getByRole("button", { name: "Iscriviti", exact: true }).click();
  await expect(page).toHaveURL(/\/(find|match)/);

  await page.goto(`${origin("it")}/profile`);
  const consents = page.getByTestId("marketing-consents");
  await expect(consents.locator('input[name="promotions"]')).not.toBeChecked();
  await expect(consents.locator('input[name="third_parties"]')).not.toBeChecked();
  await consents.locator('input[name="promotions"]').check();
  await expect(page.getByTestId("rights-note")).toContainText("La tua scelta è stata salvata.");
  await page.reload();
  await expect(page.getByTestId("marketing-consents").locator('input[name="promotions"]')).toBeChecked();
  await page.getByTestId("rights").scrollIntoViewIfNeeded();
  await shot(page, "rights-profile");
  await expectAccessible(page, "the profile's rights");
});

test("a member downloads all their data as a zip, its link mailed too", async ({ page }) => {
  const member = await signedInMember(page, "en", "rights-export");
  await page.goto(`${origin("en")}/profile`);
  const downloading = page.waitForEvent("download");
  await page.getByTestId("download-data").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lovechat-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
  expect(strFromU8(files["README.txt"] ?? new Uint8Array())).toContain("Your data on LoveChat");
  const account = JSON.parse(strFromU8(files["data/account.json"] ?? new Uint8Array())) as {
    clickid: string;
  };
  expect(account.clickid).toBe(member.clickid);
  await expect(page.getByTestId("rights-note")).toContainText("Your archive is downloading");
  const mails = await outbox(
    page.request,
    "en",
    (await page.getByTestId("profile-email").textContent()) ?? "",
  );
  expect(mails.map((m) => m.template)).toContain("data_export");
  await page.getByTestId("rights").scrollIntoViewIfNeeded();
  await shot(page, "rights-export");
});

test("a member asks for immediate performance at checkout, then withdraws from the purchase in two steps", async ({
  page,
}) => {
  await signedInMember(page, "it", "rights-withdraw");
  await page.goto(`${origin("it")}/purchase/pay?plan=starter-30`);
  const consent = page.getByTestId("performance-consent");
  await expect(consent).toContainText("perdere il diritto di recesso per i crediti che uso");
  await consent.locator("input").check();
  await shot(page, "rights-checkout");
  await page.getByTestId("pay-submit").click();
  await expect(page).toHaveURL(/\/ok\/?$/);

  await page.goto(`${origin("it")}/profile`);
  const section = page.getByTestId("withdrawals");
  await expect(section).toContainText("Starter");
  // Unused: all 30 credits of the pack are still there (with the free ones), so the whole 9,90 € comes back.
  await expect(section).toContainText("9,90 €");
  const button = section.getByRole("button", { name: "recedi dal contratto qui" });
  await expect(button).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await shot(page, "rights-withdraw-offer");
  await button.click();
  const confirm = page.getByTestId("withdraw-confirm");
  await expect(confirm).toContainText("Recedi dal contratto n.");
  await shotViewport(page, "rights-withdraw-confirm");
  await confirm.getByTestId("withdraw-confirm-yes").click();
  await expect(section).toContainText(/Recesso ricevuto il .+: 9,90\s€ rimborsati/);
  await expect(page.getByTestId("paylog")).toContainText("Rimborsato");
  const email = (await page.getByTestId("profile-email").textContent()) ?? "";
  const mails = await outbox(page.request, "it", email);
  expect(mails.map((m) => m.template)).toEqual(expect.arrayContaining(["purchase", "withdrawal_received"]));
  await section.scrollIntoViewIfNeeded();
  await shot(page, "rights-withdraw-done");
  await expectAccessible(page, "the withdrawal");
});

test("a member deletes the account and gets it back by logging in within the grace period", async ({
  page,
}) => {
  const member = await signedInMember(page, "es", "rights-delete", "7", { verified: false });
  await page.goto(`${origin("es")}/profile`);
  const email = (await page.getByTestId("profile-email").textContent()) ?? "";
  await page.getByTestId("delete-account").click();
  const dialog = page.getByTestId("delete-confirm");
  await expect(dialog).toContainText("En 30 días borramos tus datos");
  await dialog.locator('input[name="password"]').fill("not-my-password");
  await dialog.getByTestId("delete-confirm-yes").click();
  await expect(dialog).toContainText("La contraseña no es correcta.");
  await dialog.locator('input[name="password"]').fill("secret-password");
  await shotViewport(page, "rights-delete-confirm");
  await dialog.getByTestId("delete-confirm-yes").click();
  const done = page.getByTestId("delete-done");
  await expect(done).toContainText("Borraremos tus datos el");
  await shotViewport(page, "rights-delete-done");
  await expect(page).toHaveURL(`${origin("es")}/`, { timeout: 15_000 });

  await page.goto(`${origin("es")}/login`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill("secret-password");
  await page.locator("form.login button[type=submit]").click();
  const back = page.getByTestId("account-restored");
  await expect(back).toContainText("al entrar lo has cancelado");
  await shotViewport(page, "rights-restored");
  await back.getByRole("button").click();
  await expect(page).toHaveURL(/\/(find|match)/);
  expect(member.clickid).not.toBe("");
});

test(
  "a supervisor sees the deletions and withdrawals with their deadlines",
  wideOnly,
  async ({ page, browser }) => {
    const member = await signedInMember(page, "it", "rights-ops", "7", { verified: false });
    await page.goto(`${origin("it")}/profile`);
    await page.getByTestId("delete-account").click();
    await page.getByTestId("delete-confirm").locator('input[name="password"]').fill("secret-password");
    await page.getByTestId("delete-confirm-yes").click();
    await expect(page.getByTestId("delete-done")).toBeVisible();
    expect(member.clickid).not.toBe("");

    const supervisor = demoOperators.find((o) => o.role === "supervisor");
    if (!supervisor) throw new Error("the seed has a demo supervisor");
    const desk = await browser.newPage();
    await desk.goto(`${origin("it")}/ops/login`);
    await desk.locator('input[name="email"]').fill(supervisor.email);
    await desk.locator('input[name="password"]').fill(supervisor.password);
    await desk.locator("form.ops-login button[type=submit]").click();
    await expect(desk.getByTestId("ops-operator")).toContainText(supervisor.displayName);
    await desk.goto(`${origin("it")}/ops/rights`);
    await expect(desk.getByTestId("ops-deletions").locator('tr[data-state="pending"]').first()).toBeVisible();
    await shot(desk, "rights-ops");
    await desk.close();
  },
);
