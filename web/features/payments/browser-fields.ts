import type { BrowserFields } from "../../../worker/contracts/payments";

/**
 * The browser's data of the card payload (spec section 3), for 3-D Secure 2: the issuer sizes its challenge
 * and judges the risk with it. The card form sends it with the card, and one tap with the kept card, whose
 * issuer may ask for 3-D Secure just the same.
 */
export function browserFields(language: string): BrowserFields {
  return {
    language,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    screenColorDepth: window.screen.colorDepth,
    timezone: new Date().getTimezoneOffset(),
    userAgent: navigator.userAgent,
    javaEnabled: false,
    javascriptEnabled: true,
  };
}
