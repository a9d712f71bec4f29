import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { smsHttpSender } from '../messaging/smsHttp.ts';
import { smtpSender } from '../messaging/smtp.ts';
import { readMailbox } from './mailbox.ts';
import { startSandboxServers, type SandboxServers } from './servers.ts';

describe('email and SMS sandboxes receive what the production adapters send', () => {
  let database: TestDatabase;
  let db: Knex;
  let sandbox: SandboxServers;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex({ client: 'pg', connection: database.url });
    sandbox = await startSandboxServers({ db, smtpPort: 0, smsPort: 0, smsApiKey: 'sandbox-key' });
  });
  afterAll(async () => {
    await sandbox.close();
    await db.destroy();
    await database.drop();
  });

  it('an email sent over SMTP lands in the mailbox with its subject and text intact', async () => {
    const sender = smtpSender(
      `smtp://127.0.0.1:${sandbox.smtpPort}`,
      'Boli <no-reply@boli.example>',
    );
    const text = `Namaste Asha,\nopen http://localhost:3000/email-verify/${'x'.repeat(90)} to verify — ₹0 fee.`;
    await sender.send({
      id: 'm-1',
      channel: 'email',
      to: 'asha@example.in',
      subject: 'Verify your email · Boli ✓',
      text,
    });
    const [mail] = await readMailbox(db, { to: 'asha@example.in' });
    expect(mail).toMatchObject({ channel: 'email', subject: 'Verify your email · Boli ✓', text });
  });

  it('an SMS sent to the HTTP gateway lands in the mailbox; a wrong key is refused', async () => {
    await smsHttpSender(`http://127.0.0.1:${sandbox.smsPort}/sms`, 'sandbox-key').send({
      id: 's-1',
      channel: 'sms',
      to: '+919876543210',
      subject: '',
      text: 'Your Boli OTP is 123456',
    });
    const [sms] = await readMailbox(db, { to: '+919876543210' });
    expect(sms).toMatchObject({ channel: 'sms', text: 'Your Boli OTP is 123456' });
    const wrongKey = smsHttpSender(`http://127.0.0.1:${sandbox.smsPort}/sms`, 'nope');
    await expect(
      wrongKey.send({ id: 's-2', channel: 'sms', to: '+91', subject: '', text: 'x' }),
    ).rejects.toThrow(/401/);
  });
});
