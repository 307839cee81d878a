// A fake of an OpenAI-compatible chat-completions API (POST /v1/chat/completions), modelled on its
// documentation: Bearer auth, `{ model, messages: [{ role, content }] }` in, `{ choices: [{ message:
// { role: "assistant", content } }] }` out, 401 for a wrong key. A user message containing FAIL answers
// 500. It records the requests it accepted; tests inside workerd read them at GET /__fake/requests.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

export interface FakeAiRequest {
  model: string;
  messages: { role: string; content: string }[];
}

export interface FakeAi {
  url: string;
  apiKey: string;
  model: string;
  close(): Promise<void>;
}

/** What the fake answers: a fixed line that names the last user message, so tests can match it. */
export const fakeAiReply = (userMessage: string) => `Risposta finta a: ${userMessage}`;

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "null");
}

/** Starts the fake on a free port of 127.0.0.1; it does not keep the process alive. */
export async function startFakeAi(apiKey = "fake-ai-key", model = "fake-model-1"): Promise<FakeAi> {
  const requests: FakeAiRequest[] = [];
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://fake-ai");
      if (url.pathname === "/__fake/requests") return send(res, 200, { requests });
      if (url.pathname !== "/v1/chat/completions" || req.method !== "POST")
        return send(res, 404, { error: { message: "Not found" } });
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return send(res, 401, {
          error: { message: "Incorrect API key provided", type: "invalid_request_error" },
        });
      const body = (await readJson(req)) as FakeAiRequest;
      requests.push(body);
      const user = [...body.messages].reverse().find((m) => m.role === "user")?.content ?? "";
      if (user.includes("FAIL")) return send(res, 500, { error: { message: "The server had an error" } });
      return send(res, 200, {
        id: `chatcmpl-${requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          { index: 0, message: { role: "assistant", content: fakeAiReply(user) }, finish_reason: "stop" },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    } catch (error) {
      send(res, 400, { error: { message: String(error) } });
    }
  });
  return {
    url: `${await listenLocally(server)}/v1`,
    apiKey,
    model,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
