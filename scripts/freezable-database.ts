// A TCP relay in front of the database for the outage tests. Frozen, it still accepts connections but forwards
// no byte either way, as a Postgres whose host hangs (a stopped VM, a full disk, a network partition that drops
// packets) looks to a client; thawing forwards what waited, so statements sent during the freeze may still run
// afterwards, as they may on a real server. Cut, it drops every connection and every new one, as a server
// that went away does, so what was in flight is lost for certain. Controlled over HTTP, because the Worker
// tests run inside workerd: POST /freeze, POST /cut, POST /thaw (back to forwarding), GET /state.
import http from "node:http";
import net from "node:net";
import { listenLocally } from "../tests/fakes/listen.ts";

export interface FreezableDatabase {
  /** The database's connection string through the relay. */
  url: string;
  /** Where the relay is frozen and thawed (POST /freeze, POST /thaw). */
  controlUrl: string;
  freeze(): void;
  cut(): void;
  thaw(): void;
  stop(): Promise<void>;
}

export async function startFreezableDatabase(databaseUrl: string): Promise<FreezableDatabase> {
  const target = new URL(databaseUrl);
  const sockets = new Set<net.Socket>();
  let state: "forwarding" | "frozen" | "cut" = "forwarding";

  const relay = net.createServer((client) => {
    if (state === "cut") {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: target.hostname, port: Number(target.port || "5432") });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      // The tests' process ends when its tests do, whatever the proxy's pool still holds open.
      socket.unref();
      // A paused socket emits no data: its bytes wait in the kernel's buffers until the thaw.
      if (state === "frozen") socket.pause();
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
      socket.on("error", () => {});
    }
    client.on("data", (chunk) => upstream.write(chunk));
    upstream.on("data", (chunk) => client.write(chunk));
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", () => resolve()));
  relay.unref();
  const address = relay.address();
  const port = typeof address === "object" && address ? address.port : 0;

  const freeze = () => {
    state = "frozen";
    for (const socket of sockets) socket.pause();
  };
  const cut = () => {
    state = "cut";
    for (const socket of sockets) socket.destroy();
  };
  const thaw = () => {
    state = "forwarding";
    for (const socket of sockets) socket.resume();
  };
  const actions: Record<string, () => void> = { "/freeze": freeze, "/cut": cut, "/thaw": thaw };

  const control = http.createServer((req, res) => {
    const action = req.method === "POST" ? actions[req.url ?? ""] : undefined;
    if (action) action();
    else if (!(req.method === "GET" && req.url === "/state")) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ state }));
  });
  const controlUrl = await listenLocally(control);

  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.toString(),
    controlUrl,
    freeze,
    cut,
    thaw,
    stop: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([
        new Promise<void>((resolve) => relay.close(() => resolve())),
        new Promise<void>((resolve) => control.close(() => resolve())),
      ]);
    },
  };
}
