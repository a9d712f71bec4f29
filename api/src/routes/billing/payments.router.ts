import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { Context } from 'koa';
import { success, failure } from '../../http/envelope.ts';
import { requireAuth } from '../../http/auth.ts';
import { commandMetadata } from '../../http/commands.ts';
import { judgePayableNow, withGatewayPayments } from './payableNow.ts';
import { verifyWebhookSignature } from '../../payments/gateway/signatures.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  creditNoteFileOf,
  invoiceFileOf,
  type InvoiceFile,
} from '../../payments/invoice/invoiceFile.ts';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { ApiError } from '../../http/errors.ts';

/** Besides the buyer, who may download any invoice or credit note (support, to settle disputes). */
const INVOICE_READERS: readonly string[] = ['auditor', 'support', 'admin'];
import { infoOf, ownPurchase, type BillingInfra } from './billingDeps.ts';

/**
 * Payment plumbing every purchase shares (docs/api/payments.md): the checkout configuration the
 * web app loads, where a purchase stands, and the provider's webhooks.
 */
export function paymentsRouter(
  infra: BillingInfra & Pick<Infrastructure, 'storeWebhook' | 'kickWebhooks'>,
): Router {
  const router = createRouter();
  const auth = requireAuth(infra);

  router.get('/api/payments/config', (ctx) => {
    ctx.body = success({
      provider: 'razorpay',
      keyId: infra.config.RAZORPAY_KEY_ID,
      checkoutScriptUrl: infra.config.RAZORPAY_CHECKOUT_SCRIPT_URL,
    });
  });

  router.get('/api/purchases/:id', auth, async (ctx) => {
    const state = await ownPurchase(infra, ctx.params.id!, ctx.state.auth!.userId);
    ctx.body = success(infoOf(infra, state));
  });

  /** Pay now: the unpaid purchase with its open order, once what it buys is judged deliverable. */
  router.get('/api/purchases/:id/payable', auth, async (ctx) => {
    const { userId } = ctx.state.auth!;
    const state = await withGatewayPayments(
      infra,
      await ownPurchase(infra, ctx.params.id!, userId),
    );
    await judgePayableNow(infra, state, commandMetadata(ctx, { userId, role: 'member' }));
    ctx.body = success(infoOf(infra, state));
  });

  /** Serves a tax document of a purchase to its buyer and to auditors and admins; else 404. */
  const serveDocument = async (
    ctx: Context,
    file: InvoiceFile | undefined,
    notFound: { message: string; code: string },
  ) => {
    const viewer = ctx.state.auth!;
    const staff = viewer.roles.some((role) => INVOICE_READERS.includes(role));
    if (file === undefined || (file.userId !== viewer.userId && !staff)) {
      throw new ApiError(404, notFound.message, notFound.code);
    }
    ctx.type = 'application/pdf';
    ctx.set('content-disposition', `attachment; filename="${file.fileName}"`);
    ctx.set('cache-control', 'private, no-store');
    ctx.body = file.pdf;
  };

  /** The tax invoice PDF. */
  router.get('/api/invoices/:purchaseId', auth, async (ctx) => {
    await serveDocument(ctx, await invoiceFileOf(infra.db, ctx.params.purchaseId!), {
      message: BILLING_MESSAGES.invoiceNotFound,
      code: 'INVOICE_NOT_FOUND',
    });
  });

  /** The credit note PDF that reversed the invoice of a refunded purchase. */
  router.get('/api/credit-notes/:purchaseId', auth, async (ctx) => {
    await serveDocument(ctx, await creditNoteFileOf(infra.db, ctx.params.purchaseId!), {
      message: BILLING_MESSAGES.creditNoteNotFound,
      code: 'CREDIT_NOTE_NOT_FOUND',
    });
  });

  /**
   * Answered as soon as the delivery is stored (or found stored already): a signature that does
   * not verify is refused and logged, anything else is processed after the answer.
   */
  router.post('/api/payments/webhook', async (ctx: Context) => {
    const raw = (ctx.request as { rawBody?: string }).rawBody ?? '';
    const signature = ctx.get('x-razorpay-signature');
    if (
      !signature ||
      !verifyWebhookSignature(raw, signature, infra.config.RAZORPAY_WEBHOOK_SECRET)
    ) {
      infra.logger.warn(
        { eventId: ctx.get('x-razorpay-event-id') },
        'webhook with a bad signature refused',
      );
      ctx.status = 400;
      ctx.body = failure('Invalid signature');
      return;
    }
    const body = ctx.request.body as { event?: unknown } | undefined;
    const stored = await infra.storeWebhook({
      eventId: ctx.get('x-razorpay-event-id') || '',
      eventType: typeof body?.event === 'string' ? body.event : 'unknown',
      body: raw,
    });
    if (stored) infra.kickWebhooks();
    ctx.body = success({ received: true, duplicate: !stored });
  });

  return router;
}
