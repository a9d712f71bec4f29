import Typography from '@mui/material/Typography';
import { useApi } from '../../app/session/useApi.ts';
import { formatRupees } from '../../lib/format.ts';
import {
  addBidFee,
  confirmBidFee,
  quoteBidFee,
  type Confirmation,
  type FeeBid,
} from '../api/paymentsApi.ts';
import { PaymentDialog } from './PaymentDialog.tsx';

type Props = {
  /** The bid to pay the fee for; the dialog is open while it is set. */
  bid: FeeBid | null;
  onClose: () => void;
  /** The fee was captured and the bid placed (msg 'Bid Posted!'). */
  onPosted: (confirmation: Confirmation) => void;
};

/**
 * The bid processing fee (section 4): the fee and its tax for this bid, Proceed → the purchase and
 * its order → checkout → the success call. The bid is placed by the server after the capture; if
 * bidding closed meanwhile the fee is refunded and the dialog says why.
 */
export function BidFeeDialog({ bid, onClose, onPosted }: Props) {
  const { request, envelope } = useApi();
  if (!bid) return null;
  return (
    <PaymentDialog
      flow={{
        quote: () => quoteBidFee(request, bid.bidamt),
        createOrder: () => addBidFee(request, bid),
        confirm: (purchase, response) => confirmBidFee(envelope, purchase._id ?? '', response),
      }}
      title="Bid processing fee"
      titleId="bid-fee-title"
      onClose={onClose}
      onPaid={onPosted}
    >
      <Typography variant="body2" color="textSecondary">
        Your bid of {formatRupees(bid.bidamt)} is posted once the bid processing fee is paid.
      </Typography>
    </PaymentDialog>
  );
}
