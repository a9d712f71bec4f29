import Typography from '@mui/material/Typography';
import { useApi } from '../../../app/session/useApi.ts';
import type { Confirmation } from '../../../payments/api/paymentsApi.ts';
import { PaymentDialog } from '../../../payments/components/PaymentDialog.tsx';
import { confirmUnpaid, payablePurchase } from '../api/payUnpaid.ts';
import type { Transaction } from '../api/transactionsApi.ts';
import { feeBidText } from '../model/transactionRows.ts';

type Props = {
  /** The started, unpaid purchase to pay; the dialog is open while it is set. */
  row: Transaction | null;
  onClose: () => void;
  onPaid: (confirmation: Confirmation) => void;
  /** Refunded or being confirmed: the list behind reloads. */
  onOver: () => void;
};

/**
 * Pay now, from /transactions (`api/payUnpaid.ts`): a purchase started elsewhere (the
 * subscription, a bid or share fee, an ad space) whose checkout was closed unpaid, paid on the
 * same gateway order. Nothing new is bought; the server delivers it, or refunds it when it can no
 * longer be delivered (bidding closed, already subscribed).
 */
export function PayUnpaidDialog({ row, onClose, onPaid, onOver }: Props) {
  const { envelope } = useApi();
  if (!row) return null;
  return (
    <PaymentDialog
      flow={{
        quote: () => payablePurchase(envelope, row._id),
        createOrder: (purchase) => payablePurchase(envelope, purchase._id ?? row._id),
        confirm: (purchase, response) =>
          confirmUnpaid(envelope, row.kind, purchase._id ?? row._id, response),
      }}
      title={row.itemName}
      titleId="pay-unpaid-title"
      onClose={onClose}
      onPaid={onPaid}
      onOver={onOver}
    >
      {row.bid && (
        <Typography variant="body2" color="textSecondary">
          {feeBidText(row.bid)}: posted once the fee is paid.
        </Typography>
      )}
    </PaymentDialog>
  );
}
