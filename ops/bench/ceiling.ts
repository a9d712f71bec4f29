import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { KEEP_ALIVE_MS } from '@boli/api/server';

/*
 * What any bid over HTTP costs at the least on this machine, measured beside the api in the same
 * run: a server that only parses an HTTP request with a JSON body and stores it as one row in
 * PostgreSQL (table bench_ceiling), durably, with group commit (the rows of a turn in one
 * INSERT), then answers. No authentication, no decision, no event log, no read models, no
 * read-your-writes. The bidding bench drives it with the same clients at the same levels, and
 * reports its ratio to pgbench: the most `bids.http.ratio` could be for a Node.js server on this
 * machine.
 */

export type CeilingServer = {
  url: string;
  /** Empties its table at once: what it stored leaves PostgreSQL nothing to vacuum. */
  empty(): Promise<void>;
  close(): Promise<void>;
};

/** Appends wait for the end of the turn, then go together, at most this many transactions at once. */
const IN_FLIGHT = 2;

export async function startCeilingServer(databaseUrl: string): Promise<CeilingServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: IN_FLIGHT });
  const queue: { payload: string; done(error?: unknown): void }[] = [];
  let sending = 0;
  let scheduled = false;
  const pump = () => {
    scheduled = false;
    while (sending < IN_FLIGHT && queue.length > 0) {
      const group = queue.splice(0, queue.length);
      sending++;
      pool
        .query({
          name: 'ceiling_insert',
          text: 'INSERT INTO bench_ceiling (payload) SELECT unnest($1::jsonb[])',
          values: [group.map((item) => item.payload)],
        })
        .then(
          () => group.forEach((item) => item.done()),
          (error: unknown) => group.forEach((item) => item.done(error)),
        )
        .finally(() => {
          sending--;
          if (queue.length > 0) schedule();
        });
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: object) => {
        const text = JSON.stringify(body);
        response.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        });
        response.end(text);
      };
      let bid: unknown;
      try {
        bid = JSON.parse(Buffer.concat(chunks).toString());
      } catch {
        return answer(400, { data: null, error: true, msg: 'Enter all bid details' });
      }
      queue.push({
        payload: JSON.stringify(bid),
        done: (error) =>
          error === undefined
            ? answer(200, { data: bid, error: false, msg: 'Bid Posted!' })
            : answer(500, { data: null, error: true, msg: String(error) }),
      });
      schedule();
    });
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS; // as the api's
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async empty() {
      await pool.query('TRUNCATE bench_ceiling');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
