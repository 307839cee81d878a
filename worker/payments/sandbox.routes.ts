// The sandbox provider's hosted 3-D Secure page (local runs only): what a card issuer's challenge page is to a
// real provider. The payment page's 3-D Secure step brings the member here (adyen and trustpay post a form,
// maxpay redirects); the answer goes back to the payment system's return page with the reference under
// that system's name, as the real ones do.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Locale } from "../contracts/locales";
import type { PaymentSystem } from "../contracts/payments";
import { AppError } from "../core/errors";
import { errorResponse, featureApp } from "../core/openapi";
import type { AppEnv } from "../env";
import { paymentSystemOf, sandboxFor } from "./providers";

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
  trustpay: "InstanceId",
  maxpay: "reference",
};

const Reference = z.object({ reference: z.string().regex(/^sbx_[0-9a-f]{32}$/) });

const page = createRoute({
  method: "get",
  path: "/sandbox/3ds/{reference}",
  tags: ["payments"],
  summary: "The sandbox's 3-D Secure challenge page (local runs only)",
  request: { params: Reference },
  responses: {
    200: { description: "an HTML page", content: { "text/html": { schema: z.string() } } },
    503: errorResponse("payments_unavailable: not a local run"),
  },
});

const answer = createRoute({
  method: "post",
  path: "/sandbox/3ds/{reference}",
  tags: ["payments"],
  summary: "The 3-D Secure step's form (shows the page) or the member's answer (back to the return page)",
  request: {
    params: Reference,
    body: {
      content: {
        "application/x-www-form-urlencoded": {
          schema: z.object({ answer: z.enum(["pass", "fail"]).optional() }).passthrough(),
        },
      },
    },
  },
  responses: {
    200: { description: "the challenge page", content: { "text/html": { schema: z.string() } } },
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
  const nonce = c.var.secureHeadersNonce;
  return c.html(
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t.title}</title><style${nonce ? ` nonce="${nonce}"` : ""}>${style}</style></head><body><main><h1>${t.title}</h1><p>${t.intro}</p><form method="post" action="/sandbox/3ds/${reference}"><button name="answer" value="pass">${t.pass}</button><button name="answer" value="fail">${t.fail}</button></form></main></body></html>`,
  );
}

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
    return c.redirect(`/${system}/paymentCheck?${returnParam[system]}=${reference}`, 303);
  });
