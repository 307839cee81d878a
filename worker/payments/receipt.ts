// A member's receipt of one payment (spec: GET api/legal/get_receipt/{chargeId}, ricevuta_{chargeId}.pdf): the
// brand's company, the statement descriptor, the plan, the exact amount, the date, the payment method as the
// member knows it (card brand and last four, never more) and the status, in the brand's language. Drawn with
// pdf-lib's standard Helvetica (WinAnsi text, no font file to ship), so it runs in workerd as plain JS.
import { and, eq, inArray } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { orders, payments, refunds } from "../../drizzle/schema/payments";
import type { Brand } from "../brands/brand";
import type { Country, Locale } from "../contracts/locales";
import { formatMoney, MONEY_LOCALE_TAGS } from "../contracts/money";
import { OrderPlan } from "../contracts/payments";
import type { Db } from "../core/db";

/** The statuses a receipt exists for: money that was taken (and perhaps given back since). */
export const RECEIPT_STATUSES = ["succeeded", "refunded"] as const;
type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];

/** What a receipt shows of one payment. */
export interface ReceiptData {
  chargeId: number;
  planName: string;
  amountCents: number;
  currency: string;
  /** When the payment succeeded (its creation for a payment kept before `granted_at` existed). */
  paidAt: Date;
  method: string;
  cardBrand: string | null;
  cardLast4: string | null;
  status: ReceiptStatus;
  refundedAt: Date | null;
}

/** The member's own payment that took money, or null (someone else's, failed, pending, unknown: all alike). */
export async function receiptOf(db: Db, accountId: number, chargeId: number): Promise<ReceiptData | null> {
  const [row] = await db
    .select({ payment: payments, order: orders, refundedAt: refunds.createdAt })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(refunds, eq(refunds.paymentId, payments.id))
    .where(
      and(
        eq(payments.id, chargeId),
        eq(orders.accountId, accountId),
        inArray(payments.status, [...RECEIPT_STATUSES]),
      ),
    );
  if (!row) return null;
  const { payment, order } = row;
  const plan = OrderPlan.safeParse(order.plan);
  return {
    chargeId: payment.id,
    planName: plan.success ? plan.data.nomePiano : order.productId,
    amountCents: payment.amountCents,
    currency: order.currency,
    paidAt: payment.grantedAt ?? payment.createdAt,
    method: payment.method,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    status: payment.status as ReceiptStatus,
    refundedAt: payment.status === "refunded" ? (row.refundedAt ?? payment.updatedAt) : null,
  };
}

interface ReceiptCopy {
  title: string;
  seller: string;
  vat: string;
  email: string;
  descriptor: string;
  plan: string;
  amount: string;
  date: string;
  method: string;
  charge: string;
  status: string;
  paid: string;
  refunded: (date: string) => string;
  card: (brand: string, last4: string) => string;
  cardNoDetails: string;
  thanks: (title: string) => string;
  refundNote: string;
}

const copy: Record<Locale, ReceiptCopy> = {
  it: {
    title: "Ricevuta di pagamento",
    seller: "Venditore",
    vat: "P. IVA",
    email: "E-mail",
    descriptor: "Descrizione sull’estratto conto",
    plan: "Piano",
    amount: "Importo",
    date: "Data",
    method: "Metodo di pagamento",
    charge: "ID addebito",
    status: "Stato",
    paid: "Pagato",
    refunded: (date) => `Rimborsato il ${date}`,
    card: (brand, last4) => `Carta ${brand} che termina con ${last4}`.replace("  ", " "),
    cardNoDetails: "Carta",
    thanks: (title) =>
      `Grazie per il tuo acquisto su ${title}. Conserva questa ricevuta per i tuoi documenti.`,
    refundNote: "Questo pagamento è stato rimborsato: l’importo torna sul metodo di pagamento usato.",
  },
  en: {
    title: "Payment receipt",
    seller: "Seller",
    vat: "VAT no.",
    email: "E-mail",
    descriptor: "Statement descriptor",
    plan: "Plan",
    amount: "Amount",
    date: "Date",
    method: "Payment method",
    charge: "Charge ID",
    status: "Status",
    paid: "Paid",
    refunded: (date) => `Refunded on ${date}`,
    card: (brand, last4) => `${brand} card ending in ${last4}`.trim().replace(/^card/, "Card"),
    cardNoDetails: "Card",
    thanks: (title) => `Thank you for your purchase on ${title}. Please keep this receipt for your records.`,
    refundNote: "This payment has been refunded: the amount goes back to the payment method used.",
  },
  es: {
    title: "Recibo de pago",
    seller: "Vendedor",
    vat: "NIF-IVA",
    email: "Correo electrónico",
    descriptor: "Concepto en el extracto",
    plan: "Plan",
    amount: "Importe",
    date: "Fecha",
    method: "Método de pago",
    charge: "ID del cargo",
    status: "Estado",
    paid: "Pagado",
    refunded: (date) => `Reembolsado el ${date}`,
    card: (brand, last4) => `Tarjeta ${brand} terminada en ${last4}`.replace("  ", " "),
    cardNoDetails: "Tarjeta",
    thanks: (title) => `Gracias por tu compra en ${title}. Guarda este recibo para tus registros.`,
    refundNote: "Este pago ha sido reembolsado: el importe vuelve al método de pago utilizado.",
  },
  fr: {
    title: "Reçu de paiement",
    seller: "Vendeur",
    vat: "N° TVA",
    email: "E-mail",
    descriptor: "Libellé sur le relevé",
    plan: "Formule",
    amount: "Montant",
    date: "Date",
    method: "Moyen de paiement",
    charge: "Identifiant du paiement",
    status: "Statut",
    paid: "Payé",
    refunded: (date) => `Remboursé le ${date}`,
    card: (brand, last4) => `Carte ${brand} se terminant par ${last4}`.replace("  ", " "),
    cardNoDetails: "Carte",
    thanks: (title) => `Merci pour votre achat sur ${title}. Conservez ce reçu pour vos archives.`,
    refundNote: "Ce paiement a été remboursé : le montant revient sur le moyen de paiement utilisé.",
  },
};

/** Card brands as printed on cards; `unknown` prints nothing ("Card ending in 4242"). */
const cardBrandNames: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  diners: "Diners Club",
  discover: "Discover",
  jcb: "JCB",
  unknown: "",
};

/** The other methods by their own names (payments.method). */
const methodNames: Record<string, string> = {
  paypal: "PayPal",
  applepay: "Apple Pay",
  googlepay: "Google Pay",
  mollie: "Mollie",
  coda: "Coda",
};

/** Dates are the brand's market's wall-clock time. */
const timeZones: Record<Country, string> = { it: "Europe/Rome", es: "Europe/Madrid", en: "Europe/London" };

/** The receipt's language as a BCP 47 tag with the market's conventions (its money, its dates). */
const localeTags = MONEY_LOCALE_TAGS;

function paymentMethod(data: ReceiptData, t: ReceiptCopy): string {
  if (data.method !== "card") return methodNames[data.method] ?? data.method;
  if (!data.cardLast4) return t.cardNoDetails;
  return t.card(cardBrandNames[data.cardBrand ?? "unknown"] ?? "", data.cardLast4);
}

/** A text the standard font can draw: typographic spaces as plain ones, anything outside WinAnsi as "?". */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text.replace(/[\u2000-\u200a\u202f]/g, " ")]
    .map((ch) => (supported.has(ch.codePointAt(0) ?? 0) ? ch : "?"))
    .join("");
}

/** Words onto lines no wider than `width`. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

function hexColor(value: string | undefined, fallback: [number, number, number]) {
  const match = /^#([0-9a-f]{6})$/i.exec(value ?? "");
  if (!match?.[1]) return rgb(...fallback);
  const n = Number.parseInt(match[1], 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;

/** The receipt as a PDF, in the brand's language. */
export async function renderReceipt(brand: Brand, data: ReceiptData): Promise<Uint8Array> {
  const b = brand.public;
  const language = b.language;
  const t = copy[language];
  const dates = new Intl.DateTimeFormat(localeTags[language], {
    dateStyle: "long",
    timeStyle: "short",
    timeZone: timeZones[b.country],
  });
  const dateOnly = new Intl.DateTimeFormat(localeTags[language], {
    dateStyle: "long",
    timeZone: timeZones[b.country],
  });

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${data.chargeId} · ${b.title}`);
  pdf.setAuthor(b.company_name);
  pdf.setSubject(t.title);
  pdf.setLanguage(localeTags[language]);
  pdf.setCreator(b.title);
  pdf.setProducer(b.title);
  pdf.setCreationDate(data.paidAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(A4);
  const [width, height] = A4;
  const content = width - 2 * MARGIN;
  const primary = hexColor(b.tema.primary, [0.7, 0.07, 0.23]);
  const onPrimary = hexColor(b.tema.primaryText, [1, 1, 1]);
  const ink = rgb(0.13, 0.13, 0.13);
  const muted = rgb(0.4, 0.4, 0.4);
  const rule = rgb(0.85, 0.85, 0.85);

  const text = (p: PDFPage, s: string, x: number, y: number, font: PDFFont, size: number, color = ink) =>
    p.drawText(drawable(font, s), { x, y, font, size, color });

  // The brand's band, then the title.
  page.drawRectangle({ x: 0, y: height - 96, width, height: 96, color: primary });
  text(page, b.title, MARGIN, height - 58, bold, 24, onPrimary);
  let y = height - 96 - 48;
  text(page, t.title, MARGIN, y, bold, 20);
  y -= 34;

  // The seller: the brand's company.
  text(page, t.seller.toUpperCase(), MARGIN, y, bold, 9, muted);
  y -= 16;
  text(page, b.company_name, MARGIN, y, bold, 11);
  y -= 15;
  for (const line of wrap(regular, 11, b.company_address, content)) {
    text(page, line, MARGIN, y, regular, 11);
    y -= 15;
  }
  text(page, `${t.vat} ${b.vat}`, MARGIN, y, regular, 11);
  y -= 15;
  text(page, `${t.email}: ${b.email}`, MARGIN, y, regular, 11);
  y -= 32;

  // The payment, one labelled row each.
  const statusText =
    data.status === "refunded" ? t.refunded(dateOnly.format(data.refundedAt ?? data.paidAt)) : t.paid;
  const rows: [string, string][] = [
    [t.charge, String(data.chargeId)],
    [t.plan, data.planName],
    [t.amount, formatMoney(data.amountCents, data.currency, language)],
    [t.date, dates.format(data.paidAt)],
    [t.method, paymentMethod(data, t)],
    [t.descriptor, b.descriptor],
    [t.status, statusText],
  ];
  const labelWidth = 170;
  for (const [label, value] of rows) {
    page.drawLine({
      start: { x: MARGIN, y: y + 14 },
      end: { x: width - MARGIN, y: y + 14 },
      thickness: 0.5,
      color: rule,
    });
    const lines = wrap(regular, 11, value, content - labelWidth);
    text(page, label, MARGIN, y, regular, 10, muted);
    const isStatus = label === t.status;
    const color = isStatus ? (data.status === "refunded" ? rgb(0.52, 0, 0) : rgb(0.02, 0.48, 0.08)) : ink;
    lines.forEach((line, i) => {
      text(
        page,
        line,
        MARGIN + labelWidth,
        y - i * 14,
        isStatus || label === t.amount ? bold : regular,
        11,
        color,
      );
    });
    y -= 14 * lines.length + 14;
  }
  page.drawLine({
    start: { x: MARGIN, y: y + 14 },
    end: { x: width - MARGIN, y: y + 14 },
    thickness: 0.5,
    color: rule,
  });
  y -= 16;

  const notes = [...(data.status === "refunded" ? [t.refundNote] : []), t.thanks(b.title)];
  for (const note of notes) {
    for (const line of wrap(regular, 10, note, content)) {
      text(page, line, MARGIN, y, regular, 10, muted);
      y -= 14;
    }
    y -= 4;
  }

  // Object streams off: any PDF reader, old ones too, reads the file (and its objects stay plain text).
  return pdf.save({ useObjectStreams: false });
}
