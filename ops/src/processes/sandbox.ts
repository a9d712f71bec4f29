import knex from 'knex';
import { startSandboxServers } from '@boli/api/sandbox/servers';
import { runProcess } from './run.ts';

/**
 * The outside world's stand-ins for development and demos: the SMTP and SMS sandboxes on the ports
 * SMTP_URL and SMS_GATEWAY_URL name. What they receive is shown at /dev/mailbox.
 */
await runProcess('sandbox', async (config, logger) => {
  const db = knex({ client: 'pg', connection: config.DATABASE_URL, pool: { min: 0, max: 4 } });
  const servers = await startSandboxServers({
    db,
    smtpPort: Number(new URL(config.SMTP_URL).port),
    smsPort: Number(new URL(config.SMS_GATEWAY_URL).port),
    smsApiKey: config.SMS_API_KEY,
  });
  logger.info({ smtp: servers.smtpPort, sms: servers.smsPort }, 'sandboxes listening');
  return {
    async stop() {
      await servers.close();
      await db.destroy();
    },
  };
});
