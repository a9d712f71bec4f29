import net from 'node:net';

/**
 * A loopback port free right now: one the system just gave out and took back. Nothing listens on
 * it until someone does — a server a test starts there, or none, for a test of a server that is
 * not there.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
