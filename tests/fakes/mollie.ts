// A fake of Mollie's API v2 in test mode, modelled on its documentation (docs.mollie.com: Payments, Customers,
// Mandates and Refunds APIs, "Handling errors", "API idempotency", "Webhooks", "Testing"):
// - `Authorization: Bearer test_…` on every call, else 401 with the hal+json error body
//   { status, title, detail, field?, _links.documentation };
// - POST /v2/payments (amount {currency, value "0.00"}, description, redirectUrl unless recurring, webhookUrl,
//   metadata, sequenceType oneoff/first/recurring with customerId and mandateId): 201 with the payment resource,
//   `open` with `_links.checkout` (or, recurring, `pending` with `_links.changePaymentState`); 422 with `field`;
// - GET /v2/payments/{id} (404 "No payment exists with token …"), POST /v2/payments/{id}/refunds;
// - POST /v2/customers, GET /v2/customers/{id}/mandates[/{id}], DELETE …/mandates/{id} (revoke);
// - Idempotency-Key on POST: the same key within an hour answers the first answer again (with
//   `Idempotent-Replayed: true`), another endpoint or body with it is a 400, one still in flight a 409;
// - the test mode checkout page (/checkout/{id}): the tester picks paid, failed, canceled or expired; a failed
//   card payment carries the failureReason of the documented magic amount (€1,001.00 invalid_card_number …);
//   then Mollie POSTs `id=tr_…` (form-encoded, no signature) to the webhookUrl and redirects to redirectUrl.
// Beyond Mollie, for the tests: /__fake/webhooks records what is posted to it (a webhookUrl to point at), and
// a description containing `hangMarker` is never answered (the adapter's timeout).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

type Json = Record<string, unknown>;
type Status = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";

interface Payment {
  id: string;
  createdAt: string;
  status: Status;
  amount: { currency: string; value: string };
  amountRefunded: number;
  description: string;
  redirectUrl: string | null;
  webhookUrl: string | null;
  metadata: unknown;
  sequenceType: "oneoff" | "first" | "recurring";
  customerId: string | null;
  mandateId: string | null;
  method: string | null;
  details: Json | null;
  ended?: { at: string; field: string };
}

interface Mandate {
  id: string;
  customerId: string;
  status: "valid" | "pending" | "invalid";
  createdAt: string;
  details: Json;
}

export interface FakeMollie {
  url: string;
  apiKey: string;
  hangMarker: string;
  close(): Promise<void>;
}

/** The Testing guide's magic amounts: a failed test card payment of this amount carries this reason. */
export const MOLLIE_MAGIC_AMOUNTS: Record<string, string> = {
  "1001.00": "invalid_card_number",
  "1002.00": "invalid_cvv",
  "1003.00": "invalid_card_holder_name",
  "1004.00": "card_expired",
  "1005.00": "invalid_card_type",
  "1006.00": "refused_by_issuer",
  "1007.00": "insufficient_funds",
  "1008.00": "inactive_card",
  "1009.00": "possible_fraud",
  "1010.00": "authentication_failed",
  "1011.00": "card_declined",
};

const DOCS = "https://docs.mollie.com/overview/handling-errors";
const token = (prefix: string) =>
  `${prefix}_${randomBytes(8)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 10)}`;
const link = (href: string, type = "application/hal+json") => ({ href, type });

function send(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  const text = body === null ? "" : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/hal+json",
    "content-length": Buffer.byteLength(text),
    ...extra,
  });
  res.end(text);
}

const mollieError = (status: number, title: string, detail: string, field?: string) => ({
  status,
  title,
  detail,
  ...(field ? { field } : {}),
  _links: { documentation: link(DOCS, "text/html") },
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. */
export async function startFakeMollie(): Promise<FakeMollie> {
  const apiKey = `test_${randomBytes(15).toString("hex")}`;
  const hangMarker = "[fake-mollie-hang]";
  const payments = new Map<string, Payment>();
  const customers = new Map<string, Json>();
  const mandates = new Map<string, Mandate>();
  const refunds = new Map<string, Json[]>();
  /** Idempotency keys (per API key), an hour each: what was asked and, once answered, the answer. */
  const keys = new Map<string, { at: number; request: string; answer?: { status: number; body: unknown } }>();
  const webhooks: { body: string; contentType: string; userAgent: string }[] = [];
  let url = "";

  function paymentResource(p: Payment): Json {
    const self = `${url}/v2/payments/${p.id}`;
    const links: Json = {
      self: link(self),
      dashboard: link(`${url}/dashboard/payments/${p.id}`, "text/html"),
    };
    // The test mode checkout while the member can pay; recurring payments get changePaymentState instead.
    if (p.status === "open" && p.sequenceType !== "recurring")
      links.checkout = link(`${url}/checkout/${p.id}`, "text/html");
    if (p.sequenceType === "recurring" && p.status === "pending") {
      links.changePaymentState = link(`${url}/checkout/${p.id}`, "text/html");
    }
    if (p.customerId) links.customer = link(`${url}/v2/customers/${p.customerId}`);
    if (p.mandateId) links.mandate = link(`${url}/v2/customers/${p.customerId}/mandates/${p.mandateId}`);
    if (refunds.has(p.id)) links.refunds = link(`${self}/refunds`);
    const value = (cents: number) => ({ currency: p.amount.currency, value: (cents / 100).toFixed(2) });
    const paid = p.status === "paid";
    return {
      resource: "payment",
      id: p.id,
      mode: "test",
      createdAt: p.createdAt,
      amount: p.amount,
      ...(paid
        ? {
            amountRefunded: value(p.amountRefunded),
            amountRemaining: value(Math.round(Number(p.amount.value) * 100) - p.amountRefunded),
          }
        : {}),
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      status: p.status,
      isCancelable: false,
      ...(p.status === "open"
        ? { expiresAt: new Date(Date.parse(p.createdAt) + 15 * 60_000).toISOString() }
        : {}),
      ...(p.ended ? { [p.ended.field]: p.ended.at } : {}),
      profileId: "pfl_FakeMollie",
      sequenceType: p.sequenceType,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      ...(p.customerId ? { customerId: p.customerId } : {}),
      ...(p.mandateId ? { mandateId: p.mandateId } : {}),
      details: p.details,
      _links: links,
    };
  }

  function mandateResource(m: Mandate): Json {
    return {
      resource: "mandate",
      id: m.id,
      mode: "test",
      status: m.status,
      method: "creditcard",
      details: m.details,
      mandateReference: null,
      signatureDate: m.createdAt.slice(0, 10),
      createdAt: m.createdAt,
      _links: {
        self: link(`${url}/v2/customers/${m.customerId}/mandates/${m.id}`),
        customer: link(`${url}/v2/customers/${m.customerId}`),
      },
    };
  }

  const card = { cardHolder: "T. TEST", cardNumber: "6787", cardLabel: "Visa", cardFingerprint: "fp_fake" };

  /** The tester's choice on the checkout page, as Mollie's test mode applies it. */
  function finish(p: Payment, choice: Status) {
    const at = new Date().toISOString();
    p.status = choice;
    p.method = p.method ?? "creditcard";
    if (choice === "paid") {
      p.ended = { at, field: "paidAt" };
      p.details = { ...card, cardCountryCode: "NL", cardSecurity: "3dsecure", feeRegion: "intra-eu" };
      if (p.sequenceType === "first" && p.customerId) {
        // The first payment's card becomes the customer's mandate, valid at once.
        const expiry = new Date();
        expiry.setUTCFullYear(expiry.getUTCFullYear() + 2, expiry.getUTCMonth() + 1, 0);
        const mandate: Mandate = {
          id: token("mdt"),
          customerId: p.customerId,
          status: "valid",
          createdAt: at,
          details: { ...card, cardExpiryDate: expiry.toISOString().slice(0, 10) },
        };
        mandates.set(mandate.id, mandate);
        p.mandateId = mandate.id;
      }
    } else if (choice === "failed") {
      p.ended = { at, field: "failedAt" };
      const failureReason = MOLLIE_MAGIC_AMOUNTS[p.amount.value];
      p.details = failureReason ? { failureReason, failureMessage: `Test failure: ${failureReason}` } : null;
    } else if (choice === "canceled") {
      p.ended = { at, field: "canceledAt" };
    } else if (choice === "expired") {
      p.ended = { at, field: "expiredAt" };
    }
  }

  /** Mollie's webhook call: `id` only, form-encoded, no signature; a failed delivery is retried by Mollie later. */
  async function callWebhook(p: Payment) {
    if (!p.webhookUrl) return;
    await fetch(p.webhookUrl, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": "Mollie HTTP client/1.0",
      },
      body: `id=${p.id}`,
    }).catch(() => undefined);
  }

  function createPayment(body: Json): [number, unknown] {
    const amount = body.amount as { currency?: unknown; value?: unknown } | undefined;
    if (!amount || typeof amount !== "object") {
      return [422, mollieError(422, "Unprocessable Entity", "The amount is required", "amount")];
    }
    if (typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) {
      return [
        422,
        mollieError(422, "Unprocessable Entity", "The amount contains an invalid value", "amount.value"),
      ];
    }
    if (amount.currency !== "EUR") {
      return [
        422,
        mollieError(422, "Unprocessable Entity", "The currency is not supported", "amount.currency"),
      ];
    }
    if (Number(amount.value) > 50_000) {
      return [
        422,
        mollieError(422, "Unprocessable Entity", "The amount is higher than the maximum", "amount"),
      ];
    }
    if (typeof body.description !== "string" || !body.description) {
      return [422, mollieError(422, "Unprocessable Entity", "The description is invalid", "description")];
    }
    const sequenceType = (body.sequenceType ?? "oneoff") as Payment["sequenceType"];
    if (!["oneoff", "first", "recurring"].includes(sequenceType)) {
      return [422, mollieError(422, "Unprocessable Entity", "The sequence type is invalid", "sequenceType")];
    }
    if (
      sequenceType !== "recurring" &&
      (typeof body.redirectUrl !== "string" || !URL.canParse(body.redirectUrl))
    ) {
      return [422, mollieError(422, "Unprocessable Entity", "The redirect URL is invalid", "redirectUrl")];
    }
    if (
      body.webhookUrl !== undefined &&
      (typeof body.webhookUrl !== "string" || !URL.canParse(body.webhookUrl))
    ) {
      return [422, mollieError(422, "Unprocessable Entity", "The webhook URL is invalid", "webhookUrl")];
    }
    const customerId = typeof body.customerId === "string" ? body.customerId : null;
    if (sequenceType !== "oneoff" && !customerId) {
      return [422, mollieError(422, "Unprocessable Entity", "A customer is required", "customerId")];
    }
    if (customerId && !customers.has(customerId)) {
      return [422, mollieError(422, "Unprocessable Entity", "The customer id is invalid", "customerId")];
    }
    let mandateId: string | null = null;
    if (sequenceType === "recurring") {
      // The given mandate, else the customer's newest valid one; it must be the customer's and valid.
      const own = [...mandates.values()].filter((m) => m.customerId === customerId && m.status === "valid");
      const mandate = body.mandateId ? own.find((m) => m.id === body.mandateId) : own.at(-1);
      if (!mandate) {
        return [
          422,
          body.mandateId
            ? mollieError(422, "Unprocessable Entity", "The mandate is invalid", "mandateId")
            : mollieError(422, "Unprocessable Entity", "The customer has no valid mandate", "customerId"),
        ];
      }
      mandateId = mandate.id;
    }
    const payment: Payment = {
      id: token("tr"),
      createdAt: new Date().toISOString(),
      // A recurring card payment runs in the background: pending until its test state is set.
      status: sequenceType === "recurring" ? "pending" : "open",
      amount: { currency: amount.currency, value: amount.value },
      amountRefunded: 0,
      description: body.description,
      redirectUrl: sequenceType === "recurring" ? null : (body.redirectUrl as string),
      webhookUrl: typeof body.webhookUrl === "string" ? body.webhookUrl : null,
      metadata: body.metadata ?? null,
      sequenceType,
      customerId,
      mandateId,
      method: sequenceType === "recurring" ? "creditcard" : null,
      details: null,
    };
    payments.set(payment.id, payment);
    return [201, paymentResource(payment)];
  }

  function createRefund(p: Payment, body: Json): [number, unknown] {
    if (p.status !== "paid") {
      return [422, mollieError(422, "Unprocessable Entity", "The payment cannot be refunded", "amount")];
    }
    const amount = body.amount as { currency?: unknown; value?: unknown } | undefined;
    if (!amount || typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) {
      return [422, mollieError(422, "Unprocessable Entity", "The amount is invalid", "amount")];
    }
    const cents = Math.round(Number(amount.value) * 100);
    if (cents > Math.round(Number(p.amount.value) * 100) - p.amountRefunded) {
      return [
        422,
        mollieError(422, "Unprocessable Entity", "The amount is higher than the amount remaining", "amount"),
      ];
    }
    p.amountRefunded += cents;
    const refund = {
      resource: "refund",
      id: token("re"),
      mode: "test",
      amount: { currency: p.amount.currency, value: amount.value },
      status: "pending",
      createdAt: new Date().toISOString(),
      description: typeof body.description === "string" ? body.description : "",
      metadata: body.metadata ?? null,
      paymentId: p.id,
      _links: {
        self: link(`${url}/v2/payments/${p.id}/refunds`),
        payment: link(`${url}/v2/payments/${p.id}`),
      },
    };
    refunds.set(p.id, [...(refunds.get(p.id) ?? []), refund]);
    return [201, refund];
  }

  /** The API's routes behind authentication; answers [status, body] or null when it must never answer. */
  function api(method: string, path: string, body: Json): [number, unknown] | null {
    if (method === "POST" && path === "/v2/payments") {
      if (typeof body.description === "string" && body.description.includes(hangMarker)) return null;
      return createPayment(body);
    }
    const paymentPath = /^\/v2\/payments\/([^/]+)(\/refunds)?$/.exec(path);
    if (paymentPath) {
      const id = paymentPath[1] ?? "";
      const p = payments.get(id);
      if (!p) return [404, mollieError(404, "Not Found", `No payment exists with token ${id}.`)];
      if (!paymentPath[2] && method === "GET") return [200, paymentResource(p)];
      if (paymentPath[2] && method === "POST") return createRefund(p, body);
    }
    if (method === "POST" && path === "/v2/customers") {
      const customer = {
        resource: "customer",
        id: token("cst"),
        mode: "test",
        name: typeof body.name === "string" ? body.name : null,
        email: typeof body.email === "string" ? body.email : null,
        locale: null,
        metadata: body.metadata ?? null,
        createdAt: new Date().toISOString(),
      };
      customers.set(customer.id, customer);
      return [201, { ...customer, _links: { self: link(`${url}/v2/customers/${customer.id}`) } }];
    }
    const m = /^\/v2\/customers\/([^/]+)\/mandates(?:\/([^/]+))?$/.exec(path);
    if (m) {
      const customerId = m[1] ?? "";
      if (!customers.has(customerId)) {
        return [404, mollieError(404, "Not Found", `No customer exists with token ${customerId}.`)];
      }
      const own = [...mandates.values()].filter((x) => x.customerId === customerId);
      if (!m[2] && method === "GET") {
        // Newest first, as the API lists them.
        const list = own.reverse().map(mandateResource);
        return [
          200,
          {
            count: list.length,
            _embedded: { mandates: list },
            _links: { self: link(`${url}${path}`), previous: null, next: null },
          },
        ];
      }
      const mandate = own.find((x) => x.id === m[2]);
      if (!mandate) return [404, mollieError(404, "Not Found", `No mandate exists with token ${m[2]}.`)];
      if (method === "GET") return [200, mandateResource(mandate)];
      if (method === "DELETE") {
        mandate.status = "invalid";
        return [204, null];
      }
    }
    return [404, mollieError(404, "Not Found", "The resource does not exist")];
  }

  function checkoutPage(p: Payment) {
    const choices = ["paid", "failed", "canceled", "expired"]
      .map((s) => `<button name="status" value="${s}">${s}</button>`)
      .join(" ");
    return `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mollie test mode</title><h1>Test payment ${p.id}</h1>
<p>${p.amount.currency} ${p.amount.value}: ${p.description.replace(/[<&>"]/g, "")}</p>
<form method="post">${choices}</form>`;
  }

  const server = createServer(async (req, res) => {
    try {
      const target = new URL(req.url ?? "/", "http://fake-mollie");
      const path = target.pathname;
      const method = req.method ?? "GET";
      const text = await readBody(req);

      if (path === "/__fake/webhooks") {
        if (method === "POST") {
          webhooks.push({
            body: text,
            contentType: req.headers["content-type"] ?? "",
            userAgent: req.headers["user-agent"] ?? "",
          });
          return send(res, 200, null);
        }
        return send(res, 200, { webhooks });
      }

      const checkout = /^\/checkout\/([^/]+)$/.exec(path);
      if (checkout) {
        const p = payments.get(checkout[1] ?? "");
        if (!p) return send(res, 404, mollieError(404, "Not Found", "No such payment"));
        const settable = p.status === "open" || (p.sequenceType === "recurring" && p.status === "pending");
        if (method === "GET") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(settable ? checkoutPage(p) : `<p>This payment is ${p.status}.</p>`);
        }
        const choice = new URLSearchParams(text).get("status") as Status | null;
        if (!settable || !choice || !["paid", "failed", "canceled", "expired"].includes(choice)) {
          return send(res, 400, mollieError(400, "Bad Request", "The payment's state cannot be set"));
        }
        finish(p, choice);
        await callWebhook(p);
        if (!p.redirectUrl) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(`<p>The payment is ${p.status}.</p>`);
        }
        res.writeHead(303, { location: p.redirectUrl });
        return res.end();
      }

      if (!path.startsWith("/v2/")) return send(res, 404, mollieError(404, "Not Found", "Not found"));
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(
          res,
          401,
          mollieError(401, "Unauthorized Request", "Missing authentication, or failed to authenticate"),
        );
      }
      let body: Json = {};
      if (method === "POST") {
        if (!/^application\/json/i.test(req.headers["content-type"] ?? "")) {
          return send(res, 415, mollieError(415, "Unsupported Media Type", "Send the request as JSON"));
        }
        try {
          body = JSON.parse(text || "{}") as Json;
        } catch {
          return send(res, 400, mollieError(400, "Bad Request", "The request body is not valid JSON"));
        }
      }

      const key = method === "POST" ? req.headers["idempotency-key"] : undefined;
      const request = `${method} ${path} ${createHash("sha256").update(text).digest("hex")}`;
      const slot = typeof key === "string" ? `${apiKey}:${key}` : null;
      const kept = slot ? keys.get(slot) : undefined;
      if (slot && kept && Date.now() - kept.at < 3_600_000) {
        if (kept.request !== request) {
          return send(
            res,
            400,
            mollieError(400, "Bad Request", "The idempotency key was used for another request"),
          );
        }
        if (!kept.answer)
          return send(res, 409, mollieError(409, "Conflict", "The first request is still in progress"));
        return send(res, kept.answer.status, kept.answer.body, { "idempotent-replayed": "true" });
      }
      if (slot) keys.set(slot, { at: Date.now(), request });

      const answer = api(method, path, body);
      // A hung provider: no answer at all, until the client's own timeout closes the request.
      if (!answer) return;
      const [status, out] = answer;
      if (slot) keys.set(slot, { at: Date.now(), request, answer: { status, body: out } });
      return send(res, status, out);
    } catch (error) {
      return send(
        res,
        500,
        mollieError(500, "Internal Server Error", error instanceof Error ? error.message : "error"),
      );
    }
  });

  url = await listenLocally(server);
  return {
    url,
    apiKey,
    hangMarker,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
