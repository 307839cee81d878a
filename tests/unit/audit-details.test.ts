// The console's audit log names each detail of a row in the operator's language (web/features/ops/
// audit-details.ts): a Spanish supervisor read "paymentId: 12 · amountCents: 990 · currency: EUR".
import { describe, expect, it } from "vitest";
import { auditDetails } from "../../web/features/ops/audit-details";
import { loadCatalogue, translator } from "../../web/i18n/i18n";
import { locales } from "../../worker/contracts/locales";
import { auditDetailKeys } from "../../worker/contracts/ops";

/** What the Worker writes for a refund, a refused one and a lease (worker/ops). */
const rows = [
  {
    clickid: "a1b2c3",
    paymentId: 12,
    amountCents: 990,
    currency: "EUR",
    reason: "Il cliente ha chiesto il rimborso",
    creditsRemoved: 30,
    premiumLevel: 0,
    subscriptionEnded: true,
  },
  {
    paymentId: 13,
    amountCents: 4990,
    currency: "EUR",
    reason: "doppio addebito",
    errorCode: "card_declined",
  },
  { paymentId: 14, reason: "x", errorCode: "refund_in_portal", provider: "paypal" },
  { clickid: "a1b2c3", expiresAt: "2026-11-29T10:15:00.000Z", messageId: 99, length: 42 },
];

describe("the audit log's details", () => {
  for (const locale of locales) {
    it(`names every field the Worker writes, in ${locale}`, async () => {
      const t = translator(await loadCatalogue(locale));
      for (const details of rows) {
        const entries = auditDetails(t, locale, details);
        const names = entries.map((entry) => entry.slice(0, entry.indexOf(":")));
        for (const key of auditDetailKeys) expect(names).not.toContain(key);
        expect(entries.join(" · ")).not.toMatch(/card_declined|refund_in_portal/);
      }
    });
  }

  it("writes money, times and yes or no as the operator's language does", async () => {
    const t = translator(await loadCatalogue("es"));
    expect(auditDetails(t, "es", rows[0] ?? {})).toEqual([
      "ID del miembro: a1b2c3",
      "Pago: 12",
      "Importe: 9,90\u00a0€",
      "Motivo: Il cliente ha chiesto il rimborso",
      "Créditos retirados: 30",
      "Nivel premium después: 0",
      "Suscripción terminada: sí",
    ]);
    expect(auditDetails(t, "es", rows[1] ?? {})).toContain(
      "Respuesta del proveedor: La tarjeta ha sido rechazada.",
    );
    expect(auditDetails(t, "es", rows[2] ?? {})).toContain("Proveedor: PayPal");
  });
});
