import { useCallback, useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { messageOf } from '../../../app/api/client.ts';
import {
  onNotificationArrived,
  onRequestAnsweredHere,
  requestAnsweredHere,
} from '../../../app/notificationSignal.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { focusIsLost } from '../../../lib/focusLost.ts';
import {
  fetchIncomingRequest,
  type IncomingRequest as Incoming,
  type RequestAnswer,
} from '../api/socialApi.ts';
import { answeredRequestText, answersOfRequest } from '../requestAnswers.ts';
import { RequestAnswerButtons } from './RequestAnswerButtons.tsx';
import { useAnswerRequest } from '../api/useAnswerRequest.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';

const TEXT_ID = 'incoming-request-text';

/**
 * On the profile of a member who asked for the viewer's mobile number: what they asked, and
 * Approve / Reject (Revoke once approved), as beside the request in the bell. The request's email
 * and its notification open this profile, so the member answers where they see who asks.
 */
export function IncomingRequest({ askerId, askerName }: { askerId: string; askerName: string }) {
  const { user } = useSession();
  const { request } = useApi();
  const answerRequest = useAnswerRequest();
  const [incoming, setIncoming] = useState<Incoming | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const panel = useRef<HTMLDivElement>(null);
  // Only a member with a validated phone can be asked (and has these calls).
  const enabled = user?.mobileValidated === true;

  const load = useCallback(async () => {
    try {
      const next = await fetchIncomingRequest(request, askerId);
      setIncoming(next);
      return next;
    } catch {
      // A failed read leaves the panel as it was; the next notification reads it again.
      return undefined;
    }
  }, [request, askerId]);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);
  // A new request, or an answer given in another tab (heard as a notification) or from the bell.
  const reread = useCallback(() => void load(), [load]);
  useEffect(() => {
    if (!enabled) return;
    const stopArrived = onNotificationArrived(reread);
    const stopAnswered = onRequestAnsweredHere(reread);
    return () => {
      stopArrived();
      stopAnswered();
    };
  }, [enabled, reread]);
  // The button pressed is gone (Approve becomes Revoke): the keyboard goes to what was answered.
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (answers > 0 && focusIsLost()) panel.current?.focus();
  }, [answers]);

  if (!enabled || !incoming?.requestId || incoming.requestStatus === null) return null;
  const { requestId, requestStatus } = incoming;

  const answer = async (status: RequestAnswer) => {
    setBusy(true);
    setFailure(null);
    const refused = await answerRequest(requestId, status);
    const now = await load();
    setBusy(false);
    requestAnsweredHere(reread);
    // An answer whose reply was lost may have been given all the same: the request read again says.
    if (refused !== undefined && now?.requestStatus !== status) setFailure(messageOf(refused));
    setAnswers((count) => count + 1);
  };

  const answered = answeredRequestText(requestStatus);
  return (
    <Alert
      ref={panel}
      tabIndex={-1}
      severity={requestStatus === 'approved' ? 'success' : 'info'}
      icon={false}
      aria-labelledby={TEXT_ID}
      role="region"
    >
      <Typography id={TEXT_ID} variant="body2">
        {askerName} has requested your mobile number.
        {answered && ` ${answered}`}
      </Typography>
      <RequestAnswerButtons
        answers={answersOfRequest(requestStatus)}
        busy={busy}
        describedBy={TEXT_ID}
        onAnswer={(status) => void answer(status)}
      />
      {failure && (
        <Typography variant="body2" role="alert" sx={{ mt: 1, color: 'error.main' }}>
          {failure}
        </Typography>
      )}
    </Alert>
  );
}
