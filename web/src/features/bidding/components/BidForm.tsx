import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { addressOf } from '../../../app/guards/access.ts';
import { BIDDING_SECTION_ID } from '@boli/engine/social/notificationLink';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FieldRow } from '../../../components/FieldRow.tsx';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, firstMessageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { endsSession } from '../../../app/session/sessionEnd.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useRequireLogin } from '../../../app/session/useRequireLogin.ts';
import { BidDetailsFields } from '../../../components/BidDetailsFields.tsx';
import { aliasLengthHint, SELECT_TYPE } from '../../../components/bidDetails.ts';
import { useBidFieldFaults } from '../../../components/useBidFieldFaults.ts';
import { adGoneMeanwhile, placeBid, subscribeLink, type PlaceBidBody } from '../api/bidsApi.ts';
import type { BidSummaryView } from '../api/bidViews.ts';
import { bidDraftFor, readBidDraft, saveBidDraft } from '../model/bidDraft.ts';
import {
  bidFormProblem,
  bidRequestBody,
  bidWarning,
  isStillTheBid,
  type BidFormInput,
  type BidYardstick,
} from '../model/bidForm.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { submissionKey, unconfirmed } from '../../../lib/submissionKey.ts';
import { useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';
import { useEntitlement } from '../../subscription/useEntitlement.ts';
import { BidNeedsSubscription, SubscribeOrPayFee } from './SubscribeOrPayFee.tsx';
import { TrialEndingNote } from '../../subscription/components/TrialEndingNote.tsx';

type Props = {
  itemId: string;
  onPosted: (summary: BidSummaryView) => void;
  /** The member chose to pay the processing fee for this refused bid. */
  onPayFee: (bid: PlaceBidBody) => void;
  /**
   * Bidding closed while this bid was on its way: the form goes with the open bidding, so the
   * area says what became of the bid.
   */
  onClosedMeanwhile?: (bid: PlaceBidBody) => void;
  /** Refused because the ad is no longer there (withdrawn meanwhile): the page reads it again. */
  onAdGone?: () => void;
  /**
   * The alias the form starts with: the member's on this ad (their first bid's, which the ad
   * holds them to), or that of a bid just placed through the fee. Without one, the member's
   * registered alias.
   */
  keptAlias?: string;
  /** What an amount is measured against before a bid far above it is placed. */
  yardstick: BidYardstick;
};

/** A refusal; one that says to subscribe keeps the bid, so its processing fee can be paid. */
type Failure = { message: string; subscribeAt: string | null; bid?: PlaceBidBody };

const EMPTY: BidFormInput = { bidAlias: '', type: SELECT_TYPE, amount: '' };

/**
 * The bid form for everyone but the owner, while bids are taken: alias (`keptAlias`, else the
 * member's bidAlias, to start with), type and amount. A guest who submits is asked to log in. A
 * member refused for want of a subscription may pay the bid's processing fee instead
 * (`onPayFee`). What is typed is kept in the tab until posted (model/bidDraft.ts): the page is
 * rebuilt when the session ends and after logging in again, and the bid is still there.
 */
/** The api's refusals of an alias others hold: another bidder's on the ad, a member's username. */
const ALIAS_REFUSALS = ['BID_ALIAS_TAKEN', 'BID_ALIAS_IS_USERNAME'];

/** Refused for its alias: one others hold, or any refusal naming the field (a control character). */
const aliasRefused = (error: unknown): error is ApiError =>
  error instanceof ApiError &&
  (ALIAS_REFUSALS.includes(error.code) || error.errors.some((e) => e.field === 'bidAlias'));

/** The bid form's name, by which the bid area finds its Bid button. */
export const BID_FORM_LABEL = 'Place a bid';

/**
 * The alias the member bid under on this ad, when a bid under another was refused for it
 * (BID_ALIAS_CHANGED: a member is one bidder to the others); null for any other answer.
 */
function aliasKeptOnAd(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 'BID_ALIAS_CHANGED') return null;
  const alias = (error.data as { alias?: unknown } | null)?.alias;
  return typeof alias === 'string' ? alias : null;
}

export function BidForm({
  itemId,
  onPosted,
  onPayFee,
  onClosedMeanwhile,
  onAdGone,
  keptAlias = '',
  yardstick,
}: Props) {
  const { status, user, token } = useSession();
  const { request } = useApi();
  const requireLogin = useRequireLogin();
  const location = useLocation();
  const memberId = status === 'member' ? user?._id : undefined;
  // Neither a subscription nor a trial: said above the form before a bid is typed.
  const entitlement = useEntitlement(memberId !== undefined);
  const [input, setInput] = useState<BidFormInput>(
    () => bidDraftFor(readBidDraft(itemId), memberId) ?? { ...EMPTY, bidAlias: keptAlias },
  );
  // A retry after a lost answer carries the same Idempotency-Key (lib/submissionKey.ts).
  const [submission] = useState(() => submissionKey(`bid:${itemId}`));
  // A bid still on its way when the page was reloaded: it may have been placed, and the form,
  // refilled from the draft, says that pressing again is safe.
  const [failure, setFailure] = useState<Failure | null>(() =>
    submission.waiting() && input.amount !== ''
      ? { message: MESSAGES.bidUnconfirmed, subscribeAt: null }
      : null,
  );
  useOfflineNoticeGoes(failure, setFailure, (said) => said.message);
  const [sending, setSending] = useState(false);
  // A bid far above the asking price, waiting for the member to say it is meant.
  const [outlier, setOutlier] = useState<string | null>(null);
  const faults = useBidFieldFaults(
    input,
    input.bidAlias,
    user?.username,
    user ? bidFormProblem(input, user.username) : null,
  );
  // 'Change amount' (or Escape, or Back) puts the keyboard on the amount: the dialog would give
  // it back to Bid, where Enter asks the same question again. An effect of this form's runs after
  // the dialog's own, which restores the focus as it closes.
  const [amountAgain, setAmountAgain] = useState(0);
  useEffect(() => {
    if (amountAgain === 0) return;
    faults.form.current?.querySelector<HTMLInputElement>('input[name="bidamt"]')?.focus();
  }, [amountAgain, faults.form]);
  // The alias another bidder holds on this ad, or another member's username (ALIAS_REFUSALS):
  // marked till changed.
  const [takenAlias, setTakenAlias] = useState<string | null>(null);
  const { atFault } = faults;
  const aliasAtFault = atFault.includes('alias') || takenAlias === input.bidAlias.trim();
  const failureId = `bid-failure-${itemId}`;
  const aliasId = `bid-alias-${itemId}`;
  const aliasHint = aliasLengthHint(input.bidAlias);
  // What the form finds wrong now, once refused for it; else the last refusal's words.
  const said: Failure | null =
    faults.problemSaid !== null ? { message: faults.problemSaid, subscribeAt: null } : failure;

  useEffect(() => saveBidDraft(itemId, input, memberId), [itemId, input, memberId]);

  // The member's own alias (the session's, read with their details), unless one is typed.
  const ownAlias = user?.bidAlias ?? '';
  useEffect(() => {
    if (!ownAlias) return;
    setInput((current) => (current.bidAlias ? current : { ...current, bidAlias: ownAlias }));
  }, [ownAlias]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A guest comes back from Login to the bid form, as typed (the draft), not the ad's top.
    const bidFormHere = addressOf({ ...location, hash: `#${BIDDING_SECTION_ID}` });
    if (!requireLogin(undefined, bidFormHere) || !user) return;
    if (bidFormProblem(input, user.username)) {
      // Said by the fields' faults (`problemSaid`), as they are now.
      setFailure(null);
      faults.refused();
      return;
    }
    setFailure(null);
    faults.accepted();
    const warning = bidWarning(Number(input.amount), yardstick);
    if (warning) setOutlier(warning);
    else void send();
  };

  const send = async () => {
    if (!user || input.type === SELECT_TYPE) return;
    setOutlier(null);
    setSending(true);
    const body = bidRequestBody(
      { ...input, type: input.type },
      { userId: user._id, username: user.username },
      itemId,
    );
    try {
      const summary = await submission.send(body, (key) => placeBid(request, body, key));
      setInput((current) => ({ ...current, type: SELECT_TYPE, amount: '' }));
      onPosted(summary);
    } catch (error) {
      // The session is over: the app logged out and said so; the bid stays for after the login.
      if (endsSession(error, token)) return;
      if (adGoneMeanwhile(error) && onAdGone) return onAdGone();
      const subscribeAt = subscribeLink(error);
      const keptAlias = aliasKeptOnAd(error);
      if (keptAlias !== null) {
        // The member's alias on this ad goes back in the field: Bid again places the bid.
        setInput((current) => ({ ...current, bidAlias: keptAlias }));
      } else if (aliasRefused(error)) {
        setTakenAlias(body.bidAlias);
        // As a refusal found here: the keyboard, and the view, go to the alias marked.
        faults.refused();
      }
      if (error instanceof ApiError && error.code === 'BIDDING_CLOSED') onClosedMeanwhile?.(body);
      setFailure({
        message: unconfirmed(error) ? MESSAGES.bidUnconfirmed : firstMessageOf(error),
        subscribeAt,
        ...(subscribeAt ? { bid: body } : {}),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack
      component="form"
      ref={faults.form}
      noValidate
      onSubmit={submit}
      spacing={2}
      aria-label={BID_FORM_LABEL}
    >
      {!said?.subscribeAt && <BidNeedsSubscription entitlement={entitlement} />}
      <TrialEndingNote entitlement={entitlement} />
      <FieldRow>
        <TextField
          id={aliasId}
          label="Bid alias"
          name="bidAlias"
          value={input.bidAlias}
          onChange={(e) => setInput((current) => ({ ...current, bidAlias: e.target.value }))}
          size="small"
          fullWidth
          error={aliasAtFault}
          helperText={aliasHint}
          slotProps={{
            htmlInput: {
              // At fault, described by the refusal and by its count of characters alike.
              ...(aliasAtFault
                ? {
                    'aria-describedby': aliasHint
                      ? `${failureId} ${aliasId}-helper-text`
                      : failureId,
                  }
                : {}),
            },
          }}
        />
        <BidDetailsFields
          details={input}
          onChange={(change) => setInput((current) => ({ ...current, ...change }))}
          invalid={atFault}
          describedBy={failureId}
          currencyCode={yardstick.currencyCode}
        />
      </FieldRow>
      {said && (
        <Alert severity="error" id={failureId}>
          {said.subscribeAt ? (
            <SubscribeOrPayFee
              entitlement={entitlement}
              message={said.message}
              subscribeAt={said.subscribeAt}
              // The fee pays for the bid refused: changed since, it is sent again first.
              fee={{
                canPay: said.bid !== undefined && isStillTheBid(input, said.bid),
                onPay: () => said.bid && onPayFee(said.bid),
              }}
            />
          ) : (
            said.message
          )}
        </Alert>
      )}
      <Button type="submit" variant="contained" loading={sending} sx={{ alignSelf: 'flex-start' }}>
        Bid
      </Button>
      <ConfirmDialog
        open={outlier !== null}
        titleId={`outlier-bid-${itemId}`}
        title="Place this bid?"
        keepLabel="Change amount"
        actLabel="Place bid"
        onKeep={() => {
          setOutlier(null);
          setAmountAgain((n) => n + 1);
        }}
        onAct={() => void send()}
      >
        {outlier}
      </ConfirmDialog>
    </Stack>
  );
}
