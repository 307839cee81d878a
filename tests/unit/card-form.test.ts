import { describe, expect, it } from "vitest";
import {
  brandOfNumber,
  firstInvalid,
  formatCardNumber,
  formatCvv,
  formatExpiry,
  isTestHost,
  TEST_CARD,
} from "../../web/features/payments/card-form";

describe("the card form", () => {
  it("groups the number by 4, digits only, at most 19 characters", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242");
    expect(formatCardNumber("4242-4242 42a42")).toBe("4242 4242 4242");
    expect(formatCardNumber("42424242424242424242")).toHaveLength(19);
  });

  it("adds the expiry's slash as the member types and lets them delete it", () => {
    expect(formatExpiry("1", "")).toBe("1");
    expect(formatExpiry("12", "1")).toBe("12/");
    expect(formatExpiry("12", "12/")).toBe("12");
    expect(formatExpiry("1230", "12/3")).toBe("12/30");
    expect(formatCvv("12a34")).toBe("123");
  });

  it("names the first wrong field in the form's order (section 5)", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(firstInvalid(TEST_CARD, now)).toBeNull();
    expect(firstInvalid({ ...TEST_CARD, number: "4242 4242 4242 4241" }, now)).toBe("number");
    expect(firstInvalid({ ...TEST_CARD, number: "4242 4242 42" }, now)).toBe("number");
    expect(firstInvalid({ ...TEST_CARD, expiry: "10/26" }, now)).toBe("expiry");
    expect(firstInvalid({ ...TEST_CARD, expiry: "13/27" }, now)).toBe("expiry");
    expect(firstInvalid({ ...TEST_CARD, expiry: "1227" }, now)).toBe("expiry");
    expect(firstInvalid({ ...TEST_CARD, cvv: "12" }, now)).toBe("cvv");
    expect(firstInvalid({ ...TEST_CARD, firstName: " " }, now)).toBe("firstName");
    expect(firstInvalid({ ...TEST_CARD, lastName: "" }, now)).toBe("lastName");
  });

  it("shows the network's name and fills the test card only on local hosts", () => {
    expect(brandOfNumber("5555 5555 5555 4444")).toBe("mastercard");
    expect(brandOfNumber("3782 822463 10005")).toBe("amex");
    expect(isTestHost("it.localhost")).toBe(true);
    expect(isTestHost("localhost")).toBe(true);
    expect(isTestHost("www.amoreitalia.example")).toBe(false);
  });
});
