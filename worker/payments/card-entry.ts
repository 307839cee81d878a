// The card a payment request carries, read before any provider call: a typed card (its number's Luhn check,
// the expiry's window) or the values of the provider's own card fields, and the browser's data for
// 3-D Secure 2. Which way a brand's provider may take a card is decided here too.
import { cardExpiry, luhnValid } from "../contracts/card";
import type { BrowserFields, BrowserInfo, CardEntry } from "../contracts/payments";
import { AppError } from "../core/errors";
import type { CardDetails, EncryptedCardDetails, PaymentProvider } from "./provider";

const cardError = (field: "cardNumber" | "cardYear", code: "invalid_number" | "expired_card") =>
  new AppError(
    400,
    "invalid_input",
    `The card's ${field === "cardNumber" ? "number" : "expiry"} is not valid.`,
    {
      field,
      messageKey: code,
    },
  );

/**
 * A provider with card fields of its own (Adyen's secured fields) takes no typed card on a deployed site: the
 * card must never reach this Worker there (PCI DSS SAQ A), whatever a client sends.
 */
const typedCardRefused = () =>
  new AppError(400, "secured_fields_required", "This site takes the card in its secure card fields only.", {
    field: "cardNumber",
    messageKey: "generico",
  });

/** The secured fields' values for a provider that cannot read them (the sandbox, TrustPay, Maxpay). */
const encryptedCardRefused = () =>
  new AppError(400, "invalid_input", "This site takes the card as typed.", {
    field: "encryptedCardNumber",
    messageKey: "generico",
  });

/** The card as the member typed it, checked before any provider call (Luhn, the expiry's window). */
function typedCard(body: Extract<CardEntry, { cardNumber: string }>): CardDetails {
  if (!luhnValid(body.cardNumber)) throw cardError("cardNumber", "invalid_number");
  const expiry = cardExpiry(body.cardMonth, body.cardYear);
  if (!expiry) throw cardError("cardYear", "expired_card");
  return {
    number: body.cardNumber,
    expMonth: expiry.month,
    expYear: expiry.year,
    cvc: body.cardSecurityCode,
    holderName: `${body.firstName} ${body.lastName}`,
  };
}

/**
 * 3-D Secure 2's browser data from the card payload's own fields (the spec's charge payload), when it has
 * them all; the accept header is Adyen Web's (a script cannot read the browser's navigation one).
 */
export function browserOfPayload(body: BrowserFields): BrowserInfo | undefined {
  if (body.browserInfo) return body.browserInfo;
  const { userAgent, language, screenColorDepth, screenHeight, screenWidth, timezone } = body;
  if (!userAgent || !language || screenColorDepth === undefined || !screenHeight || !screenWidth) return;
  if (typeof timezone !== "number") return;
  return {
    acceptHeader: "*/*",
    colorDepth: screenColorDepth,
    language,
    javaEnabled: body.javaEnabled ?? false,
    screenHeight,
    screenWidth,
    userAgent,
    timeZoneOffset: timezone,
    javaScriptEnabled: true,
  };
}

export type CardOfEntry =
  | { kind: "typed"; card: CardDetails }
  | { kind: "encrypted"; card: EncryptedCardDetails; browser: BrowserInfo };

/** Which card the payload holds, if the brand's provider may take it that way on this site. */
export function cardOfEntry(provider: PaymentProvider, body: CardEntry, deployed: boolean): CardOfEntry {
  if ("encryptedCardNumber" in body) {
    if (!provider.chargeEncryptedCard) throw encryptedCardRefused();
    const { encryptedCardNumber, encryptedExpiryMonth, encryptedExpiryYear, encryptedSecurityCode } = body;
    return {
      kind: "encrypted",
      card: {
        encryptedCardNumber,
        encryptedExpiryMonth,
        encryptedExpiryYear,
        encryptedSecurityCode,
        holderName: `${body.firstName} ${body.lastName}`,
      },
      browser: body.browserInfo,
    };
  }
  if (provider.chargeEncryptedCard && deployed) throw typedCardRefused();
  return { kind: "typed", card: typedCard(body) };
}
