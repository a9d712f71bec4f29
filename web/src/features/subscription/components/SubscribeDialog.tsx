import { useApi } from '../../../app/session/useApi.ts';
import type { Confirmation } from '../../../payments/api/paymentsApi.ts';
import { PaymentDialog } from '../../../payments/components/PaymentDialog.tsx';
import type { Plan } from '../api/subscriptionApi.ts';
import { addPlanToCart, payCart, quotePlan } from '../api/subscriptionApi.ts';

type Props = {
  /** The plan being bought; the dialog is open while it is set. */
  plan: Plan | null;
  onClose: () => void;
  onPaid: (confirmation: Confirmation) => void;
  /** Refunded (a subscription bought meanwhile) or being confirmed: the page reloads behind. */
  onOver: () => void;
};

/**
 * Make payment: the plan's price breakup (GET /api/cart/subscription/purchaseInfo/:planId, which
 * records nothing, so closing the dialog leaves no unpaid cart behind); Pay then starts the cart
 * (GET /api/cart/add/:planId/web, which also creates the order), checkout and POST
 * /api/cart/payment/ with the cart id.
 */
export function SubscribeDialog({ plan, onClose, onPaid, onOver }: Props) {
  const { request, envelope } = useApi();
  if (!plan) return null;
  return (
    <PaymentDialog
      flow={{
        quote: () => quotePlan(request, plan._id),
        createOrder: () => addPlanToCart(request, plan._id),
        confirm: (cart, response) => payCart(envelope, cart._id ?? '', response),
      }}
      title={plan.name}
      titleId="subscribe-title"
      onClose={onClose}
      onPaid={onPaid}
      onOver={onOver}
    />
  );
}
