import { useCallback, useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import { DATE_TIME_IN_TEXT } from '../../../lib/format.ts';
import { subscriptionOffer } from '../../../payments/model/paymentTexts.ts';
import { trialOf, useEntitlement } from '../../subscription/useEntitlement.ts';
import { fetchShareFees } from '../../transactions/api/transactionsApi.ts';
import { UnpaidFees } from '../../transactions/components/UnpaidFees.tsx';
import { forgetShareBidDraft } from '../model/shareBidDraft.ts';
import { ShareBidForm } from './ShareBidForm.tsx';
import { ShareBidsTable } from './ShareBidsTable.tsx';
import { useShareBids } from './useShareBids.ts';
import { useShareMember } from './useShareMember.ts';

/**
 * /bid/{id} (section 2): Post A Bid with the Previous Bids table (the member's own share bids).
 * A member with a subscription sees it beside the form; one without is offered the subscription
 * (told until when their free trial runs, if it does).
 * The id names the member whose screen it is; every member sees their own.
 */
export function ShareBidScreen() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const { member, failure, feePaid, reload } = useShareMember();
  const entitlement = useEntitlement();
  const previous = useShareBids(true);
  // The company of the member's newest share bid (the first page is newest first).
  const lastCompany = previous.page === 0 ? previous.list?.bids[0]?.company : undefined;

  // A fee whose checkout was left unpaid (closed, or this page reloaded during it) is offered
  // above the form with its bid, and asked again whenever a fee dialog closes.
  const { request } = useApi();
  const loadUnpaidFees = useCallback(
    (signal: AbortSignal) => fetchShareFees(request, signal),
    [request],
  );
  const [feeDialogsClosed, setFeeDialogsClosed] = useState(0);
  const [paidMessage, setPaidMessage] = useState<string | null>(null);
  const formPaper = useRef<HTMLDivElement>(null);
  // A new form after a fee paid above it: the bid it held, kept in the tab, was the one posted.
  const [formRound, setFormRound] = useState(0);

  const posted = (feeJustPaid: boolean) => {
    if (feeJustPaid) feePaid();
    previous.refresh();
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        Post A Bid
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {(!member || entitlement === null) && !failure && <CenteredSpinner />}
      {member && entitlement !== null && (
        <>
          {entitlement.kind === 'subscription' ? (
            <Stack direction="row" spacing={1} data-testid="share-bid-subscribed">
              <Chip color="primary" label={MESSAGES.lifetimeSubscription} />
              {member.hasPaidToBuyShare && <Chip label="Buy-share bid fee paid" />}
            </Stack>
          ) : (
            <Alert
              severity="info"
              // Found on the page, not news of the moment: read in its place, not interrupting.
              role="note"
              data-testid="share-bid-unsubscribed"
              action={
                <Button component={RouterLink} to="/subscription" color="inherit" size="small">
                  Subscribe
                </Button>
              }
            >
              <KeptWhole
                text={`${subscriptionOffer(trialOf(entitlement))} Share bids need only the buy-share bid fee.`}
                pattern={DATE_TIME_IN_TEXT}
              />
            </Alert>
          )}
          {!member.hasPaidToBuyShare && (
            <>
              <Typography variant="body2" color="textSecondary">
                Your first share bid is posted once the one-time buy-share bid fee is paid.
              </Typography>
              <UnpaidFees
                load={loadUnpaidFees}
                feeName="buy-share bid fee"
                asked={feeDialogsClosed}
                onPaid={(confirmation) => {
                  forgetShareBidDraft(user?._id, id);
                  setFormRound((round) => round + 1);
                  posted(true);
                  setPaidMessage(confirmation.msg || MESSAGES.bidPosted);
                }}
              />
            </>
          )}
          <Paper ref={formPaper} tabIndex={-1} variant="outlined" sx={{ p: 2 }}>
            <ShareBidForm
              key={`${id}:${formRound}`}
              page={id}
              startCompany={lastCompany || member.bidAlias}
              hasPaidToBuyShare={member.hasPaidToBuyShare}
              onPosted={posted}
              onFeeOver={() => {
                reload();
                previous.refresh();
                setFeeDialogsClosed((count) => count + 1);
              }}
            />
          </Paper>
          <ShareBidsTable
            title="Previous Bids"
            list={previous.list}
            failure={previous.failure}
            page={previous.page}
            onPage={previous.setPage}
          />
        </>
      )}
      <SuccessDialog
        message={paidMessage}
        titleId="share-fee-paid-title"
        onClose={() => setPaidMessage(null)}
        // Its note and Pay now are gone with the fee: the keyboard goes to the form.
        focusInstead={() => formPaper.current}
      />
    </Stack>
  );
}
