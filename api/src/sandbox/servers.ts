import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.ts';
import { storeInMailbox } from './mailbox.ts';
import { startPaymentSandbox, type PaymentSandbox } from './payments/server.ts';

export type SandboxServers = {
  smtpPort: number;
  smsPort: number;
  /** The payment sandbox's port, null when it was not asked for. */
  paymentPort: number | null;
  close(): Promise<void>;
};

/** The payment sandbox's settings: the Razorpay keys it accepts and where its webhooks go. */
export type PaymentSandboxSettings = {
  /** 0 picks a free port. */
  port: number;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  webhookUrl: string;
  webhookRetryBaseMs?: number;
  /** Told about failures the sandbox cannot answer with (its webhook loop, its own bugs). */
  onError?: (error: unknown) => void;
};

/**
 * Stand-ins for the outside world, at the wire: an SMTP server and an HTTP SMS gateway that keep
 * what they receive in the dev mailbox, and (given `payment`) the sandbox payment gateway speaking
 * Razorpay's API. Development, demos and tests use them with the same adapters production uses.
 */
export async function startSandboxServers(options: {
  db: Knex;
  smtpPort: number;
  smsPort: number;
  smsApiKey: string;
  payment?: PaymentSandboxSettings;
  host?: string;
}): Promise<SandboxServers> {
  const host = options.host ?? '127.0.0.1';
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        storeInMailbox(options.db, { channel: 'email', ...mail }).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort, host, () => resolve());
  });

  const sms = http.createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/sms')
      return reply(404, { error: 'not found' });
    if (request.headers.authorization !== `Bearer ${options.smsApiKey}`)
      return reply(401, { error: 'bad key' });
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      try {
        const body = JSON.parse(raw) as { id?: string; to?: string; text?: string };
        if (!body.to || !body.text) return reply(400, { error: 'to and text are required' });
        storeInMailbox(options.db, {
          channel: 'sms',
          to: body.to,
          subject: '',
          text: body.text,
        }).then(
          () => reply(200, { id: body.id ?? `sms-${Date.now()}` }),
          () => reply(500, { error: 'could not store' }),
        );
      } catch {
        reply(400, { error: 'invalid JSON' });
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    sms.once('error', reject);
    sms.listen(options.smsPort, host, () => resolve());
  });

  let payment: PaymentSandbox | undefined;
  if (options.payment) {
    payment = await startPaymentSandbox({ db: options.db, host, ...options.payment });
  }

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    smsPort: (sms.address() as AddressInfo).port,
    paymentPort: payment?.port ?? null,
    close: async () => {
      await payment?.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => sms.close(() => resolve()));
    },
  };
}
