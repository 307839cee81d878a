// Angels' phone numbers: only from ranges a regulator keeps for fiction, none where a country has none.
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { fictionalPhone, isFictionalPhone } from "../../worker/contracts/fictional-phone";

describe("an angel's phone number", () => {
  it("is a UK mobile of Ofcom's drama range (07700 900000-900999) for English angels", () => {
    const numbers = Array.from({ length: 2500 }, (_, n) => fictionalPhone("en", n * 7919));
    for (const phone of numbers) {
      expect(phone).toMatch(/^\+44 7700 900\d{3}$/);
      // The national form a British reader sees: 07700 900xxx.
      expect(parsePhoneNumberFromString(phone ?? "")?.formatNational()).toMatch(/^07700 900\d{3}$/);
    }
    expect(new Set(numbers).size).toBe(1000);
  });

  it("is none for Italian and Spanish angels: their regulators reserve no range for fiction", () => {
    expect(fictionalPhone("it", 12)).toBeNull();
    expect(fictionalPhone("es", 12)).toBeNull();
  });

  it("recognises only numbers of a reserved range, however they are spaced", () => {
    expect(isFictionalPhone("+44 7700 900461")).toBe(true);
    expect(isFictionalPhone("+447700900000")).toBe(true);
    expect(isFictionalPhone("+44 7700 901461")).toBe(false); // next to the range: may be a real mobile
    expect(isFictionalPhone("+44 7700 9004612")).toBe(false);
    expect(isFictionalPhone("+39 3471234567")).toBe(false);
    expect(isFictionalPhone("+34 612345678")).toBe(false);
  });
});
