// The seed's sample reviews (drizzle/seed-data/testimonials*.ts) against the spec's section 3: about 100 per
// language for Italian and Spanish, roughly half women, ages 24 to 60, 4 or 5 stars, the service's name as a
// placeholder written once, and each review and reviewer its own.
import { describe, expect, it } from "vitest";
import { sampleTestimonials } from "../../drizzle/seed-data/testimonials";

describe("the sample reviews", () => {
  for (const language of ["it", "es"] as const) {
    it(`has about a hundred in ${language}, as the spec's market needs them`, () => {
      const list = sampleTestimonials[language];
      expect(list.length).toBeGreaterThanOrEqual(95);
      expect(list.length).toBeLessThanOrEqual(110);
      const women = list.filter((r) => r.gender === "F").length / list.length;
      expect(women).toBeGreaterThanOrEqual(0.45);
      expect(women).toBeLessThanOrEqual(0.55);
      expect(new Set(list.map((r) => r.review)).size).toBe(list.length);
      expect(new Set(list.map((r) => r.author)).size).toBe(list.length);
      expect(new Set(list.map((r) => r.imageName)).size).toBe(list.length);
    });
  }

  it("follows the spec's fields in every language", () => {
    for (const [language, list] of Object.entries(sampleTestimonials)) {
      for (const review of list) {
        expect(review.age, review.author).toBeGreaterThanOrEqual(24);
        expect(review.age, review.author).toBeLessThanOrEqual(60);
        expect([4, 5]).toContain(review.stars);
        expect(review.review.split("{servizio}"), review.review).toHaveLength(2);
        expect(review.imageName).toMatch(new RegExp(`^t-${language}-\\d+\\.jpg$`));
      }
    }
  });
});
