// The sandbox provider's hosted pages (local runs only), in the brand's language: the 3-D Secure page (what
// a card issuer's challenge page is to a real provider), the checkout of the redirect methods (mollie's and
// coda's payment pages) and the wallet's approval page (PayPal's, and Google Pay's card step, which on local
// hosts also stands in for Google's sheet). The payment page's 3-D Secure step brings the member to the first
// (adyen and trustpay post a form, maxpay redirects), the methods' answers to the others; each answer goes
// back to the return page with the reference under the provider's own name, as the real ones do.
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Locale } from "../contracts/locales";
import { formatMoney } from "../contracts/money";
import { CARD_RETURN_PATH, type PaymentSystem } from "../contracts/payments";
import {
  ChallengeAnswer,
  SandboxPageAnswer,
  type SandboxPageKind,
  SandboxPageParams,
  SandboxReference,
} from "../contracts/sandbox";
import { AppError } from "../core/errors";
import { errorResponse, featureApp, htmlPage } from "../core/openapi";
import { pageNonce } from "../core/security-headers";
import type { AppEnv } from "../env";
import type { RedirectMethod } from "./provider";
import { paymentSystemOf, sandboxFor } from "./providers";
import type { SandboxCheckout } from "./providers/sandbox-pages";

const texts: Record<Locale, { title: string; intro: string; pass: string; fail: string }> = {
  it: {
    title: "Banca di prova: conferma il pagamento",
    intro: "Questa è la pagina 3-D Secure del fornitore di prova. Scegli come finisce la verifica.",
    pass: "Approva",
    fail: "Rifiuta",
  },
  en: {
    title: "Sandbox bank: confirm the payment",
    intro: "This is the test provider's 3-D Secure page. Choose how the check ends.",
    pass: "Approve",
    fail: "Refuse",
  },
  es: {
    title: "Banco de prueba: confirma el pago",
    intro: "Esta es la página 3-D Secure del proveedor de prueba. Elige cómo termina la verificación.",
    pass: "Aprobar",
    fail: "Rechazar",
  },
  fr: {
    title: "Banque de test : confirmez le paiement",
    intro: "Voici la page 3-D Secure du prestataire de test. Choisissez comment se termine la vérification.",
    pass: "Approuver",
    fail: "Refuser",
  },
};

/** The name each payment system gives the reference on its return page (spec section 3, check-status body). */
const returnParam: Record<PaymentSystem, string> = {
  adyen: "redirectResult",
  trustpay: "instanceId",
  maxpay: "reference",
};

const page = createRoute({
  method: "get",
  path: "/sandbox/3ds/{reference}",
  tags: ["payments"],
  summary: "The sandbox's 3-D Secure challenge page (local runs only)",
  request: { params: SandboxReference },
  responses: {
    200: htmlPage("an HTML page"),
    503: errorResponse("payments_unavailable: not a local run"),
  },
});

const answer = createRoute({
  method: "post",
  path: "/sandbox/3ds/{reference}",
  tags: ["payments"],
  summary: "The 3-D Secure step's form (shows the page) or the member's answer (back to the return page)",
  request: {
    params: SandboxReference,
    body: {
      content: {
        "application/x-www-form-urlencoded": {
          schema: ChallengeAnswer,
        },
      },
    },
  },
  responses: {
    200: htmlPage("the challenge page"),
    303: { description: "back to the payment system's return page" },
    404: errorResponse("not_found: no such sandbox payment"),
    503: errorResponse("payments_unavailable: not a local run"),
  },
});

/** The page's own look (a bank's page, not the brand's), allowed by the CSP through the request's nonce. */
const style =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#1d2733}" +
  "main{max-width:420px;margin:12vh auto 0;padding:28px 24px;background:#fff;border-radius:12px;box-shadow:0 4px 20px #0002}" +
  "h1{font-size:1.25rem;margin:0 0 8px}p{margin:0 0 24px;color:#4a5563}" +
  "form{display:flex;gap:12px}button{flex:1;padding:12px;font:inherit;font-weight:600;border-radius:8px;border:0;cursor:pointer}" +
  "button[value=pass]{background:#1f6f43;color:#fff}button[value=fail]{background:#e4e7ec;color:#1d2733}" +
  "@media (max-width:480px){main{margin:0;min-height:100vh;border-radius:0;box-shadow:none}}";

function challengePage(c: Context<AppEnv>, reference: string) {
  const lang = c.var.brand.public.language;
  const t = texts[lang];
  const nonce = pageNonce(c);
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title><style${nonce ? ` nonce="${nonce}"` : ""}>${style}</style></head><body><main><h1>${t.title}</h1><p>${t.intro}</p><form method="post" action="/sandbox/3ds/${reference}"><button name="answer" value="pass">${t.pass}</button><button name="answer" value="fail">${t.fail}</button></form></main></body></html>`,
  );
}

/** The hosted checkout's and the wallet page's texts; {method} is the method's name, {amount} the price. */
const methodTexts: Record<
  Locale,
  {
    checkoutTitle: string;
    walletTitle: string;
    intro: string;
    merchant: string;
    pay: string;
    approve: string;
    decline: string;
    cancel: string;
    answered: string;
    back: string;
  }
> = {
  it: {
    checkoutTitle: "{method} di prova: paga {amount}",
    walletTitle: "{method} di prova: approva il pagamento",
    intro:
      "Questa è la pagina del fornitore di prova. Scegli come finisce il pagamento: non viene addebitato nulla.",
    merchant: "Esercente",
    pay: "Paga {amount}",
    approve: "Approva {amount}",
    decline: "Saldo insufficiente (prova)",
    cancel: "Annulla",
    answered: "A questo pagamento è già stata data una risposta.",
    back: "Torna al sito",
  },
  en: {
    checkoutTitle: "Sandbox {method}: pay {amount}",
    walletTitle: "Sandbox {method}: approve the payment",
    intro: "This is the test provider's page. Choose how the payment ends: nothing is charged.",
    merchant: "Merchant",
    pay: "Pay {amount}",
    approve: "Approve {amount}",
    decline: "Not enough funds (test)",
    cancel: "Cancel",
    answered: "This payment has already been answered.",
    back: "Back to the site",
  },
  es: {
    checkoutTitle: "{method} de prueba: paga {amount}",
    walletTitle: "{method} de prueba: aprueba el pago",
    intro: "Esta es la página del proveedor de prueba. Elige cómo termina el pago: no se cobra nada.",
    merchant: "Comercio",
    pay: "Pagar {amount}",
    approve: "Aprobar {amount}",
    decline: "Saldo insuficiente (prueba)",
    cancel: "Cancelar",
    answered: "Este pago ya ha recibido una respuesta.",
    back: "Volver al sitio",
  },
  fr: {
    checkoutTitle: "{method} de test : payez {amount}",
    walletTitle: "{method} de test : approuvez le paiement",
    intro:
      "Voici la page du prestataire de test. Choisissez comment se termine le paiement : rien n'est débité.",
    merchant: "Commerçant",
    pay: "Payer {amount}",
    approve: "Approuver {amount}",
    decline: "Solde insuffisant (test)",
    cancel: "Annuler",
    answered: "Ce paiement a déjà reçu une réponse.",
    back: "Retour au site",
  },
};

/** The methods' own names (brands: the same in every language). */
const methodNames: Record<RedirectMethod, string> = {
  mollie: "Mollie",
  coda: "Coda (PayPal)",
  paypal: "PayPal",
  googlepay: "Google Pay",
  applepay: "Apple Pay",
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");

/** The checkout's and the wallet page's look: the provider's page, not the brand's. */
const methodStyle =
  `${style}main p.amount{font-size:2rem;font-weight:700;margin:0 0 4px;color:#1d2733}` +
  "dl{display:flex;gap:8px;margin:0 0 24px;color:#4a5563}dt{font-weight:600}dd{margin:0}" +
  "form{flex-direction:column}button[value=pay],button[value=approve]{background:#1f6f43;color:#fff}" +
  "button[value=decline],button[value=cancel]{background:#e4e7ec;color:#1d2733}" +
  "a.back{display:block;text-align:center;padding:12px;border-radius:8px;background:#1f6f43;color:#fff;font-weight:600;text-decoration:none}";

/** The choices of each page: the checkout pays or cancels; the wallet approves, lacks the funds, or cancels. */
const choices: Record<SandboxPageKind, readonly ("pay" | "approve" | "decline" | "cancel")[]> = {
  checkout: ["pay", "cancel"],
  wallet: ["approve", "decline", "cancel"],
};

function methodPage(c: Context<AppEnv>, kind: SandboxPageKind, reference: string, payment: SandboxCheckout) {
  const lang = c.var.brand.public.language;
  const t = methodTexts[lang];
  const nonce = pageNonce(c);
  const amount = formatMoney(payment.amountCents, payment.currency, lang);
  const values = { method: methodNames[payment.method], amount };
  const title = escapeHtml(fill(kind === "checkout" ? t.checkoutTitle : t.walletTitle, values));
  const buttons = choices[kind]
    .map((choice) => {
      const label = choice === "approve" ? t.approve : choice === "pay" ? t.pay : t[choice];
      return `<button name="answer" value="${choice}">${escapeHtml(fill(label, values))}</button>`;
    })
    .join("");
  const body = payment.open
    ? `<p>${escapeHtml(t.intro)}</p><form method="post" action="/sandbox/${kind}/${reference}">${buttons}</form>`
    : `<p>${escapeHtml(t.answered)}</p><a class="back" href="${escapeHtml(payment.returnPath)}">${escapeHtml(t.back)}</a>`;
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style${nonce ? ` nonce="${nonce}"` : ""}>${methodStyle}</style></head><body><main><h1>${title}</h1><p class="amount">${escapeHtml(amount)}</p><dl><dt>${escapeHtml(t.merchant)}</dt><dd>${escapeHtml(c.var.brand.public.title)}</dd></dl>${body}</main></body></html>`,
  );
}

const methodPageRoute = createRoute({
  method: "get",
  path: "/sandbox/{kind}/{reference}",
  tags: ["payments"],
  summary: "The sandbox's hosted checkout (mollie, coda) or wallet approval page (PayPal, Google Pay)",
  request: { params: SandboxPageParams },
  responses: {
    200: htmlPage("an HTML page"),
    404: errorResponse("not_found: no such payment of this page's kind"),
    503: errorResponse("payments_unavailable: not a local run"),
  },
});

const methodAnswerRoute = createRoute({
  method: "post",
  path: "/sandbox/{kind}/{reference}",
  tags: ["payments"],
  summary: "The member's answer on the hosted checkout or wallet page: back to the method's return page",
  request: {
    params: SandboxPageParams,
    body: {
      content: {
        "application/x-www-form-urlencoded": {
          schema: SandboxPageAnswer,
        },
      },
      required: true,
    },
  },
  responses: {
    303: { description: "back to the method's return page" },
    400: errorResponse("invalid_input: not an answer of this page"),
    404: errorResponse("not_found: no such payment of this page's kind"),
    503: errorResponse("payments_unavailable: not a local run"),
  },
});

const isWallet = (method: RedirectMethod) => method !== "mollie" && method !== "coda";
const noSuchPayment = () => new AppError(404, "not_found", "No such payment.", { field: "reference" });

export const sandboxRoutes = featureApp()
  .openapi(page, (c) => {
    sandboxFor(c);
    return challengePage(c, c.req.valid("param").reference);
  })
  .openapi(answer, async (c) => {
    const sandbox = sandboxFor(c);
    const { reference } = c.req.valid("param");
    const choice = c.req.valid("form").answer;
    if (!choice) return challengePage(c, reference);
    if (!(await sandbox.answerChallenge(reference, choice))) {
      throw new AppError(404, "not_found", "No such payment.", { field: "reference" });
    }
    const system = paymentSystemOf(c);
    return c.redirect(`${CARD_RETURN_PATH[system]}?${returnParam[system]}=${reference}`, 303);
  })
  .openapi(methodPageRoute, async (c) => {
    const { kind, reference } = c.req.valid("param");
    const payment = await sandboxFor(c).checkoutOf(reference);
    if (!payment || isWallet(payment.method) !== (kind === "wallet")) throw noSuchPayment();
    return methodPage(c, kind, reference, payment);
  })
  .openapi(methodAnswerRoute, async (c) => {
    const sandbox = sandboxFor(c);
    const { kind, reference } = c.req.valid("param");
    const { answer } = c.req.valid("form");
    const wrong = () =>
      new AppError(400, "invalid_input", "answer: not a choice of this page.", { field: "answer" });
    let payment: SandboxCheckout | null;
    if (kind === "checkout") {
      if (answer !== "pay" && answer !== "cancel") throw wrong();
      payment = await sandbox.answerCheckout(reference, answer);
    } else {
      if (answer !== "approve" && answer !== "decline" && answer !== "cancel") throw wrong();
      payment = await sandbox.answerWallet(reference, answer);
    }
    if (!payment) throw noSuchPayment();
    return c.redirect(payment.returnPath, 303);
  });
