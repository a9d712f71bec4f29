import { paymentGatewayOf } from '@boli/api/infrastructure';
import type { CheckoutDeps } from '@boli/api/payments/checkout';
import { billingSettingsOf } from '@boli/api/routes/billing/billingDeps';
import type { JobDeps } from './registry.ts';

/** What a job that records purchases uses: the gateway and the supplier of the worker's config. */
export const checkoutDepsOf = (deps: JobDeps): CheckoutDeps => ({
  db: deps.db,
  store: deps.store,
  gateway: paymentGatewayOf(deps.config),
  logger: deps.logger,
  settings: billingSettingsOf(deps.config),
});
