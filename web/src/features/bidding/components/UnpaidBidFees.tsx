import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useApi } from '../../../app/session/useApi.ts';
import type { Confirmation } from '../../payments/api/paymentsApi.ts';
import { canPayNow } from '../../transactions/api/payUnpaid.ts';
import { fetchBidFeesOfAd, type Transaction } from '../../transactions/api/transactionsApi.ts';
import { PayUnpaidDialog } from '../../transactions/components/PayUnpaidDialog.tsx';
import { feeBidText, unpaidNote } from '../../transactions/model/transactionRows.ts';

type Props = {
  itemId: string;
  /** Changes whenever the fees may have changed (a fee dialog closed): they are asked again. */
  asked: number;
  /** A fee was paid here and its bid placed (msg 'Bid Posted!'). */
  onPaid: (confirmation: Confirmation) => void;
};

/**
 * The member's bid fees on this ad whose checkout was left unpaid (closed, or the page reloaded
 * during it), each with Pay now: the bid is not lost with the page. They are paid on their own
 * order, as from Transactions (`PayUnpaidDialog`); one that can no longer place its bid
 * (bidding closed, or another fee placed it) has no `payBy` and is not offered.
 */
export function UnpaidBidFees({ itemId, asked, onPaid }: Props) {
  const { request } = useApi();
  const [fees, setFees] = useState<Transaction[]>([]);
  const [paying, setPaying] = useState<Transaction | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((count) => count + 1);
  useEffect(() => {
    const controller = new AbortController();
    fetchBidFeesOfAd(request, itemId, controller.signal).then(
      (rows) => {
        if (!controller.signal.aborted) setFees(rows.filter(canPayNow));
      },
      // Nothing to offer is said by the list not showing; Transactions lists them too.
      () => undefined,
    );
    return () => controller.abort();
  }, [request, itemId, asked, reloads]);

  return (
    <>
      {fees.length > 0 && (
        <Stack spacing={1} data-testid="unpaid-bid-fees">
          {fees.map((fee) => {
            const bid = fee.bid ? feeBidText(fee.bid) : fee.itemName;
            return (
              <Alert
                key={fee._id}
                severity="warning"
                // Found on the page, not news of the moment: read in its place, not interrupting.
                role="note"
                action={
                  <Button
                    color="inherit"
                    size="small"
                    aria-label={`Pay now: ${bid}`}
                    onClick={() => setPaying(fee)}
                  >
                    Pay now
                  </Button>
                }
              >
                {bid}: waiting for its bid processing fee. {fee.payBy && unpaidNote(fee.payBy)}
              </Alert>
            );
          })}
        </Stack>
      )}
      <PayUnpaidDialog
        row={paying}
        onClose={() => {
          setPaying(null);
          reload();
        }}
        onPaid={(confirmation) => {
          setPaying(null);
          reload();
          onPaid(confirmation);
        }}
        onOver={reload}
      />
    </>
  );
}
