// The own profile: a new member signs up, meets the photo popup, follows it to /profile, saves the form
// after a validation error, uploads a photo larger than 1000x1000 (resized in the browser) and an SVG
// (rasterised), is refused a file that is no image, makes the second photo the default and sees it there
// and in the top bar; everything is still there after a reload, which brings no photo popup. A member who
// has uploaded more in the hour than the limit is told, in the brand's language, when to try again.
import type { Locator } from "@playwright/test";
import { renderAvatarJpeg } from "../../drizzle/seed-data/portraits/avatar";
import { limits } from "../../worker/ratelimit/rate-limit-rules";
import {
  apiCall,
  expect,
  expectAccessible,
  fillSignup,
  oneMarketPerWidth,
  origin,
  regionOf,
  shot,
  shotViewport,
  signedInMember,
  test,
  tickConsents,
  uniqueEmail,
} from "./helpers";

/** The width of the stored photo an <img> shows (its src), whatever rendition the browser picked. */
const storedWidth = (img: Locator) =>
  img.evaluate(async (element: HTMLImageElement) => {
    const file = new Image();
    file.src = element.src;
    await file.decode();
    return file.naturalWidth;
  });

const ERROR_RED = "rgb(132, 0, 0)"; // the spec's #840000
const SUCCESS_GREEN = "rgb(6, 122, 21)"; // the spec's #067a15
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="#2a6"/><circle cx="300" cy="200" r="120" fill="#fd4"/></svg>`;

test("a new member adds photos and fills in the profile", async ({ page }) => {
  await page.goto(`${origin("en")}/signup?tid=e2e-profile`);
  await fillSignup(page, { email: uniqueEmail("profile"), region: regionOf.en.code });
  await tickConsents(page);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();

  // The first session of a flow with an optional photo: the popup with its claim, leading to the upload.
  const popup = page.getByTestId("photo-popup");
  await expect(popup).toContainText("7 times more messages");
  await shotViewport(page, "profile-photo-popup");
  await popup.getByRole("button", { name: "Add a photo" }).click();
  await expect(page).toHaveURL(/\/profile#photos$/);
  await expect(page.getByTestId("profile-photos")).toContainText("No photo yet");
  await expectAccessible(page, "/profile");

  // A username of one letter is refused, in the spec's error colour, and nothing typed is lost.
  const form = page.locator("form.profile-form");
  await form.locator('input[name="username"]').fill("J");
  await form.locator('textarea[name="descrizione"]').fill("I love sailing and old films.");
  await form.locator('textarea[name="cosa_cerco"]').fill("Someone to share a sunset with.");
  await form.locator('select[name="eta"]').selectOption("44");
  await form.locator('select[name="preferred_age"]').selectOption({ label: "60+" });
  await form.getByRole("button", { name: "Save" }).click();
  const error = form.getByRole("alert");
  await expect(error).toHaveText("Choose a username of 2 to 30 letters or digits.");
  await expect(error).toHaveCSS("color", ERROR_RED);
  await expect(form.locator('input[name="username"]')).toHaveAttribute("aria-invalid", "true");
  await expect(form.locator('textarea[name="descrizione"]')).toHaveValue("I love sailing and old films.");

  await form.locator('input[name="username"]').fill("James");
  await form.getByTestId("city-input").fill("Manch");
  await form.getByRole("option", { name: /^Manchester/ }).click();
  await form.getByRole("button", { name: "Save" }).click();
  const saved = form.getByRole("status");
  await expect(saved).toHaveText("Your profile has been saved.");
  await expect(saved).toHaveCSS("color", SUCCESS_GREEN);

  // A second save keeps the picked city (no need to pick it again).
  await form.locator('textarea[name="cosa_cerco"]').fill("Someone to share sunsets with.");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(saved).toHaveText("Your profile has been saved.");

  // A file that is no image is refused before anything is sent.
  const input = page.getByTestId("photo-input");
  await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(page.getByTestId("profile-photos").getByRole("alert")).toHaveText(
    "Only images can be uploaded: JPEG, PNG, GIF or SVG.",
  );

  // A 1200x1200 JPEG arrives as at most 1000x1000 and becomes the default (the first photo).
  const big = Buffer.from(renderAvatarJpeg({ seed: "profile-e2e", hairColour: "brown", size: 1200 }));
  await input.setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(page.getByTestId("profile-photos").getByRole("status")).toHaveText(
    "Your photo has been added.",
  );
  const main = page.getByTestId("profile-photo-default");
  // The stored photo is the <img>'s src; the browser shows the WebP rendition its size needs.
  await expect.poll(() => storedWidth(main)).toBe(1000);
  await expect(main).toHaveJSProperty("complete", true);
  expect(await main.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.jpg\/w\d+\.webp$/);
  const first = await main.getAttribute("src");

  // An SVG is drawn into a JPEG in the browser; it comes second until it is made the default.
  await input.setInputFiles({ name: "sun.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  const other = page.getByTestId("profile-photo");
  await expect(other).toHaveCount(1);
  expect(await other.locator("img").getAttribute("src")).toMatch(/^\/photos\/users\/[0-9a-f]{24}\.jpg$/);
  await other.getByRole("button", { name: "Make default" }).click();
  await expect(other.locator("img")).toHaveAttribute("src", first ?? "");
  const second = await main.getAttribute("src");
  expect(second).not.toBe(first);
  await expect.poll(() => storedWidth(main)).toBe(600);
  if ((page.viewportSize()?.width ?? 0) > 500) {
    await expect(page.getByTestId("nav-avatar")).toHaveAttribute("src", second ?? "");
  }
  await shot(page, "own-profile");

  // After a reload: the saved profile, the default photo, and no photo popup (no longer the member's first session).
  await page.reload();
  await expect(form.locator('input[name="username"]')).toHaveValue("James");
  await expect(form.locator('select[name="preferred_age"]')).toHaveValue("60-90");
  await expect(form.getByTestId("city-input")).toHaveValue("Manchester");
  await expect(main).toHaveAttribute("src", second ?? "");
  await expect(page.getByTestId("photo-popup")).toHaveCount(0);
});

const uploadLimitText = {
  it: /^Hai caricato molte foto in poco tempo: riprova tra (59|60) min\.$/,
  en: /^You have uploaded many photos in a short time: try again in (59|60) min\.$/,
} as const;

for (const { market, width } of oneMarketPerWidth("it", "en")) {
  test(`${market}: the upload limit says when to try again`, width, async ({ page }) => {
    const member = await signedInMember(page, market, "upload-limit", "7", { verified: false });
    // The hour's uploads spent by a script (files that are no photo count too).
    const call = apiCall(market, `/api/upload/${member.clickid}`);
    for (let k = 0; k < limits.photoUploadsPerAccount.limit; k++) {
      const response = await page.request.post(call.url, {
        headers: { ...call.headers, authorization: `Bearer ${member.token}` },
        multipart: { avatar: { name: "x.jpg", mimeType: "image/jpeg", buffer: Buffer.from("no photo") } },
      });
      expect(response.status()).toBe(400);
    }
    await page.goto(`${origin(market)}/profile#photos`);
    const photo = Buffer.from(renderAvatarJpeg({ seed: "upload-limit", hairColour: "red", size: 400 }));
    await page
      .getByTestId("photo-input")
      .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
    const refusal = page.getByTestId("profile-photos").getByRole("alert");
    await expect(refusal).toHaveText(uploadLimitText[market]);
    await expect(refusal).toHaveCSS("color", ERROR_RED);
    await expect(page.getByTestId("profile-photo-default")).toHaveCount(0);
    await shot(page, `profile-upload-limit-${market}`);
  });
}
