// A fake of an affiliate tracker's server-to-server postback endpoint, as trackers document it (Voluum,
// Keitaro, Binom…): GET {path}?cid={clickid}&event=…&payout=…&currency=…&txid=… answers 200 on success. The
// fake records every postback it answered and can be told to be down (the connection reset), slow (no answer),
// or failing (500), per click id, so tests running side by side do not disturb each other. Tests inside
// workerd read and steer it over HTTP: GET /__fake/postbacks?cid=, PUT /__fake/mode/{cid} {mode}.
import { createServer, type ServerResponse } from "node:http";
import { listenLocally } from "./listen";

export type TrackerMode = "up" | "down" | "slow" | "error";

export interface FakeTrackerHit {
  cid: string;
  event: string;
  payout: string;
  currency: string;
  txid: string;
  /** What the fake answered: 200, 500, or 0 when it reset or held the connection. */
  status: number;
}

export interface FakeTracker {
  url: string;
  /** The postback template a brand would configure to reach this fake. */
  template: string;
  hits: FakeTrackerHit[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

export async function startFakeTracker(): Promise<FakeTracker> {
  const hits: FakeTrackerHit[] = [];
  const modes = new Map<string, TrackerMode>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-tracker");
    const mode = /^\/__fake\/mode\/([^/]+)$/.exec(url.pathname);
    if (mode && req.method === "PUT") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { mode?: TrackerMode };
      modes.set(decodeURIComponent(mode[1] ?? ""), body.mode ?? "up");
      return send(res, 200, { ok: true });
    }
    if (url.pathname === "/__fake/postbacks") {
      const cid = url.searchParams.get("cid");
      return send(res, 200, { hits: cid ? hits.filter((h) => h.cid === cid) : hits });
    }
    if (url.pathname !== "/postback" || req.method !== "GET") return send(res, 404, { error: "not found" });
    const q = url.searchParams;
    const hit: FakeTrackerHit = {
      cid: q.get("cid") ?? "",
      event: q.get("event") ?? "",
      payout: q.get("payout") ?? "",
      currency: q.get("currency") ?? "",
      txid: q.get("txid") ?? "",
      status: 0,
    };
    // A postback without the click id is refused, as trackers do (nothing to credit).
    if (!hit.cid) return send(res, 400, { error: "cid is required" });
    const how = modes.get(hit.cid) ?? "up";
    if (how === "down") {
      hits.push(hit);
      req.socket.destroy();
      return;
    }
    if (how === "slow") {
      hits.push(hit);
      return; // never answered: the caller's timeout ends it
    }
    hit.status = how === "error" ? 500 : 200;
    hits.push(hit);
    return send(res, hit.status, hit.status === 200 ? { status: "ok" } : { error: "internal" });
  });
  const url = await listenLocally(server);
  return {
    url,
    template: `${url}/postback?cid={clickid}&event={event}&payout={payout}&currency={currency}&txid={event_id}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
