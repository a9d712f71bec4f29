import net from 'node:net';
import { freePort } from './ports.ts';

export type PostgresProxy = {
  /** `databaseUrl` reached through the proxy. */
  readonly url: string;
  /** PostgreSQL goes away: every connection through the proxy is cut and new ones are refused. */
  cut(): Promise<void>;
  /** PostgreSQL is back: connections through the proxy work again. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

/** Where `databaseUrl`'s server listens: its Unix socket (`?host=/dir`) or its TCP address. */
function upstreamOf(databaseUrl: URL): net.NetConnectOpts {
  const port = Number(databaseUrl.port || 5432);
  const host = databaseUrl.searchParams.get('host') ?? decodeURIComponent(databaseUrl.hostname);
  return host.startsWith('/')
    ? { path: `${host}/.s.PGSQL.${port}` }
    : { host: host || '127.0.0.1', port };
}

/**
 * A TCP proxy in front of the test's PostgreSQL, for tests of an outage: the code under test
 * connects through it, and the test cuts and restores it as a restart or a network failure would,
 * without touching the server that every other test shares.
 */
export async function startPostgresProxy(databaseUrl: string): Promise<PostgresProxy> {
  const target = new URL(databaseUrl);
  const upstream = upstreamOf(target);
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  let server: net.Server | undefined;
  const listen = async () => {
    const next = net.createServer((client) => {
      const backend = net.createConnection(upstream);
      track(client);
      track(backend);
      client.pipe(backend).pipe(client);
      client.on('close', () => backend.destroy());
      backend.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => next.listen(port, '127.0.0.1', resolve));
    server = next;
  };
  const cut = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();

  const proxied = new URL(databaseUrl);
  proxied.searchParams.delete('host');
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    cut,
    async restore() {
      if (!server) await listen();
    },
    close: cut,
  };
}
