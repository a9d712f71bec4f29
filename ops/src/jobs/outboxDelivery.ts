import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { routeByChannel, smsHttpSender } from '@boli/api/messaging/smsHttp';
import { smtpSender } from '@boli/api/messaging/smtp';
import type { MessageSender, OutboundMessage } from '@boli/api/messaging/port';
import type { Logger } from '@boli/api/logger';
import { orNothingBeforeFirstBuild } from '@boli/projections/runtime/beforeFirstBuild';
import type { JobDeps, JobKind } from './registry.ts';
import { mailNewNotes } from './noteEmails.ts';

/*
 * Delivery of the outbox (projections/src/outbox): a sweep, repeated every second by a BullMQ job
 * scheduler, sends every message that is due. `outbox_deliveries` (not a projection, so a rebuild
 * never resets it) says what was sent. A message is claimed by committing it as 'sending' before
 * it goes out, under FOR UPDATE SKIP LOCKED, so two sweeps never take the same one and no message
 * is sent twice; one interrupted mid-send is marked failed rather than risked twice. Nothing is
 * sent past its `expires_at` (an OTP after its 10 minutes, a link after its hour).
 *
 * The messages are the outbox projection's (account messages, acknowledgements) and the notices
 * mailed to members (`note_emails`, written by noteEmails.ts just before each sweep).
 */

export const OUTBOX_QUEUE = 'outbox-delivery';
export const SWEEP_EVERY_MS = 1_000;
export const MAX_ATTEMPTS = 5;
/** Sends left as 'sending' longer than this were interrupted (crash); they are not retried. */
const INTERRUPTED_AFTER_MS = 5 * 60_000;
const BATCH = 50;

/** Every message there is to send, whichever part of the outbox wrote it. */
const MESSAGES = `(SELECT id, channel, recipient, subject, text, expires_at FROM outbox_messages
   UNION ALL
   SELECT id, 'email', recipient, subject, text, expires_at FROM note_emails)`;

/** 2 s, 4 s, 8 s, 16 s after the 1st, 2nd, 3rd, 4th failure. */
export const backoffMs = (attempts: number): number => 1_000 * 2 ** Math.min(attempts, 10);

type Claimed = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string;
  text: string;
  attempts: number;
};

export type SweepResult = { sent: number; failed: number; expired: number };

/** Sends what is due; before the outbox projection's first build exists there is nothing to do. */
export async function sweepOutbox(
  db: Knex,
  sender: MessageSender,
  now: Date = new Date(),
  logger?: Pick<Logger, 'warn'>,
): Promise<SweepResult> {
  return orNothingBeforeFirstBuild(sweep(db, sender, now, logger), {
    sent: 0,
    failed: 0,
    expired: 0,
  });
}

async function sweep(
  db: Knex,
  sender: MessageSender,
  now: Date,
  logger?: Pick<Logger, 'warn'>,
): Promise<SweepResult> {
  // New messages get their delivery row; one already past its expiry is never sent.
  await db.raw(
    `INSERT INTO outbox_deliveries (message_id, status, next_attempt_at)
     SELECT m.id, CASE WHEN m.expires_at <= ? THEN 'expired' ELSE 'pending' END, ?
       FROM ${MESSAGES} m
      WHERE NOT EXISTS (SELECT 1 FROM outbox_deliveries d WHERE d.message_id = m.id)
     ON CONFLICT (message_id) DO NOTHING`,
    [now, now],
  );
  const expired = await db.raw(
    `UPDATE outbox_deliveries d SET status = 'expired'
       FROM ${MESSAGES} m
      WHERE m.id = d.message_id AND d.status IN ('pending', 'retry') AND m.expires_at <= ?`,
    [now],
  );
  await db('outbox_deliveries')
    .where({ status: 'sending' })
    .where('claimed_at', '<', new Date(now.getTime() - INTERRUPTED_AFTER_MS))
    .update({ status: 'failed', last_error: 'interrupted while sending; not retried' });

  const claimed: Claimed[] = await db.transaction(async (trx) => {
    const { rows } = await trx.raw<{ rows: Claimed[] }>(
      `WITH due AS (
         SELECT d.message_id FROM outbox_deliveries d
           JOIN ${MESSAGES} m ON m.id = d.message_id
          WHERE d.status IN ('pending', 'retry') AND d.next_attempt_at <= ? AND m.expires_at > ?
          ORDER BY d.next_attempt_at
          LIMIT ${BATCH}
          FOR UPDATE OF d SKIP LOCKED)
       UPDATE outbox_deliveries d
          SET status = 'sending', attempts = d.attempts + 1, claimed_at = ?
         FROM due, ${MESSAGES} m
        WHERE d.message_id = due.message_id AND m.id = d.message_id
       RETURNING m.id, m.channel, m.recipient, m.subject, m.text, d.attempts`,
      [now, now, now],
    );
    return rows;
  });

  let sent = 0;
  let failed = 0;
  await Promise.all(
    claimed.map(async (message) => {
      const outbound: OutboundMessage = {
        id: message.id,
        channel: message.channel,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
      };
      try {
        const { providerId } = await sender.send(outbound);
        await db('outbox_deliveries').where({ message_id: message.id }).update({
          status: 'sent',
          sent_at: new Date(),
          provider_id: providerId,
          last_error: null,
        });
        sent++;
      } catch (error) {
        failed++;
        const last = message.attempts >= MAX_ATTEMPTS;
        logger?.warn(
          { err: error, message: message.id, attempts: message.attempts },
          'outbox send failed',
        );
        await db('outbox_deliveries')
          .where({ message_id: message.id })
          .update({
            status: last ? 'failed' : 'retry',
            next_attempt_at: new Date(now.getTime() + backoffMs(message.attempts)),
            last_error: String((error as Error)?.message ?? error).slice(0, 1000),
          });
      }
    }),
  );
  // Secrets are only needed until their message can no longer be sent.
  await db('message_secrets')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600_000))
    .delete();
  return { sent, failed, expired: expired.rowCount ?? 0 };
}

export const outboxDelivery: JobKind = {
  queue: OUTBOX_QUEUE,
  handler(deps: JobDeps) {
    const { config } = deps;
    const sender = routeByChannel(
      smtpSender(config.SMTP_URL, config.MAIL_FROM),
      smsHttpSender(config.SMS_GATEWAY_URL, config.SMS_API_KEY),
    );
    // The scheduler is an upsert: every worker process may declare it, one schedule results.
    const queue = deps.redisOutages.errors(
      new Queue(OUTBOX_QUEUE, { connection: deps.redis, prefix: config.QUEUE_PREFIX }),
    );
    queue
      .upsertJobScheduler(
        'outbox-sweep',
        { every: SWEEP_EVERY_MS },
        { name: 'sweep', opts: { removeOnComplete: true, removeOnFail: 100 } },
      )
      .catch((error: unknown) =>
        deps.logger.error({ err: error }, 'could not schedule the outbox sweep'),
      );
    return async () => {
      const now = new Date();
      await mailNewNotes(deps.db, now, config.PUBLIC_URL);
      return sweepOutbox(deps.db, sender, now, deps.logger);
    };
  },
};
