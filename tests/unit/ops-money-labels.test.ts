// How the console's money view names a refund's reason: a supervisor's own words as written, and a refund
// the payment provider reported (in its portal, or the member's chargeback) in the console's language.
import { describe, expect, it } from "vitest";
import { refundReasonLabel } from "../../web/features/ops/money-labels";
import { en } from "../../web/i18n/en";
import { es } from "../../web/i18n/es";
import { fr } from "../../web/i18n/fr";
import { translator } from "../../web/i18n/i18n";
import { it as itCatalogue } from "../../web/i18n/it";

describe("a refund's reason in the money view", () => {
  it("keeps a supervisor's words and names a provider's refund or chargeback in each language", () => {
    const t = translator(en);
    expect(refundReasonLabel(t, { reason: "chargeback", operatorName: "Lucía" })).toBe("chargeback");
    expect(refundReasonLabel(t, { reason: "chargeback", operatorName: null })).toBe(
      "chargeback by the member's bank",
    );
    expect(refundReasonLabel(t, { reason: "provider_refund", operatorName: null })).toBe(
      "refunded at the payment provider",
    );
    expect(
      [itCatalogue, es, fr].map((c) =>
        refundReasonLabel(translator(c), { reason: "chargeback", operatorName: null }),
      ),
    ).toEqual([
      "storno (chargeback) della banca dell'iscritto",
      "contracargo del banco del miembro",
      "rétrofacturation par la banque du membre",
    ]);
  });
});
