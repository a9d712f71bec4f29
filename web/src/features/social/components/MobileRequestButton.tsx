import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { askAgainMessage } from '@boli/engine/social/mobileRequest.rules';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { fetchRequestStatus, requestMobileNumber, type RequestView } from '../api/socialApi.ts';
import { changedInThisTab, onNotificationArrived } from '../../../app/notificationSignal.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import { NO_WRAP } from '../../../components/cellStyles.ts';
import { focusIsLost } from '../../../lib/focusLost.ts';
import { serverNow } from '../../../lib/serverClock.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';

/** The element that shows the member's number (ProfileDetails): it takes the keyboard once shown. */
export const SHOWN_PHONE_ID = 'profile-phone';

/** Said once a request this page sent is approved and the number shows. */
const APPROVED_NEWS = 'Approved: their mobile number is shown.';

/** What Show asks for, which it is described by (a hidden element still describes). */
const SHOW_MEANS_ID = 'mobile-request-show-means';
/** The wait after a no, which Show is described by. */
const ASK_AGAIN_ID = 'mobile-request-ask-again';

/**
 * Section 4's request for another member's mobile number, beside their masked phone: Show (1)
 * asks; Pending (2) is polled every 30 s; approved (3) shows nothing here, the profile shows the
 * number. The status is also polled while approved, so a revocation masks it again, and read at
 * once when a notification arrives (the answer's, usually).
 * `onShownChange` fires when the number becomes shown or hidden, so the profile reloads.
 */
export function MobileRequestButton({
  ownerId,
  phoneMasked,
  onShownChange,
}: {
  ownerId: string;
  phoneMasked: boolean;
  onShownChange: () => void;
}) {
  const { request } = useApi();
  const [view, setView] = useState<RequestView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const [sending, setSending] = useState(false);
  const shown = useRef<boolean | null>(null);
  // After Show, the keyboard stays on the button that replaces it, and the outcome is said.
  const pending = useRef<HTMLButtonElement>(null);
  const [asked, setAsked] = useState(false);

  const apply = useCallback(
    (next: RequestView) => {
      setView(next);
      const nowShown = next.status === 3;
      const changed = shown.current === null ? nowShown && phoneMasked : shown.current !== nowShown;
      if (changed) onShownChange();
      shown.current = nowShown;
    },
    [onShownChange, phoneMasked],
  );

  const load = useCallback(async () => {
    try {
      apply(await fetchRequestStatus(request, ownerId));
    } catch {
      // A failed poll changes nothing; the next one tries again.
    }
  }, [apply, ownerId, request]);

  useEffect(() => {
    void load();
  }, [load]);
  // The owner's answer (or its revocation) comes as a notification: read the status at once.
  useEffect(() => onNotificationArrived(() => void load()), [load]);

  const status = view?.status;
  useEffect(() => {
    if (status !== 2 && status !== 3) return;
    const timer = window.setInterval(() => void load(), LIMITS.mobileRequestPollMs);
    return () => window.clearInterval(timer);
  }, [status, load]);

  // Show comes back by itself once the wait after a no is over.
  const askAgainAt = view?.askAgainAt ?? null;
  useEffect(() => {
    if (askAgainAt === null) return;
    const timer = window.setTimeout(
      () => void load(),
      Date.parse(askAgainAt) - serverNow() + 1_000,
    );
    return () => window.clearTimeout(timer);
  }, [askAgainAt, load]);

  const ask = async () => {
    setSending(true);
    setFailure(null);
    try {
      apply(await requestMobileNumber(request, ownerId));
      setAsked(true);
      // The member's other tabs on this profile show Pending too, not Show.
      changedInThisTab();
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  useEffect(() => {
    if (asked && status === 2) pending.current?.focus();
  }, [asked, status]);

  // Approved while the viewer waited: Pending goes, with the keyboard in it; the number it
  // unmasked takes the keyboard instead, and the approval is said. Not a profile opened with the
  // number approved already: the focus is not moved on a page that just loaded.
  const lastStatus = useRef(status);
  useEffect(() => {
    const was = lastStatus.current;
    lastStatus.current = status;
    if (status === 3 && was === 2 && focusIsLost()) {
      document.getElementById(SHOWN_PHONE_ID)?.focus();
    }
  }, [status]);

  // The member shows their number to everyone, or it is shown to this viewer already.
  if (status === 3) return <Announcer message={asked ? APPROVED_NEWS : ''} />;
  if (view === null || (!phoneMasked && status === 1)) return null;
  // The owner said no: Show waits, and says till when (the api refuses it till then).
  const waiting = status === 1 && view.askAgainAt !== null;
  return (
    <>
      {status === 2 ? (
        // Looks disabled and does nothing, but can hold the keyboard focus (a disabled button
        // cannot, and Show's focus would fall to the page).
        <Button
          ref={pending}
          size="small"
          variant="outlined"
          {...busyProps(true)}
          disableRipple
          sx={NO_WRAP}
        >
          Pending
        </Button>
      ) : (
        // While it waits it stays in the keyboard's reach, and says why and till when.
        <Button
          size="small"
          variant="contained"
          disabled={sending}
          {...busyProps(waiting)}
          // 'Show' alone does not say what: it is described by what it asks for, or why it waits.
          aria-describedby={waiting ? ASK_AGAIN_ID : SHOW_MEANS_ID}
          onClick={() => {
            if (!waiting) void ask();
          }}
          sx={NO_WRAP}
        >
          Show
        </Button>
      )}
      <Box component="span" id={SHOW_MEANS_ID} hidden>
        Ask to see their mobile number
      </Box>
      {waiting && (
        <Typography variant="body2" color="textSecondary" id={ASK_AGAIN_ID}>
          {askAgainMessage(view.askAgainAt!, view.requestStatus)}
        </Typography>
      )}
      {failure && (
        <Typography role="alert" color="error" variant="body2">
          {failure}
        </Typography>
      )}
      <Announcer
        message={asked && status === 2 ? 'Request sent. The number shows once they approve.' : ''}
      />
    </>
  );
}
