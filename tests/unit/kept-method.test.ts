import { describe, expect, it } from "vitest";
import { keptMethodLine } from "../../web/features/profile/kept-method";
import { en } from "../../web/i18n/en";
import { es } from "../../web/i18n/es";
import { fr } from "../../web/i18n/fr";
import { translator } from "../../web/i18n/i18n";
import { it as itCatalogue } from "../../web/i18n/it";

describe("the profile's kept payment method", () => {
  it("shows a card by brand, last four and expiry", () => {
    const card = { kind: "card", brand: "visa", last4: "4242", expMonth: 3, expYear: 2030 } as const;
    expect(keptMethodLine(card, translator(en))).toEqual({ term: "Card", text: "VISA •••• 4242 · 03/30" });
  });

  it("shows a PayPal wallet as the PayPal account, with the payer's e-mail when known, in each language", () => {
    const wallet = { kind: "paypal", label: "payer@example.com" } as const;
    expect(keptMethodLine(wallet, translator(itCatalogue))).toEqual({
      term: "Metodo di pagamento",
      text: "Conto PayPal · payer@example.com",
    });
    expect(keptMethodLine({ kind: "paypal", label: null }, translator(fr)).text).toBe("Compte PayPal");
  });

  it("shows an Apple Pay or Google Pay wallet kept for a plan's renewals by its name", () => {
    expect(keptMethodLine({ kind: "applepay", label: null }, translator(en))).toEqual({
      term: "Payment method",
      text: "Apple Pay",
    });
    expect(keptMethodLine({ kind: "googlepay", label: null }, translator(es)).text).toBe("Google Pay");
  });

  it("says none is kept", () => {
    expect(keptMethodLine(null, translator(es)).text).toBe("Ninguna guardada");
  });
});
