/**
 * Small pieces for stand-in servers on 127.0.0.1 (the cache tiers' stand-ins use them): listening on a
 * free port, stopping without waiting for idle keep-alive connections, and a server that takes
 * connections and never answers (what a hung tier looks like to a client with a timeout).
 */
import type { Server as HttpServer } from "node:http";
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from "node:net";

/** Listens on a free 127.0.0.1 port; the origin, e.g. `http://127.0.0.1:41234`. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function stopServer(server: HttpServer): Promise<void> {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** Accepts connections, reads what is sent and never answers. */
export async function startSilentServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("data", () => {});
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
