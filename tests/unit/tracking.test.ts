import { describe, expect, it } from "vitest";
import {
  fluxIdFor,
  LANDED_TIME_MAX_MS,
  landedTimeExpired,
  randomHex,
  sourceFor,
  trackingIdFor,
} from "../../web/lib/tracking";
import { COMPLIANT_FLUX_ID, DEFAULT_FLUX_ID } from "../../worker/contracts/flow";

const q = (query: string) => new URLSearchParams(query);
const never = () => {
  throw new Error("should not generate");
};

describe("the tracking id", () => {
  it("takes the tid parameter first, then the stored one, then a new random one", () => {
    expect(trackingIdFor(q("tid=abc"), "stored", never)).toBe("abc");
    expect(trackingIdFor(q(""), "stored", never)).toBe("stored");
    expect(trackingIdFor(q("tid="), null, () => "fresh")).toBe("fresh");
    expect(trackingIdFor(q("tid=%20%20"), "  ", () => "fresh")).toBe("fresh");
  });

  it("is cut to the server's 64 characters", () => {
    expect(trackingIdFor(q(`tid=${"x".repeat(80)}`), null, never)).toHaveLength(64);
  });

  it("is generated as 24 hex characters, like the server's click ids", () => {
    const id = randomHex();
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(randomHex()).not.toBe(id);
  });
});

describe("the source", () => {
  it("defaults to direct", () => {
    expect(sourceFor(q(""), null)).toBe("direct");
    expect(sourceFor(q("source=newsletter"), "direct")).toBe("newsletter");
    expect(sourceFor(q(""), "facebook")).toBe("facebook");
  });
});

describe("the flux id", () => {
  it("takes the fluxid or fluxId parameter anywhere", () => {
    expect(fluxIdFor("/signup", q("fluxid=0000"), "7")).toBe("0000");
    expect(fluxIdFor("/find", q("fluxId=42"), "7")).toBe("42");
    expect(fluxIdFor("/", q("tid=x&fluxid=9"), "7")).toBe("9");
  });

  it("on / and /signup is the brand default with a tid, 0000 without", () => {
    for (const path of ["/", "/signup", "/signup/"]) {
      expect(fluxIdFor(path, q("tid=abc"), "12")).toBe("12");
      expect(fluxIdFor(path, q(""), "12")).toBe(COMPLIANT_FLUX_ID);
    }
  });

  it("is the default 7 everywhere else, tid or not", () => {
    for (const path of ["/login", "/ms", "/asignup", "/find", "/loginWithGoogle", "/external_email"]) {
      expect(fluxIdFor(path, q("tid=abc"), "12")).toBe(DEFAULT_FLUX_ID);
      expect(fluxIdFor(path, q(""), "12")).toBe(DEFAULT_FLUX_ID);
    }
  });
});

describe("the landed time", () => {
  const now = Date.UTC(2026, 10, 20, 12, 0, 0);
  it("starts over when missing or unreadable", () => {
    expect(landedTimeExpired(null, now)).toBe(true);
    expect(landedTimeExpired("yesterday", now)).toBe(true);
  });

  it("is kept for 10 minutes", () => {
    expect(landedTimeExpired(String(now - 60_000), now)).toBe(false);
    expect(landedTimeExpired(String(now - LANDED_TIME_MAX_MS), now)).toBe(false);
    expect(landedTimeExpired(String(now - LANDED_TIME_MAX_MS - 1), now)).toBe(true);
  });

  it("starts over after more than a day, or when it lies in the future", () => {
    expect(landedTimeExpired(String(now - 25 * 60 * 60_000), now)).toBe(true);
    expect(landedTimeExpired(String(now + 60_000), now)).toBe(true);
  });
});
