// The servers of `npm run bench:web` (lighthouse.ts): the floor app's static files, and the compressing proxy
// in front of the built site, both over HTTPS with HTTP/2 and a throwaway certificate as production is served
// (or over HTTP/1.1 in the clear with BENCH_WEB_HTTP=1).
import { spawnSync } from "node:child_process";
import { createHash, createPublicKey } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerResponse,
} from "node:http";
import { createSecureServer, type Http2ServerRequest, type Http2ServerResponse } from "node:http2";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import type { Duplex } from "node:stream";
import { gzipSync } from "node:zlib";

// The floor and the site are served over HTTPS with HTTP/2, as Cloudflare serves production: one connection
// carries all of a page's requests. BENCH_WEB_HTTP=1 serves them over HTTP/1.1 in the clear, where Chromium
// opens up to six connections per host and Lantern replays each with a slow start of its own, which measures
// the local server more than the page.
export const HTTP2 = process.env.BENCH_WEB_HTTP !== "1";
export const SCHEME = HTTP2 ? "https" : "http";

const mimeTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
};

/**
 * A folder's files as a CDN serves them: from memory, gzipped once when asked (Cloudflare's edge and workerd
 * serve the site's compressed). `undefined` for a file the folder does not have.
 */
function staticFiles(dir: string) {
  const cache = new Map<string, { plain: Buffer; gzip: Buffer }>();
  return (path: string, acceptEncoding: string | undefined) => {
    const file = join(dir, path);
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
    let body = cache.get(file);
    if (!body) {
      const plain = readFileSync(file);
      body = { plain, gzip: gzipSync(plain) };
      cache.set(file, body);
    }
    const gzip = /\bgzip\b/.test(acceptEncoding ?? "");
    return {
      body: gzip ? body.gzip : body.plain,
      headers: {
        "content-type": mimeTypes[extname(file)] ?? "application/octet-stream",
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      },
    };
  };
}

/**
 * The floor app: its files, and index.html for any other path. With BENCH_FLOOR_COOP=1 its page carries the
 * site's isolation headers too (Cross-Origin-Opener-Policy: same-origin, Origin-Agent-Cluster): Chromium
 * then commits it in a new renderer instead of the blank tab's, as it does the site's pages.
 */
const floorIsolation =
  process.env.BENCH_FLOOR_COOP === "1"
    ? { "cross-origin-opener-policy": "same-origin", "origin-agent-cluster": "?1" }
    : {};
export function serveStatic(dir: string): Promise<Server> {
  const files = staticFiles(dir);
  return listening(
    newServer((request, response) => {
      const path = new URL(request.url ?? "/", "http://x").pathname;
      const encoding = request.headers["accept-encoding"];
      const file = files(path, encoding) ?? files("index.html", encoding);
      if (!file) throw new Error(`${dir} has no index.html`);
      response.writeHead(200, { ...file.headers, ...floorIsolation });
      response.end(file.body);
    }),
  );
}

// The handlers use what HTTP/2's compatibility API shares with HTTP/1.1's request and response (headers, url,
// writeHead, end, piping both ways); HTTP/2 pseudo-headers (":authority") are read where they matter.
type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * A server (started with `listening`): HTTPS that speaks HTTP/2, and HTTP/1.1 to a client that asks for it
 * (Chromium opens WebSockets that way), with a throwaway certificate the bench's Chromium is told to trust;
 * plain HTTP/1.1 with BENCH_WEB_HTTP=1.
 */
function newServer(handler: Handler): Server {
  return tls
    ? (createSecureServer(
        { ...tls, allowHTTP1: true },
        handler as unknown as (request: Http2ServerRequest, response: Http2ServerResponse) => void,
      ) as unknown as Server)
    : createServer(handler);
}
const listening = (s: Server) => new Promise<Server>((resolve) => s.listen(0, "127.0.0.1", () => resolve(s)));

/** A self-signed certificate for localhost and its subdomains (the brands' hosts), made for this run. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), "bench-tls-"));
  try {
    const made = spawnSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-days", "2", "-subj", "/CN=localhost", "-keyout", join(dir, "key.pem")],
        ...["-out", join(dir, "cert.pem")],
        ...["-addext", "subjectAltName=DNS:localhost,DNS:*.localhost,IP:127.0.0.1"],
      ],
      { stdio: ["ignore", "ignore", "inherit"] },
    );
    if (made.status !== 0)
      throw new Error(
        "HTTPS needs openssl to make a certificate (BENCH_WEB_HTTP=1 serves HTTP/1.1 without it)",
      );
    return { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const tls = HTTP2 ? selfSignedCertificate() : undefined;

/**
 * Chromium's flag that trusts the bench's certificate by its public key (SHA-256 of the SPKI, base64). Not
 * --ignore-certificate-errors: Chromium keeps nothing in its HTTP cache from a connection with a certificate
 * error, so the logo's second and third copies (the tab's icon, the top bar's) were downloaded again instead
 * of read from the cache.
 */
export const trustFlags = tls
  ? [
      `--ignore-certificate-errors-spki-list=${createHash("sha256")
        .update(createPublicKey(tls.cert).export({ type: "spki", format: "der" }))
        .digest("base64")}`,
    ]
  : [];

// Headers of one connection in HTTP/1.1, which HTTP/2 forbids (its pseudo-headers start with ":").
const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);
function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!name.startsWith(":") && !hopByHop.has(name) && value !== undefined) kept[name] = value;
  }
  return kept;
}

/**
 * The site as Cloudflare serves it in production. The hashed assets (/assets/*) come from the build's folder
 * in memory, as the floor's files do: Cloudflare serves them from its asset store without running the Worker
 * (wrangler.toml's run_worker_first leaves them out), while vite preview here sends each one through workerd,
 * which queued them behind each other on 2 cores (Lighthouse took 50-75 ms of server time per request from
 * that, against 1-3 ms for the floor's). Everything else (HTML, API, photos) goes to the Worker, its text
 * answers gzipped as Cloudflare's edge does (workerd under vite preview sends them as they are). WebSocket
 * upgrades (the member's room) pass through untouched. BENCH_WEB_ASSETS=worker sends the assets to workerd too.
 */
export function compressingProxy(targetPort: number, assetsDir: string | undefined): Promise<Server> {
  const assets = assetsDir ? staticFiles(assetsDir) : undefined;
  const proxy = newServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const asset = path.startsWith("/assets/")
      ? assets?.(path, request.headers["accept-encoding"])
      : undefined;
    if (asset) {
      response.writeHead(200, { ...asset.headers, "cache-control": "public, max-age=31536000, immutable" });
      response.end(asset.body);
      return;
    }
    const upstream = httpRequest(
      {
        host: "127.0.0.1",
        port: targetPort,
        path: request.url,
        method: request.method,
        headers: {
          ...endToEnd(request.headers),
          host: String(request.headers[":authority"] ?? request.headers.host),
        },
      },
      (answer) => {
        const type = String(answer.headers["content-type"] ?? "");
        const gzip =
          /\bgzip\b/.test(String(request.headers["accept-encoding"] ?? "")) &&
          /^(text\/|application\/(json|javascript))/.test(type) &&
          !answer.headers["content-encoding"];
        if (!gzip) {
          response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = gzipSync(Buffer.concat(chunks));
          const headers = {
            ...endToEnd(answer.headers),
            "content-encoding": "gzip",
            "content-length": String(body.length),
          };
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    upstream.on("error", () => response.destroy());
    request.pipe(upstream);
  });
  proxy.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const upstream = connect(targetPort, "127.0.0.1", () => {
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
  });
  return listening(proxy);
}
