// Photos in the size the screen shows them: the find cards load WebP renditions of at most twice their
// displayed width on a 1x screen (the one 400 px JPEG of before was 2.2x a 180 px card), and on a 2x screen
// one with a device pixel of its own for every pixel drawn (sharp), no larger than it needs; the angel's
// profile the largest. Screenshots of both at 390 and 1280 px, at 2x.
import type { Locator, Page } from "@playwright/test";
import { expect, origin, shot, signedInMember, test } from "./helpers";

/**
 * What the browser loaded for each image against the size it is drawn at, in CSS px. An <img> with a srcset
 * reports its naturalWidth divided by the density it picked, so the file's own width is read from a copy.
 */
const loaded = (images: Locator) =>
  images.evaluateAll((list) =>
    Promise.all(
      (list as HTMLImageElement[]).map(async (img) => {
        const file = new Image();
        file.src = img.currentSrc;
        await file.decode();
        return { src: img.currentSrc, natural: file.naturalWidth, shown: img.getBoundingClientRect().width };
      }),
    ),
  );

/** The find grid of a new member, its five photos loaded. */
async function findGrid(page: Page, prefix: string) {
  await signedInMember(page, "it", prefix);
  await page.goto(`${origin("it")}/find`);
  await expect(page.getByTestId("angel-card")).toHaveCount(5);
  const photos = page.locator(".find-grid img");
  await expect(photos).toHaveCount(5);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLImageElement>(".find-grid img")].every(
      (img) => img.complete && img.naturalWidth > 0,
    ),
  );
  return loaded(photos);
}

/** The bytes of each photo rendition the page downloaded (same origin: the resource timings have them). */
const photoBytes = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((entry) => /\/photos\/.+\/w\d+\.webp$/.test(entry.name))
      // One per photo: the grid drawn again after the first screen may ask for the same rendition again.
      .filter((entry, i, all) => all.findIndex((other) => other.name === entry.name) === i)
      .map((entry) => (entry as PerformanceResourceTiming).encodedBodySize),
  );

test.describe("on a 1x screen", () => {
  test.use({ deviceScaleFactor: 1 });

  test("find cards load a WebP rendition at most twice their displayed width", async ({ page }) => {
    for (const photo of await findGrid(page, "photos-1x")) {
      expect(photo.src).toMatch(/\/photos\/default-it\/\d+\.jpg\/w\d+\.webp$/);
      expect(photo.natural).toBeLessThanOrEqual(2 * photo.shown);
      expect(photo.natural).toBeGreaterThanOrEqual(photo.shown * 0.95);
    }
    // A card's photo is a few KB (the 400 px JPEG each card loaded before was about 14 KB).
    const bytes = await photoBytes(page);
    expect(bytes).toHaveLength(5);
    for (const size of bytes) expect(size).toBeLessThan(4_000);
  });
});

test.describe("on a 2x screen", () => {
  test.use({ deviceScaleFactor: 2 });

  test("find cards and the angel's profile are sharp, and no larger than they need", async ({ page }) => {
    const photos = await findGrid(page, "photos-2x");
    for (const photo of photos) {
      expect(photo.src).toMatch(/\/photos\/default-it\/\d+\.jpg\/w\d+\.webp$/);
      // Every device pixel has one of its own (within rounding of the layout), and not twice as many.
      expect(photo.natural).toBeGreaterThanOrEqual(2 * photo.shown * 0.95);
      expect(photo.natural).toBeLessThanOrEqual(2 * 2 * photo.shown);
    }
    await shot(page, "photos-find-2x");

    const id = await page.getByTestId("angel-card").first().getAttribute("data-angel-id");
    await page.goto(`${origin("it")}/user/${id}`);
    const profilePhoto = page.getByTestId("angel-photo");
    await expect(profilePhoto).toBeVisible();
    await expect(profilePhoto).toHaveJSProperty("complete", true);
    const [profile] = await loaded(profilePhoto);
    expect(profile?.src).toMatch(/\/w720\.webp$/);
    expect(profile?.natural).toBe(720);
    await shot(page, "photos-profile-2x");
  });
});
