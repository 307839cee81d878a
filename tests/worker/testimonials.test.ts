// GET /api/testimonials: the spec's helper that shuffles the reviews by country (six unless told; the home
// page asks three), over the seed's sample reviews (about 100 each in Italian and Spanish, flagged isSample).
import { describe, expect, it } from "vitest";
import { call, hosts } from "../fixtures/members";

interface Review {
  utente: string;
  genere: string;
  eta: number;
  recensione: string;
  stelle: number;
  nome_immagine: string;
  isSample: boolean;
}

async function reviews(query: string, host: string = hosts.it): Promise<Review[]> {
  const response = await call(`/api/testimonials${query}`, { host });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

describe("GET /api/testimonials", () => {
  it("gives six of the brand's market by default, three when the home page asks, each one once", async () => {
    const six = await reviews("");
    expect(six).toHaveLength(6);
    expect(new Set(six.map((r) => r.recensione)).size).toBe(6);
    const three = await reviews("?count=3");
    expect(three).toHaveLength(3);
    for (const review of [...six, ...three]) {
      expect(review.recensione.split("{servizio}")).toHaveLength(2);
      expect(review.isSample).toBe(true);
      expect([4, 5]).toContain(review.stelle);
      expect(review.eta).toBeGreaterThanOrEqual(24);
      expect(review.eta).toBeLessThanOrEqual(60);
      expect(["F", "M"]).toContain(review.genere);
      expect(review.nome_immagine).toMatch(/^t-it-\d+\.jpg$/);
    }
  });

  it("shuffles by country: the Spanish brand's are Spanish, another market is asked by name", async () => {
    const spanish = await reviews("", hosts.es);
    expect(spanish.every((r) => r.nome_immagine.startsWith("t-es-"))).toBe(true);
    const asked = await reviews("?country=es&count=4");
    expect(asked).toHaveLength(4);
    expect(asked.every((r) => r.nome_immagine.startsWith("t-es-"))).toBe(true);
    expect((await reviews("?country=en", hosts.it)).every((r) => r.nome_immagine.startsWith("t-en-"))).toBe(
      true,
    );
  });

  it("draws a new order every call, over all of a market's hundred reviews", async () => {
    const drawn = await Promise.all(Array.from({ length: 30 }, () => reviews("?count=20", hosts.es)));
    const seen = new Set(drawn.flat().map((r) => r.recensione));
    // 600 draws from about 100: every review comes up, in orders that differ from call to call.
    expect(seen.size).toBeGreaterThanOrEqual(95);
    expect(new Set(drawn.map((list) => list.map((r) => r.utente).join("|"))).size).toBe(30);
    // Roughly half women, half men, as the spec's sample.
    const women = drawn.flat().filter((r) => r.genere === "F").length / drawn.flat().length;
    expect(women).toBeGreaterThan(0.35);
    expect(women).toBeLessThan(0.65);
  });

  it("refuses a count out of bounds or an unknown market, naming the field", async () => {
    for (const [query, field] of [
      ["?count=0", "count"],
      ["?count=21", "count"],
      ["?count=two", "count"],
      ["?country=fr", "country"],
    ] as const) {
      const response = await call(`/api/testimonials${query}`);
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_input", field } });
    }
  });
});
