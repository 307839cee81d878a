// The member's receipt of a payment (GET /api/legal/get_receipt/{chargeId}): a PDF download named
// ricevuta_{chargeId}.pdf whose text, read back from the file, holds the brand's company, the descriptor, the
// plan, the exact amount, the date, the card and the status, in the brand's language; only for the member's
// own payments that took money.
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../drizzle/schema/accounts";
import { orders, payments } from "../../drizzle/schema/payments";
import type { Brand } from "../../worker/brands/brand";
import { renderReceipt } from "../../worker/payments/receipt";
import { testBrands } from "../fixtures/config";
import { inDb } from "../fixtures/db";
import { call, createMember, hosts, type TestMember } from "../fixtures/members";
import { pdfText } from "../fixtures/pdf-text";

/** The seed's Starter plan of flow 7: 9.90 EUR. */
const PLAN = "starter-30";

async function pay(member: TestMember, cardNumber: string, host: string = hosts.it) {
  const response = await call("/orders/tryCharge", {
    method: "POST",
    host,
    token: member.token,
    body: JSON.stringify({
      cardNumber,
      cardMonth: "12",
      cardYear: "30",
      cardSecurityCode: "123",
      firstName: "Mario",
      lastName: "Rossi",
      rateplan: PLAN,
      clickid: member.clickid,
      newCard: false,
    }),
  });
  expect(response.status).toBe(200);
  const [payment] = await inDb((db) =>
    db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .where(eq(accounts.clickid, member.clickid))
      .orderBy(desc(payments.id))
      .limit(1),
  );
  if (!payment) throw new Error("no payment stored");
  return payment.payment;
}

const receipt = (member: TestMember, chargeId: number | string, host: string = hosts.it) =>
  call(`/api/legal/get_receipt/${chargeId}`, { token: member.token, host });

async function receiptText(response: Response) {
  return (await pdfText(new Uint8Array(await response.arrayBuffer()))).join("\n");
}

describe("GET /api/legal/get_receipt/{chargeId}", () => {
  it("downloads ricevuta_{chargeId}.pdf with the company, plan, amount, date, card and status in Italian", async () => {
    const member = await createMember();
    const payment = await pay(member, "4242424242424242");
    expect(payment.status).toBe("succeeded");

    const response = await receipt(member, payment.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="ricevuta_${payment.id}.pdf"`,
    );
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");

    const text = await receiptText(response);
    const paidAt = payment.grantedAt ?? payment.createdAt;
    const date = new Intl.DateTimeFormat("it-IT", {
      dateStyle: "long",
      timeStyle: "short",
      timeZone: "Europe/Rome",
    }).format(paidAt);
    for (const expected of [
      "Amore Italia",
      "Ricevuta di pagamento",
      "Demo Dating Ltd",
      "Via Esempio 1, 20100 Milano, Italia",
      "P. IVA IT00000000000",
      "E-mail: assistenza@amoreitalia.example",
      "AMOREITALIA",
      "Starter",
      date,
      "Carta Visa che termina con 4242",
      String(payment.id),
      "Pagato",
    ]) {
      expect(text).toContain(expected);
    }
    // The card number itself is nowhere in the file, only its last four.
    // Money as Italian writes it (the no-break space before the sign is drawn as a space).
    expect(text).toMatch(/^9,90[ \u00a0]€$/m);
    expect(text).not.toContain("424242424242");
    expect(text).not.toContain("Rimborsato");
  });

  it("speaks the brand's language: English and Spanish sites, and French", async () => {
    const english = await createMember({ region: "london" }, hosts.en);
    const paidEn = await pay(english, "5555555555554444", hosts.en);
    const receiptEn = await receipt(english, paidEn.id, hosts.en);
    // Named in the brand's language (the spec's ricevuta_ is the Italian name).
    expect(receiptEn.headers.get("content-disposition")).toBe(
      `attachment; filename="receipt_${paidEn.id}.pdf"`,
    );
    const textEn = await receiptText(receiptEn);
    for (const expected of [
      "Payment receipt",
      "VAT no.",
      "LOVECHAT",
      "Mastercard card ending in 4444",
      "Paid",
    ]) {
      expect(textEn).toContain(expected);
    }
    expect(textEn).toMatch(/^€9\.90$/m);

    const spanish = await createMember({ region: "andalucia" }, hosts.es);
    const paidEs = await pay(spanish, "4242424242424242", hosts.es);
    const receiptEs = await receipt(spanish, paidEs.id, hosts.es);
    expect(receiptEs.headers.get("content-disposition")).toBe(
      `attachment; filename="recibo_${paidEs.id}.pdf"`,
    );
    const textEs = await receiptText(receiptEs);
    for (const expected of [
      "Recibo de pago",
      "NIF-IVA",
      "AMORESPANA",
      "Tarjeta Visa terminada en 4242",
      "Pagado",
    ]) {
      expect(textEs).toContain(expected);
    }
    expect(textEs).toMatch(/^9,90[ \u00a0]€$/m);

    // No brand speaks French yet; a French one gets the French receipt, its typographic spaces drawable.
    const lovechat = testBrands.lovechat;
    const french: Brand = { ...lovechat, public: { ...lovechat.public, language: "fr" } };
    const pdf = await renderReceipt(french, {
      chargeId: 77,
      planName: "VIP Gold",
      amountCents: 123456,
      currency: "EUR",
      paidAt: new Date("2026-03-01T10:00:00Z"),
      method: "paypal",
      cardBrand: null,
      cardLast4: null,
      status: "refunded",
      refundedAt: new Date("2026-03-02T10:00:00Z"),
    });
    const textFr = (await pdfText(pdf)).join("\n");
    for (const expected of [
      "Reçu de paiement",
      "N° TVA",
      "Moyen de paiement",
      "PayPal",
      "Remboursé le 2 mars 2026",
    ]) {
      expect(textFr).toContain(expected);
    }
    // 1 234,56 € with the no-break spaces French puts in money (the narrow one drawn as a plain space).
    expect(textFr).toMatch(/^1[ \u00a0]234,56[ \u00a0]€$/m);
  });

  it("is only for the member's own payments that took money", async () => {
    const member = await createMember();
    const other = await createMember();
    // Declined first: once paid, the member is premium and buys from another list.
    const declined = await pay(member, "4000000000001018");
    const paid = await pay(member, "4242424242424242");
    expect(declined.status).toBe("failed");

    const notFound = async (response: Response) => {
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toMatchObject({ error: { code: "not_found" } });
    };
    // Someone else's receipt, a declined payment, an id that is no payment: all the same 404.
    await notFound(await receipt(other, paid.id));
    await notFound(await receipt(member, declined.id));
    await notFound(await receipt(member, 9_000_000_000));
    expect((await receipt(member, "abc")).status).toBe(400);
    expect((await call(`/api/legal/get_receipt/${paid.id}`)).status).toBe(401);
  });

  it("is in the API description as a PDF download behind the member's session", async () => {
    const doc = (await (await call("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        { get?: { security?: unknown; responses?: Record<string, { content?: object }> } }
      >;
    };
    const route = doc.paths["/api/legal/get_receipt/{chargeId}"]?.get;
    expect(route?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(route?.responses?.["200"]?.content ?? {})).toEqual(["application/pdf"]);
  });
});
