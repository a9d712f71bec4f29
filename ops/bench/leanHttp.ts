import net from 'node:net';

/*
 * A load generator's HTTP/1.1 client, as lean as pgbench is on the other side of the ratios: one
 * request at a time per kept-alive socket, the request written as one string, the answer framed
 * by its Content-Length. Measured on the bidding bench's 2 cores: node:http spent ~0.25 ms of CPU
 * per request of the machine the api and PostgreSQL need; this spends a fifth of that. Only what
 * the api answers is understood: a status line, headers, a body with Content-Length.
 */

export type Answer = { status: number; body: string };

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

/** One kept-alive connection; `send` may be called again once its answer has come. */
export class LeanConnection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve(answer: Answer): void; reject(error: Error): void } | undefined;
  private failure: Error | undefined;
  private readonly ready: Promise<void>;

  constructor(host: string, port: number, onClose: () => void = () => {}) {
    this.socket = net.connect(port, host);
    this.socket.setNoDelay(true);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.receive(chunk));
    const fail = (error: Error) => {
      this.failure ??= error;
      this.waiting?.reject(error);
      this.waiting = undefined;
    };
    this.socket.on('error', fail);
    this.socket.on('close', () => {
      fail(new Error('connection closed'));
      onClose();
    });
  }

  /** Resolves once connected; rejects if the connection could not be made. */
  connected(): Promise<void> {
    return this.ready;
  }

  /** Writes `request` (a whole HTTP/1.1 request) and resolves to its answer. */
  async send(request: string): Promise<Answer> {
    await this.ready;
    if (this.failure) throw this.failure;
    if (this.waiting) throw new Error('one request at a time per connection');
    return new Promise<Answer>((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(request);
    });
  }

  get broken(): boolean {
    return this.failure !== undefined;
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const end = this.buffered.indexOf(HEADER_END);
    if (end === -1) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = Number(CONTENT_LENGTH.exec(head)?.[1] ?? 0);
    const total = end + HEADER_END.length + length;
    if (this.buffered.length < total) return;
    const answer = {
      status: Number(head.slice(9, 12)),
      body: this.buffered.toString('utf8', end + HEADER_END.length, total),
    };
    this.buffered = this.buffered.subarray(total);
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.resolve(answer);
  }
}

/** A POST with a JSON body and a bearer token, as one string ready to write. */
export function jsonPost(path: string, token: string, body: string): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\n` +
    `Authorization: Bearer ${token}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}

/**
 * Connections to one server for callers that come and go (an open loop): a free one is reused,
 * otherwise another is opened; one the server closed or that broke is dropped.
 */
export function connectionPool(baseUrl: string) {
  const { hostname, port } = new URL(baseUrl);
  const free: LeanConnection[] = [];
  const all = new Set<LeanConnection>();
  const connect = (): LeanConnection => {
    const opened = new LeanConnection(hostname, Number(port), () => {
      all.delete(opened);
      const index = free.indexOf(opened);
      if (index !== -1) free.splice(index, 1);
    });
    return opened;
  };
  return {
    /**
     * Opens connections until `count` are open, before a timed run, as pgbench connects its
     * clients before it counts: a server accepts one new connection per turn of its event loop
     * (api/src/server.ts, KEEP_ALIVE_MS), so connections opened during a run would be timed
     * queueing for that, not bids.
     */
    async open(count: number): Promise<void> {
      const opening = Array.from({ length: Math.max(0, count - all.size) }, connect);
      // Held before they connect: if one fails, `close` still ends the others.
      for (const connection of opening) all.add(connection);
      await Promise.all(opening.map((connection) => connection.connected()));
      free.push(...opening);
    },
    async send(request: string): Promise<Answer> {
      const connection = free.pop() ?? connect();
      all.add(connection);
      try {
        return await connection.send(request);
      } finally {
        if (connection.broken) {
          all.delete(connection);
          connection.close();
        } else free.push(connection);
      }
    },
    close(): void {
      for (const connection of all) connection.close();
      all.clear();
      free.length = 0;
    },
  };
}
