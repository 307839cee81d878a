// A fake of Mailgun's sending API (POST /v3/{domain}/messages), modelled on its documentation: HTTP Basic
// auth `api:<key>`, multipart/form-data or urlencoded fields, `{ id, message: "Queued. Thank you." }`.
// It records what it accepted; tests inside workerd read it over HTTP at GET /__fake/messages.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

export interface FakeMailgunMessage {
  id: string;
  domain: string;
  receivedAt: string;
  contentType: string;
  /** Every form field as Mailgun would see it (a field sent twice keeps both values). */
  fields: Record<string, string[]>;
}

export interface FakeMailgun {
  url: string;
  apiKey: string;
  messages: FakeMailgunMessage[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/plain" : "application/json",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. */
export async function startFakeMailgun(apiKey: string): Promise<FakeMailgun> {
  const messages: FakeMailgunMessage[] = [];
  let counter = 0;

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake-mailgun");
      if (url.pathname === "/__fake/messages") {
        if (req.method === "DELETE") {
          messages.length = 0;
          return send(res, 200, { ok: true });
        }
        const to = url.searchParams.get("to")?.toLowerCase();
        const list = to ? messages.filter((m) => m.fields.to?.some((t) => t.toLowerCase() === to)) : messages;
        return send(res, 200, { messages: list });
      }

      const route = /^\/v3\/([^/]+)\/messages$/.exec(url.pathname);
      if (!route || req.method !== "POST") return send(res, 404, { message: "Not Found" });
      const domain = decodeURIComponent(route[1] ?? "");

      // Mailgun answers a missing or wrong key with 401 and a plain "Forbidden".
      const auth = req.headers.authorization ?? "";
      const [scheme, encoded] = auth.split(" ");
      const credentials = scheme === "Basic" && encoded ? Buffer.from(encoded, "base64").toString() : "";
      if (credentials !== `api:${apiKey}`) return send(res, 401, "Forbidden");

      const contentType = req.headers["content-type"] ?? "";
      if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) {
        return send(res, 400, { message: "Expected multipart/form-data or urlencoded body" });
      }
      const body = await readBody(req);
      const form = await new Request("http://fake-mailgun/", {
        method: "POST",
        headers: { "content-type": contentType },
        body: new Uint8Array(body),
      }).formData();
      const fields: Record<string, string[]> = {};
      for (const [name, value] of form.entries()) {
        const values = fields[name] ?? [];
        values.push(typeof value === "string" ? value : `[file ${value.name}]`);
        fields[name] = values;
      }
      for (const required of ["from", "to", "subject"]) {
        if (!fields[required]?.length) return send(res, 400, { message: `${required} parameter is missing` });
      }
      if (!fields.text && !fields.html && !fields.template) {
        return send(res, 400, {
          message: "Need at least one of 'text', 'html' or 'template' parameters specified",
        });
      }

      counter++;
      const id = `<${Date.now()}.${counter}.${Math.random().toString(16).slice(2, 10)}@${domain}>`;
      messages.push({ id, domain, receivedAt: new Date().toISOString(), contentType, fields });
      return send(res, 200, { id, message: "Queued. Thank you." });
    } catch (error) {
      return send(res, 500, { message: error instanceof Error ? error.message : String(error) });
    }
  });

  return {
    url: await listenLocally(server),
    apiKey,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
