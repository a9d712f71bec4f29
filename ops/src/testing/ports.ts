import net from 'node:net';

export type ReservedPort = { port: number; release(): Promise<void> };

/**
 * A loopback port held open until `release()`, so that no other server is given it meanwhile: for
 * a server whose address goes into another's settings before it can listen. Release it right
 * before listening there; a port merely looked up and let go may be handed to any test's server
 * started in between.
 */
export async function reservePort(): Promise<ReservedPort> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    release: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A loopback port free right now: one the system just gave out and took back. Nothing listens on
 * it until someone does — a server a test starts there at once, or none, for a test of a server
 * that is not there.
 */
export async function freePort(): Promise<number> {
  const reserved = await reservePort();
  await reserved.release();
  return reserved.port;
}
