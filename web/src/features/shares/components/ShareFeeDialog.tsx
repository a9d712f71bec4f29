import Typography from '@mui/material/Typography';
import { useApi } from '../../../app/session/useApi.ts';
import { formatRupees } from '../../../lib/format.ts';
import type { Confirmation } from '../../../payments/api/paymentsApi.ts';
import { PaymentDialog } from '../../../payments/components/PaymentDialog.tsx';
import type { PurchaseInfo } from '../../../payments/api/purchaseInfo.ts';
import { addShareFee, confirmShareFee, type ShareBidBody } from '../api/sharesApi.ts';

/** The bid the fee is paid with, and the fee's quote the form asked for it (judging the bid). */
export type QuotedShareFee = { readonly bid: ShareBidBody; readonly quote: PurchaseInfo };

type Props = {
  /** The dialog is open while it is set. */
  quoted: QuotedShareFee | null;
  onClose: () => void;
  /** The fee was captured and the bid posted (msg 'Bid Posted!'). */
  onPosted: (confirmation: Confirmation) => void;
  /**
   * The payment ended otherwise: refunded (the fee was paid from another tab, and the server
   * posted this bid all the same), or left for the server to confirm.
   */
  onOver: () => void;
};

/**
 * The buy-share bid fee (section 4's share bid flow): the fee with its tax breakup, Proceed → the
 * purchase and its order → checkout → the success call, after which the server has posted the bid.
 */
export function ShareFeeDialog({ quoted, onClose, onPosted, onOver }: Props) {
  const { request, envelope } = useApi();
  if (!quoted) return null;
  const { bid, quote } = quoted;
  return (
    <PaymentDialog
      flow={{
        // Asked by the form at Post Bid, which judged the bid with it: not asked again.
        quote: () => Promise.resolve(quote),
        createOrder: () => addShareFee(request, bid),
        confirm: (purchase, response) => confirmShareFee(envelope, purchase._id ?? '', response),
      }}
      title="Buy-share bid fee"
      titleId="share-fee-title"
      onClose={onClose}
      onPaid={onPosted}
      onOver={onOver}
    >
      <Typography variant="body2" color="textSecondary">
        Bidding on shares needs a one-time participation fee. Your bid of {formatRupees(bid.bidamt)}{' '}
        as {bid.company} is posted once it is paid.
      </Typography>
    </PaymentDialog>
  );
}
