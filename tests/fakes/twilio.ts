// A fake of Twilio's Programmable Messaging API (REST API 2010-04-01), modelled on its documentation:
// POST /2010-04-01/Accounts/{AccountSid}/Messages.json with form-encoded `To`, `Body` and `From` or
// `MessagingServiceSid`, HTTP Basic auth AccountSid:AuthToken. It answers 201 with a Message resource,
// 401 with error 20003 on bad credentials, and 400 with Twilio's error JSON (21211 invalid `To`, 21614 not
// a mobile number, 21602 no body, 21603/21604 no sender or recipient). It records what it accepted (and
// every request, for the auth and form checks); tests inside workerd read them at GET /__fake/messages.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

export interface FakeTwilioRequest {
  accountSid: string;
  /** The decoded `user:password` of the Basic auth header ("" when there was none). */
  credentials: string;
  contentType: string;
  /** Every form field as Twilio would see it. */
  fields: Record<string, string>;
  /** The status the fake answered. */
  status: number;
}

export interface FakeTwilio {
  url: string;
  accountSid: string;
  authToken: string;
  /** Numbers (E.164) ending so are refused as "not a mobile number" (Twilio's 21614). */
  refusedSuffix: string;
  /** Numbers ending so are never answered (to test the adapter's timeout). */
  slowSuffix: string;
  requests: FakeTwilioRequest[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join("");

/** Twilio's error body: `{ code, message, more_info, status }`. */
const twilioError = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. */
export async function startFakeTwilio(): Promise<FakeTwilio> {
  const accountSid = `AC${hex(32)}`;
  const authToken = hex(32);
  const refusedSuffix = "0000";
  const slowSuffix = "9999";
  const requests: FakeTwilioRequest[] = [];

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake-twilio");
      if (url.pathname === "/__fake/messages") {
        if (req.method === "DELETE") {
          requests.length = 0;
          return send(res, 200, { ok: true });
        }
        const to = url.searchParams.get("to");
        return send(res, 200, { requests: to ? requests.filter((r) => r.fields.To === to) : requests });
      }

      const route = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
      if (!route || req.method !== "POST") {
        return send(res, 404, twilioError(404, 20404, "The requested resource was not found"));
      }
      const pathSid = decodeURIComponent(route[1] ?? "");
      const auth = req.headers.authorization ?? "";
      const [scheme, encoded] = auth.split(" ");
      const credentials = scheme === "Basic" && encoded ? Buffer.from(encoded, "base64").toString() : "";
      const contentType = req.headers["content-type"] ?? "";
      const fields = Object.fromEntries(new URLSearchParams(await readBody(req)));
      const answer = (status: number, body: unknown) => {
        requests.push({ accountSid: pathSid, credentials, contentType, fields, status });
        return send(res, status, body);
      };

      if (credentials !== `${accountSid}:${authToken}` || pathSid !== accountSid) {
        return answer(401, {
          code: 20003,
          detail: "Your AccountSid or AuthToken was incorrect.",
          message: "Authenticate",
          more_info: "https://www.twilio.com/docs/errors/20003",
          status: 401,
        });
      }
      if (!/^application\/x-www-form-urlencoded/i.test(contentType)) {
        return answer(400, twilioError(400, 21604, "A 'To' phone number is required."));
      }
      const to = fields.To ?? "";
      if (!to) return answer(400, twilioError(400, 21604, "A 'To' phone number is required."));
      if (!fields.From && !fields.MessagingServiceSid) {
        return answer(
          400,
          twilioError(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required."),
        );
      }
      if (!fields.Body) return answer(400, twilioError(400, 21602, "Message body is required."));
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        return answer(400, twilioError(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      }
      if (to.endsWith(refusedSuffix)) {
        return answer(400, twilioError(400, 21614, `'To' number ${to} is not a valid mobile number`));
      }
      // A provider that hangs: no answer at all, until the client's own timeout closes the request.
      if (to.endsWith(slowSuffix)) return;

      const sid = `SM${hex(32)}`;
      const now = new Date().toUTCString().replace("GMT", "+0000");
      return answer(201, {
        account_sid: accountSid,
        api_version: "2010-04-01",
        body: fields.Body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: "outbound-api",
        error_code: null,
        error_message: null,
        from: fields.From ?? null,
        messaging_service_sid: fields.MessagingServiceSid ?? null,
        num_media: "0",
        num_segments: "1",
        price: null,
        price_unit: "USD",
        sid,
        status: fields.MessagingServiceSid ? "accepted" : "queued",
        subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
        to,
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
      });
    } catch (error) {
      return send(res, 500, twilioError(500, 20500, error instanceof Error ? error.message : "error"));
    }
  });

  return {
    url: await listenLocally(server),
    accountSid,
    authToken,
    refusedSuffix,
    slowSuffix,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
