import { describe, expect, it } from "vitest";
import { cardBrandOf, cardExpiry, luhnValid } from "../../worker/contracts/card";
import {
  choosePlan,
  PAYMENT_ERROR_CODES,
  type RatePlan,
  type RatePlanRow,
  shownPlans,
} from "../../worker/contracts/payments";
import { SANDBOX_CARDS } from "../../worker/payments/providers/sandbox-cards";

describe("card numbers", () => {
  it("pass the Luhn check only with the right check digit", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(luhnValid("378282246310005")).toBe(true);
    expect(luhnValid("4242 4242 4242 4242")).toBe(false);
    expect(luhnValid("12345678901")).toBe(false);
  });

  it("name their network by the leading digits", () => {
    expect(cardBrandOf("4242424242424242")).toBe("visa");
    expect(cardBrandOf("5555555555554444")).toBe("mastercard");
    expect(cardBrandOf("2223003122003222")).toBe("mastercard");
    expect(cardBrandOf("378282246310005")).toBe("amex");
    expect(cardBrandOf("36227206271667")).toBe("diners");
    expect(cardBrandOf("6011111111111117")).toBe("discover");
    expect(cardBrandOf("3530111333300000")).toBe("jcb");
    expect(cardBrandOf("9999999999999995")).toBe("unknown");
  });
});

describe("a card's expiry", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it("takes a two-digit year within 20 years ahead and 80 back, and refuses a month gone by", () => {
    expect(cardExpiry(12, 30, now)).toEqual({ month: 12, year: 2030 });
    expect(cardExpiry(11, 26, now)).toEqual({ month: 11, year: 2026 });
    expect(cardExpiry(10, 26, now)).toBeNull();
    expect(cardExpiry(1, 46, now)).toEqual({ month: 1, year: 2046 });
    // 47 is more than 20 years ahead: read as 1947, long expired.
    expect(cardExpiry(1, 47, now)).toBeNull();
    expect(cardExpiry(3, 2031, now)).toEqual({ month: 3, year: 2031 });
    expect(cardExpiry(0, 30, now)).toBeNull();
    expect(cardExpiry(13, 30, now)).toBeNull();
  });
});

describe("the sandbox's test cards", () => {
  it("choose every code of the error catalogue, with the numbers docs/payments.md lists", () => {
    const failures = [...SANDBOX_CARDS].flatMap(([number, outcome]) =>
      outcome.kind === "failed" ? [[outcome.errorCode, number] as const] : [],
    );
    expect(failures.map(([code]) => code).sort()).toEqual([...PAYMENT_ERROR_CODES].sort());
    expect(Object.fromEntries(failures)).toMatchObject({
      invalid_cvc: "4000000000001000",
      insufficient_funds: "4000000000001018",
      warning: "4000000000001109",
      problemi_api: "4000000000001174",
    });
    for (const number of SANDBOX_CARDS.keys()) expect(luhnValid(number), number).toBe(true);
    expect(SANDBOX_CARDS.get("4000000000003220")).toEqual({ kind: "three_ds" });
  });
});

describe("the plan chosen on a flow", () => {
  const row = (product_id: string, first_selling = false, visible = true): RatePlanRow => ({
    product_id,
    nomePiano: product_id,
    badge: null,
    description: null,
    description_color: null,
    suggestion: null,
    suggestion_color: null,
    vecchioPrezzo: null,
    prezzo: 100,
    prezzo_totale: 100,
    prezzoDescription: null,
    currency: "EUR",
    premiumLevel: 1,
    crediti: 10,
    crediti_promo: 0,
    visibile: visible,
    spacing_bottom: false,
    first_selling,
    renewal_days: null,
  });
  const plans: RatePlan = {
    compliant: [row("c-first", true), row("c-plain")],
    free: [row("f-plain"), row("f-first", true)],
    premium: [row("p-first", true), row("p-hidden", false, false), row("p-plain")],
    verifica: [row("v")],
  };
  it("follows section 4: 0000 the first compliant not first_selling, free the first_selling, premium the first not first_selling", () => {
    expect(choosePlan(plans, "0000", 0)?.product_id).toBe("c-plain");
    expect(choosePlan(plans, "7", 0)?.product_id).toBe("f-first");
    expect(choosePlan(plans, "7", 1)?.product_id).toBe("p-plain");
    expect(choosePlan({ ...plans, free: [row("only")] }, "7", 0)?.product_id).toBe("only");
    expect(choosePlan({ ...plans, premium: [row("p1", true)] }, "7", 2)?.product_id).toBe("p1");
    expect(choosePlan({ ...plans, free: [] }, "7", 0)).toBeUndefined();
  });
  it("shows the visibile plans, and hides the first_selling ones from premium members (section 2)", () => {
    const ids = (level: number) => shownPlans(plans.premium, level).map((p) => p.product_id);
    expect(ids(0)).toEqual(["p-first", "p-plain"]);
    expect(ids(1)).toEqual(["p-plain"]);
    expect(ids(2)).toEqual(["p-plain"]);
  });
});
