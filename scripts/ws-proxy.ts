// Local stand-in for Neon's WebSocket proxy: Neon's serverless driver sends raw Postgres wire bytes as
// binary WebSocket messages to ws://<proxy>/v1?address=host:port; this pipes them to a TCP Postgres.
import net from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

export interface WsProxy {
  port: number;
  stop(): Promise<void>;
}

/**
 * `serial` runs one session at a time (PGlite gives wrong results with concurrent connections); the
 * others wait their turn. A session ends when the client sends Terminate, because pglite-socket does not
 * hang up by itself and the driver's `pool.end()` would wait for ever.
 */
export async function startWsProxy(opts: { port: number; serial: boolean }): Promise<WsProxy> {
  const wss = new WebSocketServer({ port: opts.port, host: "127.0.0.1" });
  const waiting: (() => void)[] = [];
  let busy = false;
  const acquire = (): Promise<void> => {
    if (!opts.serial) return Promise.resolve();
    if (!busy) {
      busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = () => {
    if (!opts.serial) return;
    const next = waiting.shift();
    if (next) next();
    else busy = false;
  };

  wss.on("connection", (ws, req) => {
    const address = new URL(req.url ?? "/", "http://proxy").searchParams.get("address") ?? "";
    const [host, portText] = address.split(":");
    const pending: Buffer[] = [];
    let tcp: net.Socket | undefined;
    let closed = false;
    let released = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      tcp?.destroy();
      if (ws.readyState === ws.OPEN) ws.close(1000);
      if (!released && tcp) {
        released = true;
        release();
      }
    };
    const watcher = terminateWatcher(finish);
    ws.on("message", (data: Buffer) => {
      if (tcp) tcp.write(data);
      else pending.push(data);
      watcher(data);
    });
    ws.on("close", finish);
    ws.on("error", finish);
    void acquire().then(() => {
      if (closed) {
        release();
        return;
      }
      tcp = net.connect({ host, port: Number(portText) }, () => {
        for (const chunk of pending) tcp?.write(chunk);
        pending.length = 0;
      });
      tcp.setNoDelay(true);
      tcp.on("data", (chunk) => sendBinary(ws, chunk));
      tcp.on("close", finish);
      tcp.on("error", finish);
    });
  });

  await new Promise<void>((resolve) => wss.on("listening", () => resolve()));
  const address = wss.address();
  const port = typeof address === "object" && address ? address.port : opts.port;
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        for (const client of wss.clients) client.terminate();
        wss.close(() => resolve());
      }),
  };
}

function sendBinary(ws: WebSocket, chunk: Buffer) {
  if (ws.readyState === ws.OPEN) ws.send(chunk, { binary: true });
}

/** Follows the frontend message stream and calls `onTerminate` after a Terminate ('X') message. */
function terminateWatcher(onTerminate: () => void) {
  let buffer = Buffer.alloc(0);
  let startup = true;
  return (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    for (;;) {
      if (startup) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        buffer = buffer.subarray(length);
        // An SSL or GSS request is followed by the real startup message.
        if (code !== 80877103 && code !== 80877104) startup = false;
        continue;
      }
      if (buffer.length < 5) return;
      const type = buffer[0];
      const length = buffer.readInt32BE(1);
      if (buffer.length < length + 1) return;
      buffer = buffer.subarray(length + 1);
      if (type === 0x58) {
        setTimeout(onTerminate, 0);
        return;
      }
    }
  };
}
