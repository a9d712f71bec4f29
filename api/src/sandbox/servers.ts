import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import { SMTPServer } from 'smtp-server';
import { parseMail } from './mime.ts';
import { storeInMailbox } from './mailbox.ts';

export type SandboxServers = { smtpPort: number; smsPort: number; close(): Promise<void> };

/**
 * Stand-ins for the outside world, at the wire: an SMTP server and an HTTP SMS gateway that keep
 * what they receive in the dev mailbox. Development, demos and tests send through them with the
 * same adapters production uses.
 */
export async function startSandboxServers(options: {
  db: Knex;
  smtpPort: number;
  smsPort: number;
  smsApiKey: string;
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

  return {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    smsPort: (sms.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await new Promise<void>((resolve) => sms.close(() => resolve()));
    },
  };
}
