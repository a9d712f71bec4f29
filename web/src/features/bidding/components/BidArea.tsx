import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { messageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { BidFeeDialog } from '../../../payments/components/BidFeeDialog.tsx';
import type { Confirmation } from '../../../payments/api/paymentsApi.ts';
import { fetchBidFeesOfAd } from '../../transactions/api/transactionsApi.ts';
import { UnpaidFees } from '../../transactions/components/UnpaidFees.tsx';
import { adGoneMeanwhile, fetchBidPage, type PlaceBidBody } from '../api/bidsApi.ts';
import type { BidSummaryView } from '../api/bidViews.ts';
import { useBidSocket } from '../api/useBidSocket.ts';
import { bidBoardOf, evolveBidBoard, pageCountOf, withBidListParams } from '../model/bidBoard.ts';
import { forgetBidDraft } from '../model/bidDraft.ts';
import { liveNewsText } from '../model/liveNews.ts';
import { BidCurrency } from './bidCurrency.ts';
import { bidControls, biddingWhen, closeResultOf, notPlacedText } from '../model/biddingPhase.ts';
import { BID_FORM_LABEL, BidForm } from './BidForm.tsx';
import { BidList } from './BidList.tsx';
import { BIDDING_CLOSED_ID, BiddingStatus } from './BiddingStatus.tsx';
import { BidSummaryPanel } from './BidSummaryPanel.tsx';
import { OwnerControls } from './OwnerControls.tsx';
import { useClock } from './useClock.ts';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';
import { focusIsLost } from '../../../lib/focusLost.ts';
import { BIDDING_SECTION_ID } from '@boli/engine/social/notificationLink';
import { AD_HISTORY_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';
import { adHistoryPath } from '../../support/adHistoryLookup.ts';

type Props = {
  itemId: string;
  ownerId: string;
  /** The ad's asking price and its currency: a bid far above it is confirmed first. */
  price: number;
  currencyCode: string;
  /** Bidding has closed (now, or it was when the area loaded): the page may say so elsewhere. */
  onBiddingClosed?: () => void;
  /** A final call is made (now, or was when the area loaded), ending at this instant. */
  onFinalCall?: (deadline: string) => void;
  /** The owner edited the ad's details meanwhile (live): the page may read them again. */
  onAdEdited?: () => void;
  /** Withdrawn meanwhile (a refresh or a bid answered AD_WITHDRAWN): the page reads it afresh. */
  onAdGone?: () => void;
  /** Its owner is blocked (only staff see such an ad): bids would be refused, so none is offered. */
  withdrawn?: boolean;
};

/** Shown in place of the viewer count while the live link is lost. */
const LIVE_LINK_LOST = 'Live updates paused — reconnecting…';

/** The bid form's Bid button. */
const BID_BUTTON = `form[aria-label="${BID_FORM_LABEL}"] button[type="submit"]`;

/**
 * The bid area of the ad detail page (sections 2, 4, 6): the countdown or 'Bidding Closed', the
 * summary, the bid form (non-owners) or Final Call / Close Bid (the owner), and the bids in two
 * tabs. The shown page is fetched again every 10 s; the socket brings new bids, the final call
 * and the close as they happen, and tells the page of an edit of the ad.
 */
export function BidArea({
  itemId,
  ownerId,
  price,
  currencyCode,
  onBiddingClosed,
  onFinalCall,
  onAdEdited,
  onAdGone,
  withdrawn = false,
}: Props) {
  const { status, user } = useSession();
  const { request } = useApi();
  // The tab and page picked are kept in the address: a reload or a link sent on shows them.
  const [params, setParams] = useSearchParams();
  const [board, dispatch] = useReducer(evolveBidBoard, params, bidBoardOf);
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  // Retry asks for the shown page again at once (the 10 s refresh would, later).
  const [reloads, setReloads] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  // The bid whose processing fee is being paid. Its dialog is the area's, not the form's: bidding
  // may close while the member is in the checkout, and the dialog must stay to tell what became
  // of the payment (refunded, then).
  const [feeFor, setFeeFor] = useState<PlaceBidBody | null>(null);
  // A fresh form once a fee placed its bid: no refusal left on it.
  const [formKey, setFormKey] = useState(0);
  const [keptAlias, setKeptAlias] = useState('');
  // A bid refused because bidding closed as it was sent: said once the form has gone.
  const [notPlaced, setNotPlaced] = useState<PlaceBidBody | null>(null);
  // A fee dialog closed unpaid leaves its purchase to pay later, and a fee paid takes its own
  // away: the unpaid fees are asked again.
  const [unpaidFeesAsked, setUnpaidFeesAsked] = useState(0);
  const loadUnpaidFees = useCallback(
    (signal: AbortSignal) => fetchBidFeesOfAd(request, itemId, signal),
    [request, itemId],
  );
  const feeDialogClosed = () => {
    setFeeFor(null);
    setUnpaidFeesAsked((count) => count + 1);
  };
  const boardRef = useRef(board);
  const goneRef = useRef(onAdGone);
  goneRef.current = onAdGone;
  // Where the focus goes when a success dialog closes over a control that went away.
  const area = useRef<HTMLElement>(null);
  boardRef.current = board;

  const { tab, page, summary } = board;
  const listQuery = withBidListParams(params, board).toString();
  useEffect(() => {
    if (listQuery !== params.toString()) {
      setParams(new URLSearchParams(listQuery), { replace: true, preventScrollReset: true });
    }
  }, [listQuery, params, setParams]);
  // A page past the last (a link from when there were more bids): the last one instead.
  const lastPage = Math.max(1, pageCountOf(summary, tab));
  useEffect(() => {
    if (summary && page > lastPage) dispatch({ type: 'pageChosen', page: lastPage });
  }, [summary, page, lastPage]);
  // Both the member and a change of session change what the api lets this viewer see.
  const viewerKey = status === 'member' ? (user?._id ?? '') : status;
  const pageAskedFor = useRef<string | null>(null);
  useEffect(() => {
    if (status === 'loading') return;
    // A tab or page the board moved to already loaded (followNewestBids: its first page came
    // with the summary) is asked for at the next refresh; a Retry, a reload, another viewer at once.
    const where = `${tab}:${page}`;
    const moved = pageAskedFor.current !== where;
    pageAskedFor.current = where;
    const controller = new AbortController();
    const load = () =>
      fetchBidPage(request, { itemId, tab, page }, controller.signal).then(
        (answer) => {
          setLoadFailure(null);
          dispatch({ type: 'pageLoaded', tab, page, ...answer });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (adGoneMeanwhile(error)) return goneRef.current?.();
          setLoadFailure(messageOf(error));
        },
      );
    if (!moved || boardRef.current.loading) void load();
    const timer = window.setInterval(load, LIMITS.bidListRefreshMs);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [itemId, tab, page, request, status, viewerKey, reloads]);

  // A bid arriving live joins page 1, pushing one bid onto each later page: a later page shown
  // is fetched again at once, not left stale until the 10 s refresh.
  const tabBids =
    tab === 'beforeFinalCall' ? summary?.allBeforeBidsCount : summary?.allAfterBidsCount;
  const seenTabBids = useRef(tabBids);
  useEffect(() => {
    const before = seenTabBids.current;
    seenTabBids.current = tabBids;
    if (page > 1 && before !== undefined && tabBids !== before) setReloads((count) => count + 1);
  }, [tabBids, page]);

  const lastPosition = useCallback(() => boardRef.current.position, []);
  const { link } = useBidSocket(itemId, dispatch, lastPosition, onAdEdited);
  // Back online, the socket catches up at once: a list refresh that failed meanwhile is asked
  // again now too, not at the next 10 s tick, so 'You are offline' does not linger beside it.
  const previousLink = useRef(link);
  useEffect(() => {
    const was = previousLink.current;
    previousLink.current = link;
    if (link === 'live' && was !== 'live' && loadFailure !== null) {
      setReloads((count) => count + 1);
    }
  }, [link, loadFailure]);

  const viewerId = status === 'member' ? user?._id : undefined;
  const ticking = summary !== null && summary.finalCallMade && summary.bidOpen && !summary.closedAt;
  const now = useClock(ticking);
  const controls = summary ? bidControls(summary, { userId: viewerId, ownerId }, now) : null;
  /** Whether bidding is closed; undefined till the summary is there to say. */
  const closed = controls === null ? undefined : controls.phase === 'closed';
  useEffect(() => {
    if (closed) onBiddingClosed?.();
  }, [closed, onBiddingClosed]);
  const finalCallDeadline = summary?.finalCallMade ? summary.finalCallDateTime : null;
  useEffect(() => {
    if (finalCallDeadline) onFinalCall?.(finalCallDeadline);
  }, [finalCallDeadline, onFinalCall]);
  // Bidding closing while the page is open takes the bid form away, with the keyboard in it: the
  // keyboard goes to the notice that says bidding closed, not back to the page's start. An ad
  // opened closed opens at its top, as any page does.
  const wasClosed = useRef(closed);
  useEffect(() => {
    const was = wasClosed.current;
    wasClosed.current = closed;
    if (!closed || was !== false) return;
    // The summary as of the close says whether this member's bid won (bidResult), now rather
    // than at the next refresh.
    setReloads((count) => count + 1);
    if (focusIsLost()) {
      area.current?.querySelector<HTMLElement>(`#${BIDDING_CLOSED_ID}`)?.focus();
    }
  }, [closed]);
  const news = liveNewsText(board.news, viewerId, controls?.isOwner ?? false, currencyCode);

  const answered = (next: BidSummaryView, text: string) => {
    dispatch({ type: 'summaryAnswered', summary: next });
    setMessage(text);
  };

  // The fee was captured and the server placed the bid: show it as a posted bid, the form
  // afresh but for the alias the bid went out under, in the server's words ('Already paid…' for
  // a fee another tab had paid).
  const feePaid = async ({ msg }: Confirmation) => {
    setKeptAlias(feeFor?.bidAlias ?? '');
    setFeeFor(null);
    forgetBidDraft(itemId);
    setFormKey((key) => key + 1);
    setUnpaidFeesAsked((count) => count + 1);
    try {
      const { summary: next } = await fetchBidPage(request, {
        itemId,
        tab: 'beforeFinalCall',
        page: 1,
      });
      answered(next, msg || MESSAGES.bidPosted);
    } catch {
      // The list's own refresh and the socket bring the bid.
    }
  };

  return (
    <BidCurrency.Provider value={currencyCode}>
      <Paper
        ref={area}
        id={BIDDING_SECTION_ID}
        tabIndex={-1}
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-label="Bids on this ad"
      >
        <Stack spacing={2}>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="h6" component="h2">
              Bids
            </Typography>
            {link === 'reconnecting' ? (
              // The count would be stale; the list still refreshes every 10 s meanwhile.
              <Typography variant="caption" role="status" sx={{ color: 'warning.dark' }}>
                {LIVE_LINK_LOST}
              </Typography>
            ) : (
              board.online !== null && (
                <Typography variant="caption" color="textSecondary" data-testid="bid-viewers">
                  {board.online} online
                </Typography>
              )
            )}
          </Stack>
          {/* Another member's bid and the final call, said as they arrive (liveNews.ts). */}
          <Announcer message={news ?? ''} utterance={board.news?.seq} />
          {/* Whatever the socket brought, the list itself is missing: said so, with Retry. */}
          {loadFailure && (
            <LoadFailure message={loadFailure} onRetry={() => setReloads((count) => count + 1)} />
          )}
          {summary && controls && (
            <>
              <BiddingStatus
                phase={controls.phase}
                finalCallDateTime={summary.finalCallDateTime}
                when={biddingWhen(summary, controls.phase)}
                now={now}
                result={closeResultOf(
                  summary,
                  { isOwner: controls.isOwner, ownerId, userId: viewerId },
                  currencyCode,
                )}
              />
              {notPlaced && controls.phase === 'closed' && (
                <Alert severity="warning" role="status">
                  {notPlacedText(notPlaced, currencyCode)}
                </Alert>
              )}
              <BidSummaryPanel
                summary={summary}
                isOwner={controls.isOwner}
                isMember={viewerId !== undefined}
                viewerId={viewerId}
                historyPath={
                  holdsRole(user?.roles, AD_HISTORY_ROLES) ? adHistoryPath(itemId) : undefined
                }
              />
              <Divider />
              {controls.isOwner ? (
                <OwnerControls itemId={itemId} controls={controls} onDone={answered} />
              ) : (
                controls.showBidForm &&
                !withdrawn && (
                  <>
                    {viewerId !== undefined && (
                      <UnpaidFees
                        load={loadUnpaidFees}
                        feeName="bid processing fee"
                        asked={unpaidFeesAsked}
                        onPaid={(confirmation) => void feePaid(confirmation)}
                      />
                    )}
                    <BidForm
                      key={formKey}
                      itemId={itemId}
                      onAdGone={onAdGone}
                      onClosedMeanwhile={(bid) => {
                        setNotPlaced(bid);
                        forgetBidDraft(itemId);
                        // The page missed the close (its live link down): the refusal itself
                        // takes the form away, and the summary is asked for again as on any close
                        // (for when and why it closed, and who won).
                        dispatch({
                          type: 'biddingClosed',
                          closedAt: null,
                          closeReason: null,
                          position: null,
                        });
                      }}
                      onPosted={(next) => answered(next, MESSAGES.bidPosted)}
                      onPayFee={setFeeFor}
                      // The alias a fee's bid went under, else the one the member bid under here.
                      keptAlias={keptAlias || (summary.loginUserBidAlias ?? '')}
                      yardstick={{
                        askingPrice: price,
                        currencyCode,
                        highestSeen: summary.overallHighest?.amount ?? null,
                        highestSeenIsMine:
                          viewerId !== undefined && summary.overallHighest?.userId === viewerId,
                      }}
                    />
                  </>
                )
              )}
            </>
          )}
          <BidList
            summary={summary}
            tab={tab}
            page={page}
            pageCount={pageCountOf(summary, tab)}
            bids={board.bids}
            loading={board.loading && !loadFailure}
            failed={loadFailure !== null}
            isOwner={controls?.isOwner ?? false}
            viewerId={viewerId}
            onTab={(next) => dispatch({ type: 'tabChosen', tab: next })}
            onPage={(next) => dispatch({ type: 'pageChosen', page: next })}
          />
        </Stack>
        <BidFeeDialog
          bid={feeFor}
          onClose={feeDialogClosed}
          onPosted={(confirmation) => void feePaid(confirmation)}
        />
        <SuccessDialog
          message={message}
          titleId="bid-message-title"
          onClose={() => setMessage(null)}
          // Bid was disabled while the bid was sent: the keyboard goes back to it for the next.
          // A final call or close took its button away: to the bid area, where it was.
          focusInstead={() => area.current?.querySelector<HTMLElement>(BID_BUTTON) ?? area.current}
        />
      </Paper>
    </BidCurrency.Provider>
  );
}
