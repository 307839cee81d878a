// A fake of TrustPay's card gateway (API v1), modelled as worker/payments/providers/trustpay.ts describes it (no
// public page of TrustPay documents this API's fields; the header there says what is modelled on what):
// - `X-Api-Key` on every call, else 401 { status, description };
// - POST /api/v1/purchase (form: amount "0.00", currency, pan, cvv, exp MM/YY, cardholder, reference,
//   redirectUrl): 200 { status: 0, instanceId, paymentStatus, paymentDescription } at once, or, for a card that
//   asks for 3-D Secure, no paymentStatus but `redirectUrl` + `redirectParams` (a form to post to the ACS); a
//   missing or malformed field is a 400 { status, description, errors: [{ code, description }] };
// - the ACS page (POST /acs with the redirect form): the tester passes or fails authentication; the member is
//   sent back (303) to the merchant's redirectUrl with `instanceId`;
// - GET /api/v1/instance/{instanceId}; POST /api/v1/Refund (form: instanceId, amount, currency, reference);
// - a notification on every final state, JSON { PaymentInformation, Signature } with an HMAC-SHA256 (the
//   project's secret key) over its values joined with "/". TrustPay posts it to the notification URL kept per
//   project; the fake records it (GET /__fake/notifications lists them) and, given the project's
//   `notificationUrl`, posts it there too.
// Test cards and amounts are the fake's own (TrustPay's sandbox values are not public): the card ending 0091
// asks for 3-D Secure; an amount listed in TRUSTPAY_TEST_AMOUNTS is refused with that result code; a reference
// containing `hangMarker` is never answered.
import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

export interface FakeTrustPay {
  url: string;
  apiKey: string;
  secretKey: string;
  hangMarker: string;
  close(): Promise<void>;
}

/** A refused payment of this amount carries this result code (as a 3-D Secure failure carries 100.380.401). */
export const TRUSTPAY_TEST_AMOUNTS: Record<string, string> = {
  "1001.00": "800.100.151",
  "1002.00": "800.100.153",
  "1003.00": "800.100.155",
  "1004.00": "800.100.157",
  "1005.00": "800.100.160",
  "1006.00": "800.100.152",
  "1007.00": "800.100.170",
  "1008.00": "300.100.100",
  "1009.00": "800.300.401",
  "1010.00": "800.120.100",
  "1011.00": "100.100.600",
  "1012.00": "900.100.300",
};

export const THREE_DS_CARD_SUFFIX = "0091";
const PASSED_3DS = "000.000.000";
const FAILED_3DS = "100.380.401";

interface Instance {
  id: string;
  reference: string;
  amount: string;
  currency: string;
  redirectUrl: string;
  paymentStatus: string | null;
  refunded: number;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
};

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** What TrustPay signs: the values of the document in order, the Signature left out, joined with "/". */
function values(value: unknown, out: string[] = []): string[] {
  if (value === null || value === undefined) return out;
  if (Array.isArray(value)) for (const v of value) values(v, out);
  else if (typeof value === "object") {
    for (const [k, v] of Object.entries(value)) if (k !== "Signature") values(v, out);
  } else out.push(String(value));
  return out;
}

const success = (code: string | null) => code !== null && /^000\.000\./.test(code);

export async function startFakeTrustPay(options: { notificationUrl?: string } = {}): Promise<FakeTrustPay> {
  const apiKey = `tp-test-${randomUUID()}`;
  const secretKey = `tp-secret-${randomUUID()}`;
  const hangMarker = "fake-trustpay-hang";
  const instances = new Map<string, Instance>();
  const notifications: string[] = [];
  let url = "";

  const answer = (i: Instance) => ({
    status: 0,
    description: "Success",
    instanceId: i.id,
    paymentStatus: i.paymentStatus,
    paymentDescription: i.paymentStatus === null ? null : success(i.paymentStatus) ? "Approved" : "Declined",
  });

  /** TrustPay's notification of a card payment's end (CRDT) or of a refund (DBIT), signed. */
  function notify(i: Instance, indicator: "CRDT" | "DBIT", refundCents = 0) {
    const paid = indicator === "DBIT" || success(i.paymentStatus);
    const document: Record<string, unknown> = {
      PaymentInformation: {
        CreditDebitIndicator: indicator,
        References: { MerchantReference: i.reference, PaymentId: i.id },
        Status: paid ? "Paid" : "Rejected",
        Amount: { Amount: indicator === "DBIT" ? refundCents / 100 : Number(i.amount), Currency: i.currency },
        ...(paid
          ? {}
          : { StatusReasonInformation: { Reason: { Code: i.paymentStatus, RejectReason: "Declined" } } }),
      },
    };
    document.Signature = createHmac("sha256", secretKey)
      .update(values(document).join("/"))
      .digest("hex")
      .toUpperCase();
    notifications.push(JSON.stringify(document));
    // Sent while the member is redirected, as TrustPay does; a failed delivery is not retried here.
    if (options.notificationUrl) {
      void fetch(options.notificationUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(document),
      }).catch(() => undefined);
    }
  }

  function purchase(form: URLSearchParams): [number, unknown] | null {
    const errors: { code: number; description: string }[] = [];
    const field = (name: string, pattern: RegExp, code: number) => {
      const value = form.get(name) ?? "";
      if (!pattern.test(value)) errors.push({ code, description: `Invalid or missing ${name}` });
      return value;
    };
    const amount = field("amount", /^\d+\.\d{2}$/, 4);
    const currency = field("currency", /^[A-Z]{3}$/, 5);
    const pan = field("pan", /^\d{13,19}$/, 6);
    field("cvv", /^\d{3,4}$/, 7);
    field("exp", /^(0[1-9]|1[0-2])\/\d{2}$/, 8);
    field("cardholder", /^.{1,140}$/, 9);
    const reference = field("reference", /^.{1,64}$/, 10);
    const redirectUrl = field("redirectUrl", /^https?:\/\/\S+$/, 11);
    if (errors.length > 0) return [400, { status: errors[0]?.code, description: "Invalid request", errors }];
    if (reference.includes(hangMarker)) return null;
    const instance: Instance = {
      id: randomUUID().replaceAll("-", "").slice(0, 20),
      reference,
      amount,
      currency,
      redirectUrl,
      paymentStatus: null,
      refunded: 0,
    };
    instances.set(instance.id, instance);
    if (pan.endsWith(THREE_DS_CARD_SUFFIX)) {
      return [
        200,
        {
          ...answer(instance),
          redirectUrl: `${url}/acs`,
          redirectMethod: "POST",
          redirectParams: { instanceId: instance.id, creq: Buffer.from(instance.id).toString("base64") },
        },
      ];
    }
    instance.paymentStatus = TRUSTPAY_TEST_AMOUNTS[amount] ?? PASSED_3DS;
    notify(instance, "CRDT");
    return [200, answer(instance)];
  }

  function refund(form: URLSearchParams): [number, unknown] {
    const i = instances.get(form.get("instanceId") ?? "");
    if (!i) return [404, { status: 404, description: "Instance not found" }];
    const cents = Math.round(Number(form.get("amount")) * 100);
    const remaining = Math.round(Number(i.amount) * 100) - i.refunded;
    if (!success(i.paymentStatus) || !(cents > 0) || cents > remaining) {
      return [
        200,
        { status: 0, instanceId: i.id, paymentStatus: "700.400.200", paymentDescription: "Cannot refund" },
      ];
    }
    i.refunded += cents;
    notify(i, "DBIT", cents);
    return [
      200,
      { status: 0, instanceId: i.id, paymentStatus: "000.000.000", paymentDescription: "Refunded" },
    ];
  }

  const server = createServer(async (req, res) => {
    const target = new URL(req.url ?? "/", "http://fake-trustpay");
    const path = target.pathname;
    const text = await readBody(req);

    if (path === "/__fake/notifications") return send(res, 200, { notifications });
    if (path === "/acs") {
      const form = new URLSearchParams(text);
      const i = instances.get(form.get("instanceId") ?? "");
      if (!i || i.paymentStatus !== null)
        return send(res, 400, { status: 1, description: "Unknown session" });
      const choice = form.get("authentication");
      if (!choice) {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>3-D Secure</title><form method="post">
<input type="hidden" name="instanceId" value="${i.id}">
<button name="authentication" value="passed">Authenticate</button>
<button name="authentication" value="failed">Fail</button></form>`);
      }
      i.paymentStatus = choice === "passed" ? (TRUSTPAY_TEST_AMOUNTS[i.amount] ?? PASSED_3DS) : FAILED_3DS;
      notify(i, "CRDT");
      const back = new URL(i.redirectUrl);
      back.searchParams.set("instanceId", i.id);
      res.writeHead(303, { location: back.toString() });
      return res.end();
    }

    if (!path.startsWith("/api/v1/")) return send(res, 404, { status: 404, description: "Not found" });
    if (req.headers["x-api-key"] !== apiKey)
      return send(res, 401, { status: 401, description: "Unauthorized" });
    if (
      req.method === "POST" &&
      !/^application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")
    ) {
      return send(res, 415, { status: 415, description: "Unsupported media type" });
    }
    if (req.method === "POST" && path === "/api/v1/purchase") {
      const out = purchase(new URLSearchParams(text));
      // A hung gateway: no answer until the client's own timeout closes the request.
      if (!out) return;
      return send(res, out[0], out[1]);
    }
    if (req.method === "POST" && path === "/api/v1/Refund") {
      const [status, body] = refund(new URLSearchParams(text));
      return send(res, status, body);
    }
    const instance = /^\/api\/v1\/instance\/([^/]+)$/.exec(path);
    if (req.method === "GET" && instance) {
      const i = instances.get(instance[1] ?? "");
      if (!i) return send(res, 404, { status: 404, description: "Instance not found" });
      return send(res, 200, answer(i));
    }
    return send(res, 404, { status: 404, description: "Not found" });
  });

  url = await listenLocally(server);
  return {
    url,
    apiKey,
    secretKey,
    hangMarker,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
