import type { Knex } from 'knex';
import type { Behaviour } from './behaviour.ts';
import { newId } from './ids.ts';

/** The account id Razorpay puts in every webhook body; the sandbox has one merchant. */
const ACCOUNT_ID = 'acc_BoliSandbox0001';

/**
 * Records a webhook to send, in the caller's transaction, so a payment and the webhooks it owes
 * are committed together. The body is fixed here (copies are byte-identical, with one event id);
 * the signature is computed when it is sent.
 */
export async function enqueueWebhook(
  db: Knex,
  input: {
    event: string;
    payload: Record<string, unknown>;
    behaviour: Behaviour;
    defaultUrl: string;
  },
): Promise<string> {
  const eventId = newId('evt');
  const body = JSON.stringify({
    entity: 'event',
    account_id: ACCOUNT_ID,
    event: input.event,
    contains: Object.keys(input.payload),
    payload: Object.fromEntries(
      Object.entries(input.payload).map(([name, entity]) => [name, { entity }]),
    ),
    created_at: Math.floor(Date.now() / 1000),
  });
  const { behaviour } = input;
  const copy = {
    event_id: eventId,
    event: input.event,
    url: behaviour.webhookUrl ?? input.defaultUrl,
    body,
    status: behaviour.dropWebhooks ? 'dropped' : 'pending',
    next_attempt_at: db.raw(`now() + make_interval(secs => ?)`, [behaviour.webhookDelayMs / 1000]),
  };
  await db('sandbox_gateway_webhooks').insert(
    Array.from({ length: behaviour.webhookCopies }, () => copy),
  );
  return eventId;
}

export type WebhookRecord = {
  eventId: string;
  event: string;
  url: string;
  status: 'pending' | 'delivered' | 'failed' | 'dropped';
  attempts: number;
  lastResponseStatus: number | null;
};

/** The latest webhooks, newest first (for `GET /sandbox/webhooks`). */
export async function recentWebhooks(db: Knex, limit = 50): Promise<WebhookRecord[]> {
  const rows = await db('sandbox_gateway_webhooks').orderBy('id', 'desc').limit(limit);
  return rows.map((row) => ({
    eventId: row.event_id,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    lastResponseStatus: row.last_response_status,
  }));
}
