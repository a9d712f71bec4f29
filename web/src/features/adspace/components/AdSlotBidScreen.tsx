import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SLOT_SPACE_TYPES, type SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { isCalendarDate } from '@boli/engine/shared/indiaTime';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, firstMessageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { DATES_IN_TEXT, formatDate, formatRupees } from '../../../lib/format.ts';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import {
  LoadFailure,
  loadFailureOf,
  type LoadFailureReason,
} from '../../../components/LoadFailure.tsx';
import { AMOUNT_FIELD } from '../../../lib/numberInput.ts';
import { isTooLargeAmount } from '../../../components/bidDetails.ts';
import { useTypedRefusal } from '../../../lib/useTypedRefusal.ts';
import {
  fetchSlotBids,
  fetchSlotOutcome,
  postSlotBid,
  type SlotBid,
  type SlotOutcomeView,
} from '../api/adspaceApi.ts';
import { subscribeLink } from '../../bidding/api/bidsApi.ts';
import { slotTypeOr } from '@boli/engine/adspace/slotPaths';
import {
  calendarReturnPath,
  SLOT_NOT_OPEN_MESSAGES,
  slotOpening,
} from '../model/calendarEvents.ts';
import { useJudgedOnceRefused } from '../../../lib/refusalFocus.ts';
import { submissionKey, unconfirmed } from '../../../lib/submissionKey.ts';
import { useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';
import {
  companyTakenRefusal,
  quotableSlotBid,
  slotBidRefusal,
  type SlotBidRefusal,
} from '../model/slotBidInput.ts';
import { readSlotBidDraft, saveSlotBidDraft } from '../model/slotBidDraft.ts';
import { slotStanding } from '../model/slotStanding.ts';
import { slotClosedText, slotOutcomeText, slotTerms } from '../model/slotTerms.ts';
import { SlotBidQuote } from './SlotBidQuote.tsx';
import { SlotBidsTable } from './SlotBidsTable.tsx';
import { onNotificationArrived } from '../../../app/notificationSignal.ts';
import { useRefreshWhileShown } from '../../../lib/useRefreshWhileShown.ts';
import { serverDate } from '../../../lib/serverClock.ts';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { bidWarning } from '../../bidding/model/bidForm.ts';
import { spaceTypeOptions } from './spaceTypeOptions.tsx';
import {
  BidNeedsSubscription,
  SubscribeOrPayFee,
} from '../../bidding/components/SubscribeOrPayFee.tsx';
import { useEntitlement } from '../../subscription/useEntitlement.ts';

/**
 * A refusal's words under the amount; below the base amount, with the base's figure (the line
 * they replace said it, and the spec's two sentences do not).
 */
const actionLine = (action: string | undefined): string | undefined =>
  action === MESSAGES.slotBidBelowBaseAction
    ? `${action} (${formatRupees(LIMITS.adBidBaseAmountRupees)}).`
    : action;

/** The amount field's id: Change amount in the confirmation goes back to it. */
const AMOUNT_FIELD_ID = 'slot-bid-amount';

/**
 * The slot's bids, and where it stands for the viewer (closed by the server, offered, sold).
 * Bids that could not be read are not shown as none: the list says why, with Retry.
 */
function useSlotBids(slotdate: string, type: SlotSpaceType, signedIn: boolean) {
  const { request } = useApi();
  const [bids, setBids] = useState<SlotBid[] | null>(null);
  const [failure, setFailure] = useState<LoadFailureReason | null>(null);
  const [outcome, setOutcome] = useState<SlotOutcomeView | null>(null);
  /**
   * `quietly` (a refresh nobody asked for): what could not be read stays as it was shown.
   * Answers the bids read, if they were.
   */
  const load = useCallback(
    async (signal?: AbortSignal, quietly = false): Promise<SlotBid[] | undefined> => {
      const [listed, standing] = await Promise.allSettled([
        fetchSlotBids(request, slotdate, type, signal),
        signedIn ? fetchSlotOutcome(request, slotdate, type, signal) : Promise.resolve(null),
      ]);
      if (signal?.aborted) return undefined;
      if (listed.status === 'fulfilled') {
        setBids(listed.value);
        setFailure(null);
      } else if (!quietly) {
        setBids(null);
        setFailure(loadFailureOf(listed.reason));
      }
      // Not read, the page goes by the clock alone, as it did before the server was asked.
      if (standing.status === 'fulfilled') setOutcome(standing.value);
      else if (!quietly) setOutcome(null);
      return listed.status === 'fulfilled' ? listed.value : undefined;
    },
    [request, slotdate, type, signedIn],
  );
  // Another type (or date) chosen: the bids shown were the other slot's, and are not judged
  // against (a company name taken there is free here) until this slot's are read.
  const [readFor, setReadFor] = useState(`${slotdate}:${type}`);
  if (readFor !== `${slotdate}:${type}`) {
    setReadFor(`${slotdate}:${type}`);
    setBids(null);
    setOutcome(null);
  }
  useEffect(() => {
    if (!isCalendarDate(slotdate)) return;
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load, slotdate]);
  // Others' bids land meanwhile: the list is read again as an ad's bids are (every 10 s, and
  // at once when a notification comes, an outbid one say), so the standing never goes stale.
  const refresh = useCallback(() => {
    if (isCalendarDate(slotdate)) void load(undefined, true);
  }, [load, slotdate]);
  useRefreshWhileShown(refresh, LIMITS.bidListRefreshMs);
  useEffect(() => onNotificationArrived(refresh), [refresh]);
  return { bids, failure, outcome, reload: () => void load(), read: () => load() };
}

/**
 * /adbid/{id}: the bid page of one slot date (id = YYYY-MM-DD, ?type= authPages|sidePanels):
 * type, amount and company, with the spec's messages, and the slot's bids. Only a date after
 * today (India time) takes bids.
 */
export function AdSlotBidScreen() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { token, user } = useSession();
  const { envelope } = useApi();
  // The type is the address's: a reload or a link sent on shows the same slot's bids.
  const type = slotTypeOr(params.get('type'));
  // Back to the calendar's view and period this page was opened from, if it was.
  const { state: cameWith } = useLocation();
  const calendarPath = calendarReturnPath(cameWith, type);
  const memberId = user?._id;
  // What is typed is kept in the tab till posted (model/slotBidDraft.ts): a reload keeps it.
  const [draft] = useState(() => readSlotBidDraft(memberId, id, type));
  const [amount, setAmount] = useState(draft.amount);
  const refusal = useTypedRefusal<'amount'>();
  const [company, setCompany] = useState(draft.company);
  useEffect(
    () => saveSlotBidDraft(memberId, id, type, { amount, company }),
    [memberId, id, type, amount, company],
  );
  const bidBody = () => ({
    user_id: memberId ?? '',
    type,
    bidamt: Number(amount),
    slotdate: id,
    company: company.trim(),
  });
  // A retry after a lost answer carries the same Idempotency-Key (lib/submissionKey.ts).
  const [submission] = useState(() => submissionKey('slotBid'));
  // A bid still on its way when the page was reloaded: it may have been placed, and the form,
  // refilled from the draft, says that pressing again is safe.
  const [failure, setFailure] = useState<SlotBidRefusal | null>(() =>
    draft.amount !== '' && submission.waiting(bidBody())
      ? { msg: MESSAGES.slotBidUnconfirmed }
      : null,
  );
  useOfflineNoticeGoes(failure, setFailure, (said) => said.msg);
  // Once Post Ad Bid was refused for what is typed, the form judges it again as it is mended:
  // the message and the marks follow the fields (gone once put right), as an ad's bid form's do.
  // A refusal about a field puts the keyboard on it, once it is marked.
  const judged = useJudgedOnceRefused(slotBidRefusal(type, amount));
  const said = judged.said ?? failure;
  // Asked for a member: one with neither a subscription nor a trial is told before typing a bid,
  // and a refusal for want of one says when the trial ended.
  const entitlement = useEntitlement(Boolean(memberId));
  const [sending, setSending] = useState(false);
  const [posted, setPosted] = useState<string | null>(null);
  /** Why the bid is asked about before it is posted (`bidWarning`); the dialog is open while set. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const slot = useSlotBids(id, type, Boolean(token));
  const submitButton = useRef<HTMLButtonElement>(null);
  const refuse = (refusal: SlotBidRefusal) => {
    setFailure(refusal);
    if (refusal.field) judged.focusMarked();
  };
  const at = (field: 'type' | 'amount' | 'company') =>
    said?.field === field || (field === 'amount' && Boolean(said?.action));
  /** A field changed: the server's refusal about it (a company taken, say) has been answered. */
  const mended = (field: 'amount' | 'company') =>
    setFailure((current) =>
      current?.field === field || (field === 'amount' && current?.action) ? null : current,
    );
  // Said under the amount as it is typed, unless the form's refusal says it already.
  const tooLarge = isTooLargeAmount(amount) && said?.msg !== MESSAGES.amountTooLarge;

  if (!isCalendarDate(id)) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 640, mx: 'auto', width: '100%' }}>
        <Alert severity="error">{MESSAGES.invalidDate}</Alert>
        <Button component={RouterLink} to={calendarPath} sx={{ alignSelf: 'flex-start' }}>
          Back to the calendar
        </Button>
      </Stack>
    );
  }
  // The clock's word, unless the server has recorded the close already.
  const byClock = slotOpening(id, serverDate());
  const opening = byClock === 'open' && slot.outcome?.closed ? 'closed' : byClock;
  const biddable = opening === 'open';
  const outcomeText = slot.outcome && slotOutcomeText(slot.outcome, id);
  const standing = slot.bids && slotStanding(slot.bids, biddable);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setFailure({ msg: MESSAGES.pleaseLoginFirst });
    setFailure(null);
    // Refused for what is typed: said by `said`, as the fields are now.
    if (slotBidRefusal(type, amount)) return judged.refused();
    judged.accepted();
    // A bid that would not lead, or far above what it is measured against (a slip of zeros), is
    // confirmed first: it binds its bidder to pay it, plus GST, if it wins. Bids not read yet
    // (the page opened offline) are read first, so the leader is known.
    const bids = slot.bids ?? (await slot.read());
    // A name another bidder goes by is refused now, not after the bid has been confirmed.
    const taken = bids && companyTakenRefusal(company, bids);
    if (taken) return refuse(taken);
    const leader = bids?.[0];
    const warning = bidWarning(Number(amount), {
      askingPrice: LIMITS.adBidBaseAmountRupees,
      askingPriceName: 'the base amount',
      currencyCode: 'INR',
      highestSeen: leader?.bidamt ?? null,
      highestSeenIsMine: leader?.mine === true,
    });
    if (warning) setConfirming(warning);
    else void send();
  };

  const send = async () => {
    setConfirming(null);
    setSending(true);
    try {
      const bid = bidBody();
      const msg = await submission.send(bid, (key) => postSlotBid(envelope, bid, key));
      setPosted(msg || MESSAGES.adBidPosted);
      setAmount('');
      slot.reload();
    } catch (error) {
      const data = error instanceof ApiError ? error.data : null;
      const action =
        typeof data === 'object' && data !== null && 'actionMessage' in data
          ? String(data.actionMessage)
          : undefined;
      const subscribeAt = subscribeLink(error);
      // Refused as closed, say, by a close the page did not know of: it reads the slot again.
      slot.reload();
      const companyTaken = error instanceof ApiError && error.code === 'COMPANY_NAME_TAKEN';
      refuse({
        msg: unconfirmed(error) ? MESSAGES.slotBidUnconfirmed : firstMessageOf(error),
        ...(action ? { action } : {}),
        ...(subscribeAt ? { subscribeAt } : {}),
        ...(companyTaken ? { field: 'company' as const } : {}),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={3} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Ad bid for{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {formatDate(id)}
          </Box>
        </Typography>
        <Button component={RouterLink} to={calendarPath}>
          Calendar
        </Button>
      </Stack>
      {opening === 'open' ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {slotTerms(id)}
        </Typography>
      ) : (
        <Alert severity="info">
          {/* A past date's page is open before the member (a link, a notice): its bidding ended
              as a closed one's did, not "cannot be opened" as the calendar says of its cell. */}
          {opening === 'tooFar' ? SLOT_NOT_OPEN_MESSAGES.tooFar : slotClosedText(id)}
          {outcomeText && (
            <>
              {' '}
              <KeptWhole text={outcomeText.text} pattern={DATES_IN_TEXT} />
              {outcomeText.link && (
                <>
                  {' '}
                  <Link component={RouterLink} to={outcomeText.link.to}>
                    {outcomeText.link.label}
                  </Link>
                </>
              )}
            </>
          )}
        </Alert>
      )}
      {biddable && !said?.subscribeAt && (
        <BidNeedsSubscription entitlement={entitlement} feeOffered={false} />
      )}
      {/* Bidding over (or not yet open): nothing could be typed, so no form is shown. */}
      {biddable && (
        <Stack
          component="form"
          ref={judged.form}
          noValidate
          onSubmit={(event) => void submit(event)}
          spacing={2}
          aria-label="Ad bid"
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Type"
              name="type"
              value={type}
              onChange={(event) =>
                setParams(
                  { type: event.target.value as SlotSpaceType },
                  { replace: true, state: cameWith },
                )
              }
              size="small"
              sx={{ minWidth: 180 }}
              error={at('type')}
              slotProps={{
                select: {
                  SelectDisplayProps: {
                    'aria-invalid': at('type'),
                    ...(at('type') ? { 'aria-describedby': 'slot-bid-failure' } : {}),
                  },
                },
              }}
            >
              {spaceTypeOptions(SLOT_SPACE_TYPES)}
            </TextField>
            <TextField
              label="Amount (₹)"
              name="bidamt"
              value={amount}
              onChange={(event) => {
                const typed = refusal.typed('amount', AMOUNT_FIELD, amount, event.target.value);
                if (typed === undefined) return;
                setAmount(typed);
                mended('amount');
              }}
              size="small"
              fullWidth
              error={at('amount') || tooLarge}
              id={AMOUNT_FIELD_ID}
              // A key refused takes the base amount's line while it is said, so nothing below moves.
              helperText={
                actionLine(said?.action) ??
                refusal.hintOf('amount', amount) ??
                (tooLarge
                  ? MESSAGES.amountTooLarge
                  : `More than the base amount of ${formatRupees(LIMITS.adBidBaseAmountRupees)}`)
              }
              slotProps={{
                htmlInput: {
                  inputMode: 'decimal',
                  autoComplete: 'off',
                  // The refusal, then the amount's own line (MUI's id for it).
                  ...(at('amount')
                    ? { 'aria-describedby': 'slot-bid-failure slot-bid-amount-helper-text' }
                    : {}),
                },
              }}
            />
          </Stack>
          <TextField
            label="Company"
            name="company"
            value={company}
            onChange={(event) => {
              setCompany(event.target.value);
              mended('company');
            }}
            size="small"
            error={at('company')}
            helperText="Other bidders see your bid under this name."
            slotProps={{
              htmlInput: {
                maxLength: 100,
                'aria-invalid': at('company'),
                ...(at('company')
                  ? { 'aria-describedby': 'slot-bid-failure slot-bid-company-helper-text' }
                  : {}),
              },
            }}
            id="slot-bid-company"
          />
          {/* What the amount typed commits its bidder to, GST and all, before it is posted. */}
          <SlotBidQuote
            slotdate={id}
            type={type}
            amount={token ? quotableSlotBid(type, amount) : null}
          />
          {said && (
            <Alert severity="error" role="alert" id="slot-bid-failure">
              {said.subscribeAt ? (
                // As an ad's bid form says it, with no fee: a slot's bid needs the subscription.
                <SubscribeOrPayFee
                  entitlement={entitlement}
                  message={said.msg}
                  subscribeAt={said.subscribeAt}
                />
              ) : (
                said.msg
              )}
            </Alert>
          )}
          <Button
            ref={submitButton}
            type="submit"
            variant="contained"
            loading={sending}
            sx={{ alignSelf: 'flex-start' }}
          >
            Post Ad Bid
          </Button>
        </Stack>
      )}
      <Stack spacing={1} component="section" aria-label="Bids for this slot">
        <Typography variant="h6" component="h2">
          Bids for this slot
        </Typography>
        {standing && (
          <Alert severity={standing.leads ? 'success' : 'warning'} role="status">
            {standing.text}
          </Alert>
        )}
        {slot.bids && <SlotBidsTable bids={slot.bids} />}
        {!slot.bids && slot.failure && (
          <LoadFailure message={slot.failure.message} onRetry={slot.read} />
        )}
      </Stack>
      {/* Post Ad Bid was busy (disabled) as the dialog opened: the keyboard goes back to it. */}
      <ConfirmDialog
        open={confirming !== null}
        titleId="ad-bid-confirm"
        title="Post this ad bid?"
        keepLabel="Change amount"
        actLabel="Post Ad Bid"
        onKeep={() => {
          setConfirming(null);
          // Back to the amount to change, not to Post Ad Bid (which would ask again).
          window.setTimeout(() => document.getElementById(AMOUNT_FIELD_ID)?.focus());
        }}
        onAct={() => void send()}
      >
        {confirming} If it wins, you pay it plus GST within {LIMITS.slotPayWithinHours} hours.
      </ConfirmDialog>
      <SuccessDialog
        message={posted}
        titleId="ad-bid-posted"
        onClose={() => setPosted(null)}
        focusInstead={() => submitButton.current}
      />
    </Stack>
  );
}
