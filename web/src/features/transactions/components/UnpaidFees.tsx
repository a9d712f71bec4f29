import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Confirmation } from '../../../payments/api/paymentsApi.ts';
import { canPayNow } from '../api/payUnpaid.ts';
import type { Transaction } from '../api/transactionsApi.ts';
import { feeBidText, unpaidNote } from '../model/transactionRows.ts';
import { PayUnpaidDialog } from './PayUnpaidDialog.tsx';

type Props = {
  /** The member's fees of one kind (for one page's bids), newest first. */
  load: (signal: AbortSignal) => Promise<Transaction[]>;
  /** What the fee is called: 'bid processing fee', 'buy-share bid fee'. */
  feeName: string;
  /** Changes whenever the fees may have changed (a fee dialog closed): they are asked again. */
  asked: number;
  /** A fee was paid here and its bid posted (msg 'Bid Posted!'). */
  onPaid: (confirmation: Confirmation) => void;
};

/**
 * The fees whose checkout was left unpaid (closed, or the page reloaded during it) on the page of
 * the bid they post, each with that bid and Pay now: the bid is not lost with the page. They are
 * paid on their own order, as from Transactions (`PayUnpaidDialog`); one that can no longer post
 * its bid (bidding closed, another fee placed it, the fee paid otherwise) has no `payBy` and is
 * not offered.
 */
export function UnpaidFees({ load, feeName, asked, onPaid }: Props) {
  const [fees, setFees] = useState<Transaction[]>([]);
  const [paying, setPaying] = useState<Transaction | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((count) => count + 1);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (rows) => {
        if (!controller.signal.aborted) setFees(rows.filter(canPayNow));
      },
      // Nothing to offer is said by the list not showing; Transactions lists them too.
      () => undefined,
    );
    return () => controller.abort();
  }, [load, asked, reloads]);

  return (
    <>
      {fees.length > 0 && (
        <Stack spacing={1} data-testid="unpaid-fees">
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
                {bid}: waiting for its {feeName}. {fee.payBy && unpaidNote(fee.payBy)}
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
