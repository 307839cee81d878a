// Adyen Web's CustomCard: the card number, expiry and CVV are inputs inside Adyen's iframes (the secured
// fields), so the card never touches our page's script or our Worker; what comes out are Adyen's encrypted
// values and the browser's data for 3-D Secure 2. Imported only with `import()` by the card form of an Adyen
// brand, so Adyen Web is a chunk of its own that no other page loads.
import { AdyenCheckout, CustomCard } from "@adyen/adyen-web";
import type { AdyenWeb } from "../../../../worker/contracts/brand";
import type { BrowserInfo } from "../../../../worker/contracts/payments";

/** The spec's card fields that live in Adyen's iframes. */
export type SecuredField = "number" | "expiry" | "cvv";

/** Adyen's encrypted field names, and the spec's field each belongs to. */
const FIELD_OF: Record<string, SecuredField> = {
  encryptedCardNumber: "number",
  encryptedExpiryDate: "expiry",
  encryptedExpiryMonth: "expiry",
  encryptedExpiryYear: "expiry",
  encryptedSecurityCode: "cvv",
};

export interface EncryptedEntry {
  encryptedCardNumber: string;
  encryptedExpiryMonth: string;
  encryptedExpiryYear: string;
  encryptedSecurityCode: string;
  browserInfo: BrowserInfo;
}

export interface SecuredFieldsOptions {
  config: AdyenWeb;
  /** Adyen Web's locale (it-IT, en-US, es-ES, fr-FR): its iframes' accessible texts. */
  locale: string;
  placeholders: { cardNumber: string; expiryDate: string; securityCode: string };
  /** The page's text colour and font, for the inputs inside the iframes (they cannot read our CSS). */
  text: { color: string; fontFamily: string; fontSize: string; placeholder: string; error: string };
  /** A field became valid (encrypted) or not. */
  onValid: (field: SecuredField, valid: boolean) => void;
  /** The fields reported an error while the member typed (or cleared it: null). */
  onError: (field: SecuredField, error: boolean) => void;
  /** The card's brand as Adyen reads it from the number. */
  onBrand: (brand: string) => void;
  /** All the iframes answered: the member can type. */
  onReady: () => void;
}

export interface SecuredFields {
  /** The values to send, or null while a field is not complete. */
  entry(): EncryptedEntry | null;
  destroy(): void;
}

/**
 * Where Adyen Web loads from: Adyen's own environment, or locally the stand-in's origin (the tests' fake of
 * checkoutshopper), through Adyen Web's own setting for other environment URLs.
 */
function environmentUrls(config: AdyenWeb) {
  if (!config.webBase) return {};
  const base = config.webBase.replace(/\/+$/, "");
  return {
    _environmentUrls: {
      api: `${base}/checkoutshopper/`,
      analytics: `${base}/checkoutanalytics/`,
      cdn: { images: `${base}/checkoutshopper/`, translations: `${base}/checkoutshopper/` },
    },
  };
}

/** Mounts the secured fields into `root`'s `[data-cse]` holders. */
export async function mountSecuredFields(
  root: HTMLElement,
  options: SecuredFieldsOptions,
): Promise<SecuredFields> {
  const checkout = await AdyenCheckout({
    clientKey: options.config.clientKey,
    environment: options.config.environment,
    locale: options.locale,
    countryCode: options.locale.slice(-2),
    // Adyen's analytics are not needed for the payment; Adyen Web still asks once for an attempt id.
    analytics: { enabled: false },
    ...environmentUrls(options.config),
  });
  const { text } = options;
  const card = new CustomCard(checkout, {
    brands: ["visa", "mc", "amex", "diners", "discover", "jcb"],
    placeholders: {
      cardNumber: options.placeholders.cardNumber,
      expiryDate: options.placeholders.expiryDate,
      securityCodeThreeDigits: options.placeholders.securityCode,
      securityCodeFourDigits: `${options.placeholders.securityCode}4`,
    },
    styles: {
      base: { color: text.color, fontFamily: text.fontFamily, fontSize: text.fontSize },
      error: { color: text.error },
      validated: { color: text.color },
      placeholder: { color: text.placeholder },
    },
    onConfigSuccess: () => options.onReady(),
    onFieldValid: (event) => {
      const field = FIELD_OF[event.encryptedFieldName ?? event.fieldType];
      if (field) options.onValid(field, event.valid);
    },
    onValidationError: (errors) => {
      for (const error of errors) {
        const field = FIELD_OF[error.fieldType];
        if (field) options.onError(field, Boolean(error.error));
      }
    },
    onBrand: (event) => options.onBrand(event.brand),
  });
  card.mount(root);

  return {
    entry() {
      if (!card.isValid) return null;
      const { paymentMethod, browserInfo } = card.data as {
        paymentMethod: Partial<Record<keyof EncryptedEntry, string>>;
        browserInfo: BrowserInfo;
      };
      const { encryptedCardNumber, encryptedExpiryMonth, encryptedExpiryYear, encryptedSecurityCode } =
        paymentMethod;
      if (!encryptedCardNumber || !encryptedExpiryMonth || !encryptedExpiryYear || !encryptedSecurityCode) {
        return null;
      }
      return {
        encryptedCardNumber,
        encryptedExpiryMonth,
        encryptedExpiryYear,
        encryptedSecurityCode,
        browserInfo,
      };
    },
    destroy() {
      card.unmount();
    },
  };
}
