// A fake of PayPal's REST APIs, modelled on their documentation: OAuth2 client credentials (POST
// /v1/oauth2/token with HTTP Basic client_id:secret, form grant_type=client_credentials), Orders v2 (create,
// show, capture; vaulting with payment_source.paypal.attributes.vault and paying with a vault_id), Payments v2
// (show a capture, refund it), the approval page (/checkoutnow?token=<order id>, back to return_url or
// cancel_url with token and PayerID) and Webhooks v1 (events with the PAYPAL-TRANSMISSION-* headers, and
// POST /v1/notifications/verify-webhook-signature answering verification_status SUCCESS or FAILURE).
// Errors have PayPal's body: { name, message, debug_id, details: [{ issue, description }], links }. A
// PayPal-Request-Id seen before answers the first answer again.
// Where it differs from PayPal: webhooks are signed with an HMAC over PayPal's signed string
// (transmission_id|transmission_time|webhook_id|crc32(body)) instead of PayPal's RSA certificate; only the
// verify endpoint checks them, which is all the adapter relies on.
// After each capture PayPal posts PAYMENT.CAPTURE.COMPLETED (or .PENDING, .DENIED) to the app's webhook
// listener URL, after answering the call; the fake does the same to `webhookUrl` when given, and keeps every
// event it sent (GET /__fake/webhooks/{orderId}) for tests whose Worker it cannot reach.
// Test controls under /__fake: a refusal armed for the next call to a path, a hang, an event to deliver.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { crc32 } from "node:zlib";
import { listenLocally } from "./listen";

export interface FakePayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  close(): Promise<void>;
}

interface Capture {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PENDING" | "REFUNDED";
  amount: { currency_code: string; value: string };
  orderId: string;
}

interface StoredOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED" | "VOIDED";
  purchase_units: Record<string, unknown>[];
  returnUrl?: string;
  cancelUrl?: string;
  vaultRequested: boolean;
  vaultId?: string;
  /** A vaulted charge's stored_credential as sent (who initiated it), for tests to read back. */
  storedCredential?: unknown;
  /** How its capture ends: the payer's funding chosen on the approval page (fake_capture=DECLINED|PENDING). */
  captureAs: Capture["status"];
  capture?: Capture;
  create_time: string;
}

/** A refusal the next matching call answers (PayPal's sandbox does this with its mock-response header). */
interface Armed {
  method: string;
  /** The call's path starts with it, e.g. /v2/checkout/orders/ID/capture. */
  path: string;
  status: number;
  name: string;
  issue: string;
}

const id17 = () => randomBytes(9).toString("hex").toUpperCase().slice(0, 17);

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/html" : "application/json",
    "paypal-debug-id": randomBytes(7).toString("hex"),
    ...headers,
  });
  res.end(text);
}

/** PayPal's error body: a name, its message, a debug id and the issue in details (with its information link). */
function errorBody(name: string, issue?: string, description?: string) {
  return {
    name,
    message: MESSAGES[name] ?? name,
    debug_id: randomBytes(7).toString("hex"),
    details: issue ? [{ issue, description: description ?? issue }] : [],
    links: issue
      ? [
          {
            href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`,
            rel: "information_link",
            method: "GET",
          },
        ]
      : [],
  };
}

const MESSAGES: Record<string, string> = {
  UNPROCESSABLE_ENTITY:
    "The requested action could not be performed, semantically incorrect, or failed business validation.",
  INVALID_REQUEST: "Request is not well-formed, syntactically incorrect, or violates schema.",
  RESOURCE_NOT_FOUND: "The specified resource does not exist.",
};

function error(res: ServerResponse, status: number, name: string, issue?: string, description?: string) {
  send(res, status, errorBody(name, issue, description));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The event PayPal sends for a capture that ended so. */
const CAPTURE_EVENTS: Record<Capture["status"], string | null> = {
  COMPLETED: "PAYMENT.CAPTURE.COMPLETED",
  PENDING: "PAYMENT.CAPTURE.PENDING",
  DECLINED: "PAYMENT.CAPTURE.DENIED",
  REFUNDED: null,
};

type SentEvent = { headers: Record<string, string>; body: string };

/**
 * Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. `webhookUrl` is the app's
 * webhook listener (the Developer Dashboard's), where the capture events go.
 */
export async function startFakePayPal(options: { webhookUrl?: string } = {}): Promise<FakePayPal> {
  const clientId = `fake-client-${randomUUID()}`;
  const clientSecret = `fake-secret-${randomUUID()}`;
  const webhookId = `WH${id17()}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, StoredOrder>();
  const captures = new Map<string, Capture>();
  const vaults = new Set<string>();
  const invoices = new Set<string>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const armed: Armed[] = [];
  /** The events sent, per order. */
  const sent = new Map<string, SentEvent[]>();
  let hangs: { path: string; times: number } | null = null;
  let url = "";

  const money = (value: unknown) => typeof value === "string" && /^\d{1,7}(\.\d{2})?$/.test(value);

  /** A capture as Payments v2 shows it: it names its order in supplementary_data. */
  function captureView({ orderId, ...capture }: Capture) {
    return {
      ...capture,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: orderId } },
      links: [{ href: `${url}/v2/payments/captures/${capture.id}`, rel: "self", method: "GET" }],
    };
  }

  function orderView(order: StoredOrder) {
    const unit = { ...order.purchase_units[0] };
    if (order.capture) unit.payments = { captures: [captureView(order.capture)] };
    const links = [{ href: `${url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }];
    if (order.status === "PAYER_ACTION_REQUIRED") {
      links.push({ href: `${url}/checkoutnow?token=${order.id}`, rel: "payer-action", method: "GET" });
    }
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      create_time: order.create_time,
      purchase_units: [unit],
      ...(order.vaultId
        ? {
            payment_source: {
              paypal: {
                email_address: "payer@example.com",
                attributes: {
                  vault: { id: order.vaultId, status: "VAULTED", customer: { id: "fake-customer" } },
                },
              },
            },
          }
        : {}),
      links,
    };
  }

  function capture(order: StoredOrder, status: Capture["status"] = "COMPLETED") {
    const unit = order.purchase_units[0] as { amount: Capture["amount"] };
    order.capture = { id: id17(), status, amount: unit.amount, orderId: order.id };
    captures.set(order.capture.id, order.capture);
    order.status = "COMPLETED";
    if (order.vaultRequested && status === "COMPLETED") {
      order.vaultId = id17().toLowerCase().slice(0, 7);
      vaults.add(order.vaultId);
    }
    const type = CAPTURE_EVENTS[status];
    if (type) notify(type, order);
  }

  /** Sends an order's event to the listener once the current call is answered, as PayPal does (asynchronously). */
  function notify(type: string, order: StoredOrder) {
    const webhook = event(type, order);
    sent.set(order.id, [...(sent.get(order.id) ?? []), webhook]);
    const listener = options.webhookUrl;
    if (!listener) return;
    setTimeout(() => {
      fetch(listener, { method: "POST", headers: webhook.headers, body: webhook.body }).catch(
        () => undefined,
      );
    }, 0);
  }

  /** The webhook PayPal would send for an order's event: its headers and body, signed. */
  function event(type: string, order: StoredOrder) {
    const resource =
      type === "CHECKOUT.ORDER.APPROVED"
        ? orderView(order)
        : type === "PAYMENT.CAPTURE.REFUNDED"
          ? {
              id: id17(),
              status: "COMPLETED",
              links: [{ href: `${url}/v2/payments/captures/${order.capture?.id}`, rel: "up", method: "GET" }],
            }
          : order.capture
            ? captureView(order.capture)
            : {};
    const body = JSON.stringify({
      id: `WH-${id17()}`,
      event_version: "1.0",
      create_time: new Date().toISOString(),
      resource_type:
        type === "CHECKOUT.ORDER.APPROVED"
          ? "checkout-order"
          : type.endsWith("REFUNDED")
            ? "refund"
            : "capture",
      resource_version: "2.0",
      event_type: type,
      summary: type,
      resource,
    });
    const transmissionId = randomUUID();
    const time = new Date().toISOString();
    return {
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": sign(transmissionId, time, webhookId, body),
        "paypal-cert-url": `${url}/v1/notifications/certs/CERT-fake`,
        "paypal-auth-algo": "SHA256withRSA",
      },
      body,
    };
  }

  const sign = (transmissionId: string, time: string, hookId: string, body: string) =>
    createHmac("sha256", signingKey)
      .update(`${transmissionId}|${time}|${hookId}|${crc32(Buffer.from(body))}`)
      .digest("base64");

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const target = new URL(req.url ?? "/", "http://fake-paypal");
    const path = target.pathname;
    const method = req.method ?? "GET";
    const text = await readBody(req);
    const json = (): Record<string, unknown> | null => {
      try {
        const value: unknown = JSON.parse(text || "{}");
        return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
      } catch {
        return null;
      }
    };

    // Test controls.
    if (path === "/__fake/arm" && method === "POST") {
      armed.push(json() as unknown as Armed);
      return send(res, 200, { ok: true });
    }
    if (path === "/__fake/hang" && method === "POST") {
      hangs = json() as unknown as { path: string; times: number };
      return send(res, 200, { ok: true });
    }
    if (path === "/__fake/stats" && method === "GET") return send(res, 200, { tokensIssued: tokens.size });
    const stored = /^\/__fake\/orders\/([^/]+)$/.exec(path);
    if (stored && method === "GET") {
      const order = orders.get(stored[1] ?? "");
      return order ? send(res, 200, order) : send(res, 404, { error: "no such order" });
    }
    const delivered = /^\/__fake\/webhooks\/([^/]+)$/.exec(path);
    if (delivered && method === "GET") return send(res, 200, { events: sent.get(delivered[1] ?? "") ?? [] });
    if (path === "/__fake/webhook" && method === "POST") {
      const { type, orderId } = json() as { type: string; orderId: string };
      const order = orders.get(orderId);
      if (!order) return send(res, 404, { error: "no such order" });
      return send(res, 200, event(type, order));
    }

    if (hangs && hangs.times > 0 && path.startsWith(hangs.path)) {
      hangs.times--;
      // Never answered: the socket is dropped when the fake closes (or the client gives up).
      return;
    }

    // The approval page: PayPal's login and review, here two links. fake_action chooses for the tests.
    if (path === "/checkoutnow" && method === "GET") {
      const order = orders.get(target.searchParams.get("token") ?? "");
      if (!order) return send(res, 404, "<p>This order is not available.</p>");
      const action = target.searchParams.get("fake_action");
      if (!action) {
        return send(
          res,
          200,
          `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal</title><h1>PayPal (fake)</h1><p>Pay ${JSON.stringify((order.purchase_units[0] as { amount: unknown }).amount)}</p>` +
            `<a href="?token=${order.id}&fake_action=approve">Pay Now</a> <a href="?token=${order.id}&fake_action=cancel">Cancel and return</a>`,
        );
      }
      const back = new URL(action === "approve" ? (order.returnUrl ?? "") : (order.cancelUrl ?? ""));
      back.searchParams.set("token", order.id);
      if (action === "approve" && order.status === "PAYER_ACTION_REQUIRED") {
        order.status = "APPROVED";
        const as = target.searchParams.get("fake_capture");
        if (as === "DECLINED" || as === "PENDING") order.captureAs = as;
        back.searchParams.set("PayerID", "FAKEPAYERID01");
      }
      return send(res, 302, "", { location: back.toString() });
    }

    if (path === "/v1/oauth2/token" && method === "POST") {
      const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
      if (req.headers.authorization !== `Basic ${basic}`) {
        return send(res, 401, { error: "invalid_client", error_description: "Client Authentication failed" });
      }
      if (new URLSearchParams(text).get("grant_type") !== "client_credentials") {
        return send(res, 400, {
          error: "unsupported_grant_type",
          error_description: "unsupported grant_type",
        });
      }
      const token = `A21AA${randomBytes(24).toString("hex")}`;
      tokens.add(token);
      return send(res, 200, {
        scope: "https://uri.paypal.com/services/payments/payment",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: 32400,
        nonce: `${new Date().toISOString()}${randomBytes(8).toString("hex")}`,
      });
    }

    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
    if (!bearer || !tokens.has(bearer)) {
      return send(res, 401, {
        error: "invalid_token",
        error_description: "Token signature verification failed",
      });
    }

    const requestId = req.headers["paypal-request-id"];
    const replayKey = typeof requestId === "string" ? `${method} ${path} ${requestId}` : null;
    const earlier = replayKey ? replays.get(replayKey) : undefined;
    if (earlier) return send(res, earlier.status, earlier.body);
    // Answers of money-moving calls are kept under their request id, refusals included.
    const answer = (status: number, body: unknown) => {
      if (replayKey) replays.set(replayKey, { status, body });
      send(res, status, body);
    };

    const trap = armed.findIndex((a) => a.method === method && path.startsWith(a.path));
    if (trap >= 0) {
      const [a] = armed.splice(trap, 1);
      if (a) return error(res, a.status, a.name, a.issue);
    }

    if (path === "/v2/checkout/orders" && method === "POST") {
      const body = json();
      const unit = (body?.purchase_units as Record<string, unknown>[] | undefined)?.[0];
      const amount = unit?.amount as { currency_code?: string; value?: string } | undefined;
      if (!body || !["CAPTURE", "AUTHORIZE"].includes(String(body.intent))) {
        return error(res, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "intent");
      }
      if (!unit || !amount?.currency_code || !money(amount.value)) {
        return error(res, 400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "purchase_units/0/amount");
      }
      if (Number(amount.value) <= 0)
        return error(res, 422, "UNPROCESSABLE_ENTITY", "CANNOT_BE_ZERO_OR_NEGATIVE");
      if (typeof unit.soft_descriptor === "string" && unit.soft_descriptor.length > 22) {
        return error(res, 400, "INVALID_REQUEST", "INVALID_STRING_LENGTH", "soft_descriptor");
      }
      const paypal = (body.payment_source as { paypal?: Record<string, unknown> } | undefined)?.paypal;
      // PayPal requires the request id with a payment_source (its single-step orders).
      if (paypal && !replayKey) return error(res, 400, "INVALID_REQUEST", "PAYPAL_REQUEST_ID_REQUIRED");
      const invoice = typeof unit.invoice_id === "string" ? unit.invoice_id : null;
      if (invoice && invoices.has(invoice))
        return answer(422, errorBody("UNPROCESSABLE_ENTITY", "DUPLICATE_INVOICE_ID"));
      const order: StoredOrder = {
        id: id17(),
        status: "PAYER_ACTION_REQUIRED",
        purchase_units: [{ reference_id: "default", ...unit }],
        vaultRequested: false,
        captureAs: "COMPLETED",
        create_time: new Date().toISOString(),
      };
      if (typeof paypal?.vault_id === "string") {
        // A vaulted wallet is charged at once, the payer not present.
        if (!vaults.has(paypal.vault_id))
          return answer(404, errorBody("RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID"));
        orders.set(order.id, order);
        if (invoice) invoices.add(invoice);
        capture(order);
        order.vaultId = paypal.vault_id;
        order.storedCredential = paypal.stored_credential;
        return answer(201, orderView(order));
      }
      const context = paypal?.experience_context as { return_url?: string; cancel_url?: string } | undefined;
      if (!context?.return_url || !context.cancel_url) {
        return error(
          res,
          400,
          "INVALID_REQUEST",
          "MISSING_REQUIRED_PARAMETER",
          "experience_context.return_url",
        );
      }
      order.returnUrl = context.return_url;
      order.cancelUrl = context.cancel_url;
      const vault = (paypal?.attributes as { vault?: Record<string, unknown> } | undefined)?.vault;
      order.vaultRequested = vault?.store_in_vault === "ON_SUCCESS" && vault.usage_type === "MERCHANT";
      orders.set(order.id, order);
      if (invoice) invoices.add(invoice);
      return answer(200, orderView(order));
    }

    const orderRoute = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderRoute) {
      const order = orders.get(decodeURIComponent(orderRoute[1] ?? ""));
      if (!order) return error(res, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (!orderRoute[2] && method === "GET") return send(res, 200, orderView(order));
      if (orderRoute[2] && method === "POST") {
        if (order.status === "COMPLETED")
          return answer(422, errorBody("UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED"));
        if (order.status !== "APPROVED")
          return answer(422, errorBody("UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED"));
        capture(order, order.captureAs);
        return answer(201, orderView(order));
      }
    }

    const captureRoute = /^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/.exec(path);
    if (captureRoute) {
      const found = captures.get(decodeURIComponent(captureRoute[1] ?? ""));
      if (!found) return error(res, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      if (!captureRoute[2] && method === "GET") return send(res, 200, captureView(found));
      if (captureRoute[2] && method === "POST") {
        if (found.status === "REFUNDED")
          return answer(422, errorBody("UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED"));
        const amount = (json()?.amount as { value?: string } | undefined)?.value ?? found.amount.value;
        if (Number(amount) > Number(found.amount.value))
          return answer(422, errorBody("UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED"));
        found.status = "REFUNDED";
        return answer(201, {
          id: id17(),
          status: "COMPLETED",
          amount: { currency_code: found.amount.currency_code, value: amount },
          links: [
            { href: `${url}/v2/payments/refunds/${id17()}`, rel: "self", method: "GET" },
            { href: `${url}/v2/payments/captures/${found.id}`, rel: "up", method: "GET" },
          ],
        });
      }
    }

    if (path === "/v1/notifications/verify-webhook-signature" && method === "POST") {
      const body = json();
      const required = [
        "auth_algo",
        "cert_url",
        "transmission_id",
        "transmission_sig",
        "transmission_time",
        "webhook_id",
      ];
      const missing = required.find((field) => typeof body?.[field] !== "string");
      if (!body || missing || typeof body.webhook_event !== "object") {
        return error(res, 400, "VALIDATION_ERROR", "MISSING_REQUIRED_PARAMETER", missing ?? "webhook_event");
      }
      const expected = sign(
        String(body.transmission_id),
        String(body.transmission_time),
        String(body.webhook_id),
        JSON.stringify(body.webhook_event),
      );
      const genuine = body.webhook_id === webhookId && body.transmission_sig === expected;
      return send(res, 200, { verification_status: genuine ? "SUCCESS" : "FAILURE" });
    }

    return error(res, 404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((cause: unknown) => {
      if (!res.headersSent) error(res, 500, "INTERNAL_SERVER_ERROR", undefined, String(cause));
    });
  });
  url = await listenLocally(server);
  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
