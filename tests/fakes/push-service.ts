// A fake push service (RFC 8030) with the browser's side of a subscription: it makes subscriptions as a
// browser's PushManager would (a P-256 key pair and a 16-byte auth secret, RFC 8291), takes pushes at their
// endpoints as FCM or Mozilla's autopush do, and DECRYPTS each payload (aes128gcm, RFC 8188) with the
// subscription's private key, so a test reads what the browser would show. It checks what a push service
// checks: the TTL header, Content-Encoding aes128gcm, and the VAPID authorization (RFC 8292: an ES256 JWT
// signed by the key named in k=, for this origin, not expired, with a contact). A subscription can be made
// gone (404/410 as the service answers for an expired or unsubscribed browser).
//
//   POST /__fake/subscriptions              -> 201 { endpoint, keys: { p256dh, auth } }
//   POST /__fake/subscriptions/{id}/gone    -> the endpoint answers 410 from now on
//   GET  /__fake/pushes?endpoint=...        -> { pushes: [{ ttl, urgency, topic, subject, payload }] }
//   POST /push/{id}                         -> 201 (stored), 400/401/410 as the service would answer
//   POST /__fake/bare                       -> 201 for any body, nothing checked (a benchmark's floor)
import { createECDH, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import ece from "http_ece";
import { importSPKI, jwtVerify } from "jose";
import { listenLocally } from "./listen";

interface Subscription {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  gone: boolean;
}

export interface ReceivedPush {
  endpoint: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's sub claim (the sender's contact). */
  subject: string;
  /** The VAPID public key the push was signed with (k=). */
  vapidKey: string;
  /** The decrypted payload, as the service worker's event.data.text() gives it. */
  payload: string;
  /** When the push arrived (ms since the epoch). */
  receivedAt: number;
}

export interface FakePushService {
  url: string;
  pushes: ReceivedPush[];
  close(): Promise<void>;
}

const b64url = (b: Buffer) => b.toString("base64url");

function send(res: ServerResponse, status: number, body?: unknown) {
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An uncompressed P-256 point (65 bytes) as an SPKI PEM, for jose. */
function pointToPem(point: Buffer): string {
  const prefix = Buffer.from("3059301306072a8648ce3d020106082a8648ce3d030107034200", "hex");
  const der = Buffer.concat([prefix, point]);
  return `-----BEGIN PUBLIC KEY-----\n${der.toString("base64")}\n-----END PUBLIC KEY-----\n`;
}

/** RFC 8292: `vapid t=<jwt>, k=<key>`; answers the JWT's subject and the key, or an error to send. */
async function checkVapid(header: string | undefined, origin: string) {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match?.[1] || !match[2]) return { error: "missing or malformed VAPID authorization" };
  const point = Buffer.from(match[2], "base64url");
  if (point.length !== 65) return { error: "k is not an uncompressed P-256 key" };
  try {
    const key = await importSPKI(pointToPem(point), "ES256");
    const { payload } = await jwtVerify(match[1], key, { audience: origin, algorithms: ["ES256"] });
    if (typeof payload.sub !== "string" || !/^(mailto:|https:)/.test(payload.sub)) {
      return { error: "sub must be a mailto: or https: contact" };
    }
    if (!payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) return { error: "exp over 24 hours" };
    return { subject: payload.sub, key: match[2] };
  } catch (error) {
    return { error: `bad VAPID JWT: ${error instanceof Error ? error.message : "unknown"}` };
  }
}

/** Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. */
export async function startFakePushService(): Promise<FakePushService> {
  const subscriptions = new Map<string, Subscription>();
  const pushes: ReceivedPush[] = [];
  let origin = "";

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", origin);
    if (req.method === "POST" && url.pathname === "/__fake/subscriptions") {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const id = b64url(randomBytes(12));
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, gone: false });
      return send(res, 201, {
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      });
    }
    const gone = /^\/__fake\/subscriptions\/([\w-]+)\/gone$/.exec(url.pathname);
    if (req.method === "POST" && gone?.[1]) {
      const s = subscriptions.get(gone[1]);
      if (!s) return send(res, 404, { error: "no such subscription" });
      s.gone = true;
      return send(res, 200, { ok: true });
    }
    if (req.method === "GET" && url.pathname === "/__fake/pushes") {
      const endpoint = url.searchParams.get("endpoint");
      return send(res, 200, { pushes: pushes.filter((p) => !endpoint || p.endpoint === endpoint) });
    }
    if (req.method === "POST" && url.pathname === "/__fake/bare") {
      await readBody(req);
      return send(res, 201);
    }
    const push = /^\/push\/([\w-]+)$/.exec(url.pathname);
    if (req.method === "POST" && push?.[1]) {
      const body = await readBody(req);
      const receivedAt = Date.now();
      const s = subscriptions.get(push[1]);
      // Autopush and FCM: an unknown or unsubscribed endpoint is 404 / 410 Gone.
      if (!s) return send(res, 404, { errno: 102, message: "Request did not validate invalid token" });
      if (s.gone) return send(res, 410, { errno: 106, message: "Subscription is no longer valid" });
      const ttl = Number(req.headers.ttl);
      if (req.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) {
        return send(res, 400, { errno: 111, message: "Missing TTL header" });
      }
      if (req.headers["content-encoding"] !== "aes128gcm") {
        return send(res, 400, { errno: 110, message: "Unknown Content-Encoding" });
      }
      // The Worker names a loopback push service as https in its token (push resources are https).
      const vapid = await checkVapid(req.headers.authorization, origin.replace(/^http:/, "https:"));
      if ("error" in vapid) return send(res, 401, { errno: 109, message: vapid.error });
      let payload: string;
      try {
        payload = ece
          .decrypt(body, { version: "aes128gcm", privateKey: s.ecdh, authSecret: s.auth })
          .toString("utf8");
      } catch (error) {
        return send(res, 400, {
          errno: 112,
          message: `cannot decrypt: ${error instanceof Error ? error.message : ""}`,
        });
      }
      pushes.push({
        endpoint: `${origin}/push/${push[1]}`,
        ttl,
        urgency: (req.headers.urgency as string | undefined) ?? null,
        topic: (req.headers.topic as string | undefined) ?? null,
        subject: vapid.subject,
        vapidKey: vapid.key,
        payload,
        receivedAt,
      });
      res.setHeader("location", `${origin}/message/${b64url(randomBytes(8))}`);
      return send(res, 201);
    }
    send(res, 404, { error: "not found" });
  });
  origin = await listenLocally(server);
  return {
    url: origin,
    pushes,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A VAPID key pair as the Worker's VAPID_KEYS takes it (base64url public point and private scalar). */
export function makeVapidKeys(subject = "mailto:push@example.com") {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const d = ecdh.getPrivateKey();
  const padded = Buffer.concat([Buffer.alloc(32 - d.length), d]);
  return { publicKey: b64url(ecdh.getPublicKey()), privateKey: b64url(padded), subject };
}
