import { useApi } from '../../../app/session/useApi.ts';
import type { Confirmation } from '../../payments/api/paymentsApi.ts';
import { PaymentDialog } from '../../payments/components/PaymentDialog.tsx';
import type { Plan } from '../api/subscriptionApi.ts';
import { addPlanToCart, payCart } from '../api/subscriptionApi.ts';

type Props = {
  /** The plan being bought; the dialog is open while it is set. */
  plan: Plan | null;
  onClose: () => void;
  onPaid: (confirmation: Confirmation) => void;
};

/**
 * Make payment: the plan's cart (GET /api/cart/add/:planId/web, which also creates the order)
 * with its price breakup, then checkout and POST /api/cart/payment/ with the cart id.
 */
export function SubscribeDialog({ plan, onClose, onPaid }: Props) {
  const { request, envelope } = useApi();
  if (!plan) return null;
  return (
    <PaymentDialog
      flow={{
        quote: () => addPlanToCart(request, plan._id),
        // After a failed or expired cart, a fresh one.
        createOrder: () => addPlanToCart(request, plan._id),
        confirm: (cart, response) => payCart(envelope, cart._id ?? '', response),
      }}
      title={plan.name}
      titleId="subscribe-title"
      onClose={onClose}
      onPaid={onPaid}
    />
  );
}
