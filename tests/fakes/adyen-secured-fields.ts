// A stand-in for Adyen's secured-fields iframe page (checkoutshopper's securedFields.html), served by the
// fake (tests/fakes/adyen.ts) because the tests have no internet. Written from what Adyen Web 6's parent side
// (its CSF: SecuredField.ts, createSecuredFields.ts, handleEncryption.ts, handleValidation.ts, processBrand.ts)
// expects of the page, with none of Adyen's code:
// - the parent posts, as JSON text to the loading context's origin, a config object (fieldType, numKey,
//   txVariant, iframeUIConfig with sfStyles, placeholders and ariaConfig); the page answers `config`;
// - every message the page posts is JSON text to the parent's origin (the `d` query parameter, base64) and
//   carries `action`, `fieldType` and the field's `numKey` (the parent drops any other);
// - typing answers a `…KeyPressed` action with `error` ('' clears it), the number field a `brand` with its
//   cvcPolicy, a complete field `encryption` with the field's blobs (the expiry date's two: month and year) and
//   the number's endDigits, a wrong one `luhnCheck` / `incorrectly filled field` with Adyen's error codes,
//   focus changes `focus`;
// - the parent's `{ focus: true }` focuses the input, its `{ brand, cvcPolicy }` to the CVC sets its length.
// The "encryption" is the fake's stand-in (FAKE_CSE_PREFIX + base64 JSON), which the fake Checkout API reads.
import { FAKE_CSE_PREFIX } from "./adyen-test-values";

/** Adyen's error codes of the secured fields (Adyen Web's SF_ErrorCodes). */
const CODES = {
  incompleteNumber: "cc.num.901",
  luhn: "cc.num.902",
  incompleteDate: "cc.dat.911",
  tooOld: "cc.dat.912",
  tooFar: "cc.dat.913",
  incompleteCvc: "cc.cvc.921",
};

/** The page's script: plain browser JavaScript, run inside the iframe. */
const script = `
"use strict";
const CODES = ${JSON.stringify(CODES)};
const PREFIX = ${JSON.stringify(FAKE_CSE_PREFIX)};
const params = new URLSearchParams(location.search);
const parentOrigin = atob(params.get("d") || "");
const input = document.getElementById("field");
let cfg = null;
let cvcLength = 3;
let lastBrand = null;
let encrypted = false;
let placeholders = {};

/** The CVV's placeholder follows the brand (3 or 4 digits), as Adyen keys it; the others by field. */
function setPlaceholder() {
  const key = cfg.fieldType === "encryptedSecurityCode"
    ? "encryptedSecurityCode" + (cvcLength === 4 ? "4digits" : "3digits")
    : cfg.fieldType;
  input.placeholder = placeholders[key] || "";
}

const post = (message) =>
  parent.postMessage(JSON.stringify({ ...message, fieldType: cfg.fieldType, numKey: cfg.numKey }), parentOrigin);
const encrypt = (value) => PREFIX + btoa(JSON.stringify({ value, generationtime: new Date().toISOString() }));
const digits = (s) => s.replace(/\\D/g, "");

function luhn(n) {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}
function brandOf(n) {
  if (/^4/.test(n)) return "visa";
  if (/^3[47]/.test(n)) return "amex";
  if (/^(5[1-5]|2[2-7])/.test(n)) return "mc";
  if (/^3(0[0-5]|[689])/.test(n)) return "diners";
  if (/^(6011|65)/.test(n)) return "discover";
  if (/^35/.test(n)) return "jcb";
  return "card";
}
const lengthOf = (brand) => (brand === "amex" ? 15 : brand === "diners" ? 14 : 16);

/** The field's state after a keystroke: its shown value, and whether it is complete, valid, its blobs. */
const FIELDS = {
  encryptedCardNumber(raw) {
    const n = digits(raw).slice(0, 19);
    const brand = brandOf(n);
    const shown = n.replace(/(\\d{4})(?=\\d)/g, "$1 ");
    if (brand !== lastBrand) {
      lastBrand = brand;
      const cvcPolicy = "required";
      post({ action: "brand", brand, cvcPolicy, expiryDatePolicy: "required", cvcText: "Security code", error: "" });
    }
    if (n.length < lengthOf(brand)) return { shown, complete: false, action: "numberKeyPressed" };
    if (!luhn(n)) return { shown, complete: true, error: CODES.luhn, action: "luhnCheck" };
    return {
      shown,
      complete: true,
      blobs: [{ encryptedFieldName: "encryptedCardNumber", blob: encrypt(n) }],
      extra: { endDigits: n.slice(-4), issuerBin: n.slice(0, 6) },
      action: "numberKeyPressed",
    };
  },
  encryptedExpiryDate(raw) {
    const d = digits(raw).slice(0, 4);
    const shown = d.length > 2 ? d.slice(0, 2) + "/" + d.slice(2) : d.length === 2 && raw.length > Number(input.dataset.last || 0) ? d + "/" : d;
    if (d.length < 4) return { shown, complete: false, action: "dateKeyPressed" };
    const month = Number(d.slice(0, 2));
    const year = 2000 + Number(d.slice(2));
    const now = new Date();
    if (month < 1 || month > 12) return { shown, complete: true, error: CODES.incompleteDate, action: "incorrectly filled field" };
    if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
      return { shown, complete: true, error: CODES.tooOld, action: "dateKeyPressed" };
    if (year > now.getFullYear() + 30) return { shown, complete: true, error: CODES.tooFar, action: "dateKeyPressed" };
    return {
      shown,
      complete: true,
      blobs: [
        { encryptedFieldName: "encryptedExpiryMonth", blob: encrypt(d.slice(0, 2)) },
        { encryptedFieldName: "encryptedExpiryYear", blob: encrypt(String(year)) },
      ],
      extra: { expiryDate: d.slice(0, 2) + "/" + d.slice(2) },
      action: "dateKeyPressed",
    };
  },
  encryptedSecurityCode(raw) {
    const d = digits(raw).slice(0, cvcLength);
    if (d.length < cvcLength) return { shown: d, complete: false, action: "cvcKeyPressed" };
    return {
      shown: d,
      complete: true,
      blobs: [{ encryptedFieldName: "encryptedSecurityCode", blob: encrypt(d) }],
      action: "cvcKeyPressed",
    };
  },
};

function onInput() {
  const state = FIELDS[cfg.fieldType](input.value);
  input.dataset.last = String(state.shown.length);
  input.value = state.shown;
  if (state.blobs) {
    encrypted = true;
    post({ action: "encryption", [cfg.fieldType]: state.blobs, ...(state.extra || {}) });
    setState("validated");
    return;
  }
  // A change that undoes a complete field, or a wrong one: the parent clears the value it had.
  encrypted = false;
  post({ action: state.action, error: state.error || "" });
  setState(state.error ? "error" : "base");
}

function onBlur() {
  post({ action: "focus", focus: false });
  const value = digits(input.value);
  if (!value || encrypted) return;
  const code = cfg.fieldType === "encryptedCardNumber" ? CODES.incompleteNumber
    : cfg.fieldType === "encryptedExpiryDate" ? CODES.incompleteDate : CODES.incompleteCvc;
  post({ action: "incomplete field", error: code });
  setState("error");
}

/** The merchant's styles (iframeUIConfig.sfStyles: base, error, validated, placeholder), camelCase CSS. */
function setState(name) {
  const styles = (cfg.iframeUIConfig && cfg.iframeUIConfig.sfStyles) || {};
  input.removeAttribute("style");
  Object.assign(input.style, styles.base || {}, name === "base" ? {} : styles[name] || {});
  input.setAttribute("aria-invalid", String(name === "error"));
}

function configure(config) {
  cfg = config;
  const ui = cfg.iframeUIConfig || {};
  placeholders = ui.placeholders || {};
  setPlaceholder();
  const aria = (ui.ariaConfig || {})[cfg.fieldType] || {};
  if (aria.label) input.setAttribute("aria-label", aria.label);
  if (ui.ariaConfig && ui.ariaConfig.lang) document.documentElement.lang = ui.ariaConfig.lang;
  input.autocomplete = { encryptedCardNumber: "cc-number", encryptedExpiryDate: "cc-exp", encryptedSecurityCode: "cc-csc" }[cfg.fieldType] || "off";
  input.dataset.testid = cfg.fieldType;
  const placeholderStyle = (ui.sfStyles || {}).placeholder || {};
  const css = Object.entries(placeholderStyle).map(([k, v]) => k.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase()) + ":" + v).join(";");
  document.getElementById("placeholder-style").textContent = "input::placeholder{" + css + "}";
  setState("base");
  input.addEventListener("input", onInput);
  input.addEventListener("focus", () => post({ action: "focus", focus: true }));
  input.addEventListener("blur", onBlur);
  input.addEventListener("keydown", (e) => { if (e.key === "Enter") post({ action: "enterKeyPressed" }); });
  post({ action: "config" });
}

window.addEventListener("message", (event) => {
  if (event.origin !== parentOrigin || typeof event.data !== "string") return;
  let message;
  try { message = JSON.parse(event.data); } catch { return; }
  if (!cfg) {
    if (message && message.fieldType in FIELDS && "numKey" in message) configure(message);
    return;
  }
  if (message.numKey !== cfg.numKey) return;
  if (message.focus === true) input.focus();
  if (cfg.fieldType === "encryptedSecurityCode" && message.brand) {
    cvcLength = message.brand === "amex" ? 4 : 3;
    input.maxLength = cvcLength;
    setPlaceholder();
  }
});
`;

/** The iframe page for one secured field (the parent's config says which). */
export function securedFieldsPage(): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Secured field</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>html,body{margin:0;padding:0;height:100%;background:transparent;overflow:hidden}
input{box-sizing:border-box;width:100%;height:100%;border:0;outline:0;padding:0;margin:0;background:transparent;font:inherit}</style>
<style id="placeholder-style"></style></head>
<body><input id="field" type="text" inputmode="numeric" spellcheck="false">
<script>${script}</script></body></html>`;
}
