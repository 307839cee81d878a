import type { Server } from "node:http";

/**
 * Starts a fake on 127.0.0.1 (`port` 0: any free one) without keeping the test process alive, and answers
 * its origin, e.g. http://127.0.0.1:41234.
 */
export async function listenLocally(server: Server, port = 0): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  server.unref();
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the fake has no port");
  return `http://127.0.0.1:${address.port}`;
}
