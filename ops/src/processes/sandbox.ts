import knex from 'knex';
import { startSandboxServers } from '@boli/api/sandbox/servers';
import { runProcess } from './run.ts';

/**
 * The outside world's stand-ins for development and demos: the SMTP and SMS sandboxes on the ports
 * SMTP_URL and SMS_GATEWAY_URL name (what they receive is shown at /dev/mailbox), and the sandbox
 * payment gateway on PAYMENT_SANDBOX_PORT, which accepts the RAZORPAY_* keys and delivers its
 * webhooks to PAYMENT_WEBHOOK_URL.
 */
await runProcess('sandbox', async (config, logger) => {
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 4 } });
  const servers = await startSandboxServers({
    db,
    smtpPort: Number(new URL(config.SMTP_URL).port),
    smsPort: Number(new URL(config.SMS_GATEWAY_URL).port),
    smsApiKey: config.SMS_API_KEY,
    payment: {
      port: config.PAYMENT_SANDBOX_PORT,
      keyId: config.RAZORPAY_KEY_ID,
      keySecret: config.RAZORPAY_KEY_SECRET,
      webhookSecret: config.RAZORPAY_WEBHOOK_SECRET,
      webhookUrl: config.PAYMENT_WEBHOOK_URL,
      onError: (error) => logger.error({ err: error }, 'payment sandbox failed'),
    },
  });
  logger.info(
    { smtp: servers.smtpPort, sms: servers.smsPort, payments: servers.paymentPort },
    'sandboxes listening',
  );
  return {
    async stop() {
      await servers.close();
      await db.destroy();
    },
  };
});
