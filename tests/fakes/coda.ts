// A fake of Codapay's Hosted Payment Page API v2.0 (sandbox), modelled on Coda's public documentation
// ("Initiate a payment request", "Display the hosted payment page", "Redirect URLs for Transaction Status",
// "Verify Transaction Status", "Get notified of a transaction status change", "Ensuring Security", error codes):
// - POST /airtime/api/restful/v2.0/Payment/init.json {initRequest: {apiKey, projectId, orderId (4-64), country,
//   currency (ISO numeric), payType, items [{code, name, price}], profile {entry: [{key, value}]}}}: HTTP 200 with
//   {initResult: {resultCode, resultDesc, txnId}} (txnId 0 on a refusal): 204 unknown key, 202 a missing field,
//   214 a malformed value, 220 country or currency, 237 no user_id, 251 a bad return_url;
// - GET /airtime/begin?txn_id=…: the hosted page; the tester posts the transaction's result code (0 paid, else a
//   Codapay error code) as the sandbox simulator does. Coda then calls the notification URL (GET, query TxnId,
//   OrderId, TotalPrice, PaymentType, ResultCode, Checksum = MD5 hex of TxnId + key + OrderId + ResultCode; failed
//   transactions too: the portal's "Failed Notification" is on) and sends the member to the profile's return_url
//   (its {transactionId} and {orderId} filled in), else to the portal's complete URL with ?TxnId=&OrderId=;
// - POST …/inquiryPaymentResult.json {inquiryPaymentRequest: {apiKey, projectId, txnId, needStatusFinal}}:
//   {paymentResult: {txnId, orderId, resultCode, resultDesc, totalPrice, profile {entry: PaymentType,
//   isStatusFinal, status}}}; 209 while the member has not paid, 413 an unknown transaction, 236 another merchant's.
// TxnIds are 19-digit numbers written bare in JSON, as Coda writes them.
// Beyond Coda, for the tests: /__fake/notifications records what the fake would have called, which it calls
// too when given the portal's `notificationUrl`; an item name containing `hangMarker` is never answered.
import { createHash, randomInt } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

type Json = Record<string, unknown>;

interface Transaction {
  txnId: string;
  orderId: string;
  apiKey: string;
  totalPrice: number;
  payType: number;
  returnUrl: string | null;
  /** null until the member answers the hosted page. */
  resultCode: number | null;
}

export interface FakeCoda {
  url: string;
  apiKey: string;
  projectId: string;
  hangMarker: string;
  close(): Promise<void>;
}

const DESCRIPTIONS: Record<number, string> = {
  0: "",
  202: "Invalid parameter",
  204: "Invalid API key",
  209: "Transaction is pending",
  214: "Invalid request format",
  220: "Invalid country or currency code",
  236: "Transaction does not belong to the merchant",
  237: "Missing user_id",
  251: "Invalid return URL",
  413: "Transaction not found",
};

const md5 = (s: string) => createHash("md5").update(s).digest("hex");
/** 19 digits, the first not 0: past Number.MAX_SAFE_INTEGER, as Coda's are. */
const newTxnId = () => `${randomInt(1, 10)}${Array.from({ length: 18 }, () => randomInt(0, 10)).join("")}`;

/** JSON with the txnId written as a bare number (Coda's wire form), which JSON.stringify cannot do for 19 digits. */
function sendCoda(res: ServerResponse, envelope: string, body: Json, txnId: string) {
  const text = JSON.stringify({ [envelope]: { ...body, txnId: "__TXN__" } }).replace('"__TXN__"', txnId);
  res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. */
export async function startFakeCoda(options: { notificationUrl?: string } = {}): Promise<FakeCoda> {
  const apiKey = md5(`fake-coda-${Date.now()}-${Math.random()}`);
  const projectId = "fake-coda-project";
  const hangMarker = "fake-coda-hang";
  const transactions = new Map<string, Transaction>();
  const notifications: string[] = [];
  let url = "";

  /** The init request's checks, in the order Coda reports them; null when it is accepted. */
  function refuseInit(r: Json): number | null {
    if (r.apiKey !== apiKey) return 204;
    if (r.projectId !== projectId) return 202;
    if (typeof r.orderId !== "string" || r.orderId.length < 4 || r.orderId.length > 64) return 214;
    if (!Number.isInteger(r.country) || ![978, 840, 826].includes(r.currency as number)) return 220;
    if (!Number.isInteger(r.payType)) return 202;
    const items = r.items;
    if (!Array.isArray(items) || items.length === 0) return 202;
    for (const item of items as Json[]) {
      if (typeof item.name !== "string" || !/^[\x20-\x7e]+$/.test(item.name)) return 214;
      if (typeof item.price !== "number" || !(item.price > 0)) return 214;
    }
    const entries = ((r.profile as Json | undefined)?.entry ?? []) as Json[];
    const profile = Object.fromEntries(entries.map((e) => [String(e.key), String(e.value)]));
    if (!profile.user_id) return 237;
    if (profile.return_url !== undefined && !URL.canParse(profile.return_url)) return 251;
    return null;
  }

  function init(r: Json, res: ServerResponse) {
    const refused = refuseInit(r);
    if (refused !== null) {
      return sendCoda(res, "initResult", { resultCode: refused, resultDesc: DESCRIPTIONS[refused] }, "0");
    }
    const entries = ((r.profile as Json).entry ?? []) as Json[];
    const returnUrl = entries.find((e) => e.key === "return_url")?.value;
    const t: Transaction = {
      txnId: newTxnId(),
      orderId: r.orderId as string,
      apiKey,
      totalPrice: (r.items as Json[]).reduce((sum, item) => sum + (item.price as number), 0),
      payType: r.payType as number,
      returnUrl: typeof returnUrl === "string" ? returnUrl : null,
      resultCode: null,
    };
    transactions.set(t.txnId, t);
    return sendCoda(res, "initResult", { resultCode: 0, resultDesc: "" }, t.txnId);
  }

  function inquiry(r: Json, res: ServerResponse) {
    const txnId = String(r.txnId ?? "");
    const fail = (code: number) =>
      sendCoda(res, "paymentResult", { resultCode: code, resultDesc: DESCRIPTIONS[code] }, "0");
    if (r.apiKey !== apiKey) return fail(204);
    if (r.projectId !== projectId) return fail(202);
    const t = transactions.get(txnId);
    if (!t) return fail(413);
    if (t.apiKey !== r.apiKey) return fail(236);
    const resultCode = t.resultCode ?? 209;
    const final = t.resultCode !== null;
    const status = resultCode === 0 ? "success" : final ? "failed" : "pending";
    return sendCoda(
      res,
      "paymentResult",
      {
        orderId: t.orderId,
        resultCode,
        resultDesc: DESCRIPTIONS[resultCode] ?? `Error ${resultCode}`,
        totalPrice: t.totalPrice,
        profile: {
          entry: [
            { key: "PaymentType", value: t.payType || 260 },
            ...(r.needStatusFinal === "true" || r.needStatusFinal === true
              ? [{ key: "isStatusFinal", value: final }]
              : []),
            { key: "status", value: status },
          ],
        },
      },
      t.txnId,
    );
  }

  /** The member's answer on the hosted page: the notification, then the way back. */
  async function answer(t: Transaction, resultCode: number, res: ServerResponse) {
    t.resultCode = resultCode;
    const code = String(resultCode);
    const query = new URLSearchParams({
      TxnId: t.txnId,
      OrderId: t.orderId,
      TotalPrice: String(t.totalPrice),
      PaymentType: String(t.payType || 260),
      ResultCode: code,
      Checksum: md5(`${t.txnId}${t.apiKey}${t.orderId}${code}`),
    });
    notifications.push(`${url}/__fake/notifications?${query}`);
    // Coda calls the portal's notification URL before it sends the member back.
    if (options.notificationUrl) {
      await fetch(`${options.notificationUrl}?${query}`).catch(() => undefined);
    }
    const back = t.returnUrl
      ? t.returnUrl
          .replaceAll("{transactionId}", t.txnId)
          .replaceAll("{orderId}", encodeURIComponent(t.orderId))
      : `${url}/__fake/complete?TxnId=${t.txnId}&OrderId=${encodeURIComponent(t.orderId)}`;
    res.writeHead(302, { location: back });
    res.end();
  }

  const server = createServer(async (req, res) => {
    const target = new URL(req.url ?? "/", "http://fake-coda");
    const method = req.method ?? "GET";
    const body = await readBody(req);
    const html = (status: number, content: string) => {
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(content);
    };

    if (target.pathname === "/__fake/notifications") {
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ notifications }));
    }

    if (target.pathname === "/airtime/begin") {
      const t = transactions.get(target.searchParams.get("txn_id") ?? "");
      if (!t) return html(404, "<p>Transaction not found.</p>");
      if (method === "GET") {
        return html(
          200,
          `<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>Codapay sandbox</title><h1>Pay EUR ${t.totalPrice.toFixed(2)}</h1>` +
            `<form method="post"><button name="result" value="0">Pay</button>` +
            `<button name="result" value="210">Cancel</button></form>`,
        );
      }
      const result = new URLSearchParams(body).get("result") ?? "";
      if (t.resultCode !== null || !/^\d+$/.test(result)) return html(400, "<p>Already completed.</p>");
      return answer(t, Number(result), res);
    }

    const api = /^\/airtime\/api\/restful\/v2\.0\/Payment\/(init|inquiryPaymentResult)\.json$/.exec(
      target.pathname,
    );
    if (!api || method !== "POST") return html(404, "<p>Not found.</p>");
    let json: Json = {};
    try {
      json = JSON.parse(body) as Json;
    } catch {
      json = {};
    }
    if (api[1] === "init") {
      const r = (json.initRequest ?? {}) as Json;
      const names = Array.isArray(r.items) ? (r.items as Json[]).map((i) => String(i.name)) : [];
      // A hung Coda: no answer at all, until the client's own timeout closes the request.
      if (names.some((n) => n.includes(hangMarker))) return;
      return init(r, res);
    }
    return inquiry((json.inquiryPaymentRequest ?? {}) as Json, res);
  });

  url = await listenLocally(server);
  return {
    url,
    apiKey,
    projectId,
    hangMarker,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
