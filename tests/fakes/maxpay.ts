// A fake of Maxpay's host-to-host card API (api_version 1), modelled on maxpay.com/docs and Maxpay's client
// libraries (payment-sdk-ios / payment-sdk-android: request and answer fields, transaction types, cof_type;
// php-hpp-client: the callback's X-Signature = sha256(body + private key)):
// - POST /api/cc, JSON, merchant_account + merchant_password in the body, else `error` "Access denied";
//   every answer is HTTP 200 with { api_version, merchant_account, sessionid, transaction_unique_id,
//   reference, timestamp, status: success | decline | error, code, message, … };
// - SALE / SALE3D need the card (card_number Luhn-checked, card_exp_month 01-12, card_exp_year, card_holder)
//   and first_name, last_name (at most 32), user_email, user_ip, country (3 letters): Maxpay's validation
//   messages otherwise. SALE with `token` charges a kept card (cof_type MIT or CIT-subsequent). The answer of a
//   paid sale carries the card's `token`;
// - SALE3D of a 3-D Secure card answers success with `acs_url`: the ACS page (GET /acs/{reference}) lets the
//   tester pass or fail, then Maxpay posts the signed callback to callback_url and redirects the member to
//   redirect_url with `reference` (the parameter the spec's return page reads; see the adapter's header);
// - REFUND of a paid sale by `reference`; CHECK answers a transaction by `reference` or transaction_unique_id,
//   or `error` "Invalid transaction"; a transaction_unique_id is unique per merchant (a second is refused).
// The numeric `code`s are this fake's own (the public documentation read here lists none); the adapter reads
// the status and the message. Test cards choose the outcome (./maxpay-cards.ts). Beyond Maxpay, for the tests:
// /__fake/callbacks records what is posted to it, /__fake/sent lists every callback sent (wherever to),
// /__fake/transactions/{reference} shows a transaction's type and cof_type, and a descriptor_merchant
// containing `hangMarker` makes the transaction but never answers (an answer lost on the way).
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";
import { luhn, MAXPAY_3DS_CARD, MAXPAY_REFUSED_CARDS } from "./maxpay-cards";

type Json = Record<string, unknown>;

interface Tx {
  reference: string;
  uniqueId: string;
  type: string;
  amount: string;
  currency: string;
  status: "success" | "decline" | "error";
  code: number;
  message: string;
  token: string | null;
  /** Set while the member has to pass the ACS page. */
  acs: { redirectUrl: string } | null;
  callbackUrl: string | null;
  refunded: boolean;
  /** The request's cof_type (CIT-initial, CIT-subsequent, MIT), for the tests to see who initiated it. */
  cofType: string | null;
}

export interface FakeMaxpay {
  url: string;
  merchantAccount: string;
  merchantPassword: string;
  privateKey: string;
  hangMarker: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

/** Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. */
export async function startFakeMaxpay(): Promise<FakeMaxpay> {
  const merchantAccount = `FAKE_MP_${randomBytes(4).toString("hex").toUpperCase()}`;
  const merchantPassword = randomBytes(12).toString("hex");
  const privateKey = randomBytes(16).toString("hex");
  const hangMarker = "[fake-maxpay-hang]";
  const byReference = new Map<string, Tx>();
  const byUniqueId = new Map<string, Tx>();
  /** The cards kept for rebills: token → the card's number (what Maxpay's token stands for). */
  const tokens = new Map<string, string>();
  const callbacks: { body: string; signature: string }[] = [];
  /** Every callback the fake sent, wherever to (a Worker host the fake cannot reach included). */
  const sent: { url: string; body: string; signature: string }[] = [];
  let url = "";

  const sign = (body: string) => createHash("sha256").update(`${body}${privateKey}`).digest("hex");

  /** The answer of a transaction, as creation and CHECK give it. */
  function answer(tx: Tx): Json {
    return {
      api_version: 1,
      merchant_account: merchantAccount,
      sessionid: randomBytes(8).toString("hex"),
      transaction_unique_id: tx.uniqueId,
      reference: tx.reference,
      timestamp: Math.floor(Date.now() / 1000),
      amount: tx.amount,
      currency: tx.currency,
      status: tx.status,
      code: tx.code,
      message: tx.message,
      ...(tx.status === "success" && tx.token ? { token: tx.token } : {}),
      ...(tx.acs ? { acs_url: `${url}/acs/${tx.reference}`, pareq: "" } : {}),
      ...(tx.refunded ? { refunded: true } : {}),
    };
  }

  /** Maxpay's callback: the transaction as JSON, signed in X-Signature; a failed delivery is not retried here. */
  async function callBack(tx: Tx) {
    if (!tx.callbackUrl) return;
    const body = JSON.stringify(answer(tx));
    const signature = sign(body);
    sent.push({ url: tx.callbackUrl, body, signature });
    await fetch(tx.callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": signature },
      body,
    }).catch(() => undefined);
  }

  const refusal = (message: string, code = 1000) => ({ status: "error" as const, code, message });
  const decline = (message: string) => ({ status: "decline" as const, code: 2000, message });
  const newReference = () => `MP${randomBytes(10).toString("hex").toUpperCase()}`;

  /** Creates a transaction from a request, or answers Maxpay's refusal of the request. */
  function create(body: Json): Tx | ReturnType<typeof refusal> {
    const type = str(body.transaction_type);
    const uniqueId = str(body.transaction_unique_id);
    if (!uniqueId) return refusal("Mandatory field(s) missing `transaction_unique_id`");
    if (byUniqueId.has(uniqueId))
      return refusal("Transaction with this transaction_unique_id already exists");
    const amount = str(body.amount);
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) return refusal("Invalid amount");
    const currency = str(body.currency);
    if (!/^[A-Z]{3}$/.test(currency))
      return refusal(
        "Validation error in field(s) `currency` (Provided argument must be a string with length 3)",
      );
    const base = {
      uniqueId,
      type,
      amount,
      currency,
      token: null,
      acs: null,
      refunded: false,
      cofType: str(body.cof_type) || null,
    };
    const callbackUrl = str(body.callback_url) || null;

    if (type === "REFUND") {
      const sale = byReference.get(str(body.reference));
      if (sale?.status !== "success" || sale.acs || sale.type === "REFUND")
        return refusal("Invalid transaction");
      if (sale.refunded || Number(amount) > Number(sale.amount)) return refusal("Invalid amount");
      sale.refunded = true;
      return {
        ...base,
        reference: newReference(),
        status: "success",
        code: 0,
        message: "Success",
        callbackUrl,
      };
    }
    if (type !== "SALE" && type !== "SALE3D")
      return refusal("Transaction type not supported. Please, check routing.");

    let number: string;
    if (body.token !== undefined) {
      const kept = tokens.get(str(body.token));
      if (type !== "SALE" || !kept)
        return { ...base, ...decline("Invalid bill token"), reference: newReference(), callbackUrl };
      if (!["MIT", "CIT-subsequent"].includes(str(body.cof_type)))
        return refusal(
          "Validation error in field(s) `cof_type` (Expected MIT or CIT-subsequent with a token)",
        );
      number = kept;
    } else {
      const missing = [
        "card_number",
        "card_exp_month",
        "card_exp_year",
        "card_holder",
        "first_name",
        "last_name",
        "user_email",
        "user_ip",
        "country",
      ].filter((f) => !str(body[f]));
      if (missing.length)
        return refusal(`Mandatory field(s) missing ${missing.map((f) => `\`${f}\``).join(", ")}`);
      number = str(body.card_number);
      if (!/^\d{12,19}$/.test(number) || !luhn(number))
        return refusal(
          "Validation error in field(s) `card_number` (Provided string has invalid Luhn checksum)",
        );
      if (!/^(0[1-9]|1[0-2])$/.test(str(body.card_exp_month)))
        return refusal("Validation error in field(s) `card_exp_month` (Provided value is not valid month)");
      if (str(body.last_name).length > 32)
        return refusal(
          "Validation error in field(s) `last_name` (Expecting string with length less or equals 32)",
        );
      if (str(body.country).length !== 3)
        return refusal("Validation error in field(s) `country` (Country length must be 3 chars)");
      if (!/^[^@\s]+@[^@\s]+$/.test(str(body.user_email)))
        return refusal("Validation error in field(s) `user_email` (Expected value must be valid email)");
    }
    const refused = MAXPAY_REFUSED_CARDS.get(number);
    const reference = newReference();
    if (refused) {
      const [message, status] = refused;
      return {
        ...base,
        ...(status === "error" ? refusal(message, 3000) : decline(message)),
        reference,
        callbackUrl,
      };
    }
    const token = createHash("sha256")
      .update(`${number}|${body.card_exp_month}|${body.card_exp_year}|${privateKey}`)
      .digest("hex");
    tokens.set(token, number);
    const redirectUrl = str(body.redirect_url);
    if (number === MAXPAY_3DS_CARD && type === "SALE3D") {
      if (!URL.canParse(redirectUrl)) return refusal("Mandatory field(s) missing `redirect_url`");
      return {
        ...base,
        reference,
        status: "success",
        code: 0,
        message: "3DS verification required",
        token,
        acs: { redirectUrl },
        callbackUrl,
      };
    }
    return { ...base, reference, status: "success", code: 0, message: "Success", token, callbackUrl };
  }

  function api(body: Json): Json | null {
    if (str(body.api_version) !== "1") return refusal("Validation error in field(s) `api_version`");
    if (body.merchant_account !== merchantAccount || body.merchant_password !== merchantPassword)
      return refusal("Access denied", 1001);
    if (body.transaction_type === "CHECK") {
      const tx =
        body.reference !== undefined
          ? byReference.get(str(body.reference))
          : byUniqueId.get(str(body.transaction_unique_id));
      return tx ? answer(tx) : refusal("Invalid transaction", 1002);
    }
    const made = create(body);
    if (!("reference" in made))
      return { api_version: 1, transaction_unique_id: str(body.transaction_unique_id), ...made };
    byReference.set(made.reference, made);
    byUniqueId.set(made.uniqueId, made);
    // A hung gateway: the transaction is made, its answer never comes.
    if (str(body.descriptor_merchant).includes(hangMarker)) return null;
    return answer(made);
  }

  const server = createServer(async (req, res) => {
    try {
      const target = new URL(req.url ?? "/", "http://fake-maxpay");
      const path = target.pathname;
      const method = req.method ?? "GET";
      const text = await readBody(req);

      if (path === "/__fake/callbacks") {
        if (method === "POST") {
          callbacks.push({ body: text, signature: str(req.headers["x-signature"]) });
          return sendJson(res, 200, { ok: true });
        }
        return sendJson(res, 200, { callbacks });
      }
      if (path === "/__fake/sent") return sendJson(res, 200, { sent });
      const seen = /^\/__fake\/transactions\/([^/]+)$/.exec(path);
      if (seen) {
        const tx = byReference.get(seen[1] ?? "");
        return tx ? sendJson(res, 200, { type: tx.type, cofType: tx.cofType }) : sendJson(res, 404, {});
      }

      // The issuer's ACS page (3-D Secure 1 style challenge): pass or fail, then back to the merchant.
      const acs = /^\/acs\/([^/]+)$/.exec(path);
      if (acs) {
        const tx = byReference.get(acs[1] ?? "");
        if (!tx?.acs) {
          res.writeHead(404, { "content-type": "text/html" });
          return res.end("<p>No authentication is waiting.</p>");
        }
        if (method === "GET") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(`<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1"><title>3-D Secure</title><h1>Confirm ${tx.currency} ${tx.amount}</h1>
<form method="post"><button name="answer" value="pass">Confirm</button> <button name="answer" value="fail">Fail</button></form>`);
        }
        const choice = new URLSearchParams(text).get("answer");
        const back = new URL(tx.acs.redirectUrl);
        back.searchParams.set("reference", tx.reference);
        if (choice === "pass")
          Object.assign(tx, { status: "success", code: 0, message: "Success", acs: null });
        else Object.assign(tx, { ...decline("3D secure failed"), acs: null });
        await callBack(tx);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }

      if (path !== "/api/cc" || method !== "POST") return sendJson(res, 404, refusal("Not found", 404));
      let body: Json;
      try {
        body = JSON.parse(text) as Json;
      } catch {
        return sendJson(res, 200, refusal("Incorrect field"));
      }
      const out = api(body);
      if (!out) return;
      // A paid sale made without 3-D Secure is told to the callback too.
      const tx = byUniqueId.get(str(body.transaction_unique_id));
      if (tx && body.transaction_type !== "CHECK" && !tx.acs && out.reference === tx.reference)
        await callBack(tx);
      return sendJson(res, 200, out);
    } catch (error) {
      return sendJson(res, 500, refusal(error instanceof Error ? error.message : "Internal system error"));
    }
  });

  url = await listenLocally(server);
  return {
    url,
    merchantAccount,
    merchantPassword,
    privateKey,
    hangMarker,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
