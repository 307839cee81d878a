// Money as the pages, mails and receipts write it, a plan's value per message, and a receipt's file name.
import { describe, expect, it } from "vitest";
import { formatMoney, minorToDecimal } from "../../worker/contracts/money";
import { planMessageValue, receiptFileName } from "../../worker/contracts/payments";

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatMoney", () => {
  it("writes cents exactly, with the currency, as each language writes money", () => {
    expect(nbsp(formatMoney(990, "EUR", "it"))).toBe("9,90 €");
    expect(nbsp(formatMoney(990, "EUR", "es"))).toBe("9,90 €");
    expect(nbsp(formatMoney(123456, "EUR", "fr"))).toBe("1 234,56 €");
    expect(formatMoney(990, "EUR", "en")).toBe("€9.90");
    // Nothing is ever an amount without its currency: the card check's 0.
    expect(nbsp(formatMoney(0, "EUR", "it"))).toBe("0,00 €");
    expect(formatMoney(0, "EUR", "en")).toBe("€0.00");
    expect(formatMoney(-1, "EUR", "en")).toBe("-€0.01");
  });

  it("takes each currency's own minor unit, and no float on the way", () => {
    expect(formatMoney(1500, "JPY", "en")).toBe("JP¥1,500");
    // 0.1 + 0.2 cents of floats: a decimal string instead, for amounts beyond a float's exact cents.
    expect(minorToDecimal(900719925474099, 2)).toBe("9007199254740.99");
    expect(minorToDecimal(7, 2)).toBe("0.07");
    expect(() => minorToDecimal(1.5, 2)).toThrow(RangeError);
  });
});

describe("planMessageValue", () => {
  it("divides the plan's total by the messages its credits buy at the flow's price of a message", () => {
    // The seed's plans at valoreMessaggio 10.
    expect(planMessageValue({ crediti: 30, crediti_promo: 0, prezzo_totale: 990 }, 10)).toEqual({
      messages: 3,
      centsPerMessage: 330,
    });
    expect(planMessageValue({ crediti: 300, crediti_promo: 0, prezzo_totale: 4990 }, 10)).toEqual({
      messages: 30,
      centsPerMessage: 166, // 166.33…
    });
    // Promo credits count; a remainder of credits that buys no whole message does not.
    expect(planMessageValue({ crediti: 100, crediti_promo: 25, prezzo_totale: 2490 }, 10)).toEqual({
      messages: 12,
      centsPerMessage: 208, // 207.5 rounds half up
    });
    // A free member's price (1 credit a message) and a plan that buys no message (the age check).
    expect(planMessageValue({ crediti: 30, crediti_promo: 0, prezzo_totale: 990 }, 1)?.messages).toBe(30);
    expect(planMessageValue({ crediti: 0, crediti_promo: 0, prezzo_totale: 0 }, 10)).toBeNull();
    expect(planMessageValue({ crediti: 30, crediti_promo: 0, prezzo_totale: 990 }, 0)).toBeNull();
  });
});

describe("receiptFileName", () => {
  it("keeps the spec's Italian name and names the file in the member's language elsewhere", () => {
    expect(receiptFileName(42, "it")).toBe("ricevuta_42.pdf");
    expect(receiptFileName(42, "en")).toBe("receipt_42.pdf");
    expect(receiptFileName(42, "es")).toBe("recibo_42.pdf");
    expect(receiptFileName(42, "fr")).toBe("recu_42.pdf");
  });
});
