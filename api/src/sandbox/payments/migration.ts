import type { Knex } from 'knex';

/**
 * The sandbox payment gateway's own state (orders, payments, refunds, its test behaviour and its
 * webhook outbox), in PostgreSQL so a restarted sandbox forgets nothing — not even a webhook it
 * still owes. Sandbox only: production talks to Razorpay and never reads these tables.
 */
export const paymentSandboxMigration = {
  name: '20261124_0700_sandbox_gateway',
  async up(knex: Knex) {
    await knex.schema.createTable('sandbox_gateway_orders', (table) => {
      table.text('id').primary();
      table.bigInteger('amount').notNullable();
      table.text('currency').notNullable();
      table.text('receipt');
      table.jsonb('notes').notNullable().defaultTo('{}');
      table.text('status').notNullable();
      table.integer('attempts').notNullable().defaultTo(0);
      table.bigInteger('amount_paid').notNullable().defaultTo(0);
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('sandbox_gateway_payments', (table) => {
      table.text('id').primary();
      table.text('order_id').notNullable().references('sandbox_gateway_orders.id').index();
      table.bigInteger('amount').notNullable();
      table.text('currency').notNullable();
      table.text('status').notNullable();
      table.text('method').notNullable();
      table.bigInteger('amount_refunded').notNullable().defaultTo(0);
      table.text('error_code');
      table.text('error_description');
      table.text('email').notNullable().defaultTo('');
      table.text('contact').notNullable().defaultTo('');
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    });
    await knex.schema.createTable('sandbox_gateway_refunds', (table) => {
      table.text('id').primary();
      table.text('payment_id').notNullable().references('sandbox_gateway_payments.id');
      table.bigInteger('amount').notNullable();
      table.text('receipt');
      table.jsonb('notes').notNullable().defaultTo('{}');
      table.text('status').notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      table.unique(['payment_id', 'receipt']);
    });
    await knex.schema.createTable('sandbox_gateway_behaviour', (table) => {
      table.integer('id').primary();
      table.integer('fail_next_payments').notNullable().defaultTo(0);
      table.integer('webhook_delay_ms').notNullable().defaultTo(0);
      table.integer('webhook_copies').notNullable().defaultTo(1);
      table.boolean('drop_webhooks').notNullable().defaultTo(false);
      table.text('webhook_url');
    });
    await knex.schema.createTable('sandbox_gateway_webhooks', (table) => {
      table.bigIncrements('id');
      table.text('event_id').notNullable().index();
      table.text('event').notNullable();
      table.text('url').notNullable();
      table.text('body').notNullable();
      table.text('status').notNullable();
      table.integer('attempts').notNullable().defaultTo(0);
      table.integer('last_response_status');
      table.timestamp('next_attempt_at', { useTz: true }).notNullable();
      table.timestamp('delivered_at', { useTz: true });
      table.index(['status', 'next_attempt_at']);
    });
  },
  async down(knex: Knex) {
    for (const name of ['webhooks', 'behaviour', 'refunds', 'payments', 'orders']) {
      await knex.schema.dropTable(`sandbox_gateway_${name}`);
    }
  },
};
