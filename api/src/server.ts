import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { createApp, type AppOptions } from './app.ts';
import type { Infrastructure } from './infrastructure.ts';

export type RunningServer = {
  url: string;
  io: SocketServer;
  close(): Promise<void>;
};

/** HTTP + socket.io (path `/bid`, as the spec names it) on one port. */
export async function startServer(
  infra: Infrastructure,
  options: AppOptions & { port?: number; host?: string } = {},
): Promise<RunningServer> {
  const app = createApp(infra, options);
  const server = http.createServer(app.callback());
  const io = new SocketServer(server, { path: '/bid', serveClient: false });
  const port = options.port ?? infra.config.PORT;
  const host = options.host ?? infra.config.HOST;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    io,
    close: () =>
      new Promise<void>((resolve) => {
        io.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
