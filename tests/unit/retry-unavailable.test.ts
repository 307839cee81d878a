// The return pages ask again while the service is briefly unavailable (web/features/payments/retry-unavailable.ts).
import { describe, expect, it } from "vitest";
import {
  askWhileUnavailable,
  MAX_RETRY_AFTER_S,
  UNAVAILABLE_RETRIES,
} from "../../web/features/payments/retry-unavailable";

const answer = (status: number, retryAfter?: string) =>
  new Response("{}", { status, headers: retryAfter ? { "retry-after": retryAfter } : {} });

/** Answers the given responses in turn, and records the waits it was asked to take. */
function server(...answers: Response[]) {
  const waits: number[] = [];
  let asked = 0;
  return {
    ask: async () => answers[Math.min(asked++, answers.length - 1)] ?? answer(500),
    wait: async (ms: number) => {
      waits.push(ms);
    },
    waits,
    asked: () => asked,
  };
}

describe("a check while the service is briefly unavailable", () => {
  it("asks again after each Retry-After until the service answers", async () => {
    const s = server(answer(503, "5"), answer(503, "2"), answer(200));
    const response = await askWhileUnavailable(s.ask, s.wait);
    expect(response.status).toBe(200);
    expect(s.waits).toEqual([5000, 2000]);
  });

  it("asks once when the answer is final, or a 503 that gives no Retry-After (payments unavailable here)", async () => {
    for (const first of [answer(200), answer(404), answer(500), answer(503)]) {
      const s = server(first, answer(200));
      expect((await askWhileUnavailable(s.ask, s.wait)).status).toBe(first.status);
      expect(s.asked()).toBe(1);
    }
  });

  it("gives up after its retries, and never waits longer than the cap", async () => {
    const s = server(answer(503, "3600"));
    const response = await askWhileUnavailable(s.ask, s.wait);
    expect(response.status).toBe(503);
    expect(s.asked()).toBe(1 + UNAVAILABLE_RETRIES);
    expect(s.waits).toEqual(Array(UNAVAILABLE_RETRIES).fill(MAX_RETRY_AFTER_S * 1000));
  });
});
