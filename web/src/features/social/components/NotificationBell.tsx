import { useCallback, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import NotificationsIcon from '@mui/icons-material/Notifications';
import { LIMITS } from '@boli/engine/shared/limits';
import { messageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  fetchNotifications,
  fetchNotificationsSeen,
  markNotificationsSeen,
  type Notification,
  type NotificationPage,
  type RequestAnswer,
} from '../api/socialApi.ts';
import { RequestAnswerButtons } from './RequestAnswerButtons.tsx';
import { useAnswerRequest } from '../api/useAnswerRequest.ts';
import { useNotificationPush } from '../api/useNotificationPush.ts';
import {
  answeredText,
  answersFor,
  arrivalNews,
  badgeCount,
  foldRepeats,
  laterSeen,
  mayBeMoreNew,
  notificationsInOrder,
  seenKey,
  seenMarkOf,
  shownNotes,
  timesText,
} from '../notificationBadge.ts';
import { notificationLink } from '@boli/engine/social/notificationLink';
import { usePageAnchor } from '../../../lib/usePageAnchor.ts';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import { focusIsLost } from '../../../lib/focusLost.ts';
import { DATES_IN_TEXT } from '../../../lib/format.ts';
import {
  changedInThisTab,
  onChangedInAnotherTab,
  onNoticesOutdatedHere,
  onRequestAnsweredHere,
  requestAnsweredHere,
} from '../../../app/notificationSignal.ts';

/** The id of a notification's message, which its answer buttons are described by. */
const messageIdOf = (notification: Notification): string => `notification-${notification._id}`;
/** The popup's root, where its focus trap takes a focus lost inside it. */
const POPUP_ID = 'notifications-popup';
/** The id of a notification's item in the list. */
const itemIdOf = (notificationId: string): string => `notification-item-${notificationId}`;

/**
 * After an answer the button pressed is gone (Approve becomes Revoke): the keyboard goes to the
 * answered request, which reads what was answered, unless it has gone elsewhere. Not to an answer
 * button: after Reject that is Approve, which a second Enter would press.
 */
function focusAnswered(notificationId: string): void {
  if (!focusIsLost(document.getElementById(POPUP_ID))) return;
  document.getElementById(itemIdOf(notificationId))?.focus();
}

const readSeen = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * The bell with its count badge and the notification menu (sections 2 and 4): fetched on load,
 * again whenever the live socket pushes a notification, and every 60 s; Approve / Reject beside
 * any request not yet approved (Revoke once approved); the list reloads after each answer.
 */
export function NotificationBell() {
  const { user } = useSession();
  const { request, envelope } = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const answerRequest = useAnswerRequest();
  const [anchor, setAnchor] = usePageAnchor();
  // On a phone the panel covers the page: Back closes it rather than leaving the page under it.
  const back = useCloseOnBack(anchor !== null, () => setAnchor(null));
  // The newest page, read again by every poll, and the older pages the member asked for.
  const [newest, setNewest] = useState<NotificationPage>({ notifications: [], next: null });
  const [older, setOlder] = useState<NotificationPage | null>(null);
  const [readingOlder, setReadingOlder] = useState(false);
  // Requests answered here, as answered: no page read again holds them (shownNotes).
  const [answeredHere, setAnsweredHere] = useState<ReadonlyMap<string, Notification>>(new Map());
  const notifications = shownNotes(newest.notifications, older?.notifications ?? [], answeredHere);
  const [busy, setBusy] = useState<string | null>(null);
  /** The notification just answered, once the list has reloaded: its item takes the focus. */
  const [answered, setAnswered] = useState<string | null>(null);
  useEffect(() => {
    if (answered === null) return;
    focusAnswered(answered);
    setAnswered(null);
  }, [answered]);
  const key = seenKey(user?._id ?? '');
  const [seenAt, setSeenAt] = useState<string | null>(() => readSeen(key));
  // Only a member with a validated phone has member pages (and these calls).
  const enabled = user?.mobileValidated === true;

  // Why the last load failed: the list shown may be old, or empty for want of an answer.
  const [failure, setFailure] = useState<string | null>(null);
  // Whether the list was read at all: before then, no list is not "No notifications".
  const [loaded, setLoaded] = useState(false);
  // The newest page as last read, and what came since, said aloud (arrivalNews).
  const lastRead = useRef<readonly Notification[] | null>(null);
  const [news, setNews] = useState({ text: '', utterance: 0 });
  const userId = user?._id;
  useEffect(() => {
    lastRead.current = null; // another member's list is no news to this one
    setAnsweredHere(new Map());
    setLoaded(false);
  }, [userId]);

  // Seen on another device meanwhile: counted from the account's mark when it is later.
  const seenElsewhere = useCallback((mark: string | null) => {
    setSeenAt((shown) => laterSeen(shown, mark));
  }, []);

  /** Reads the list again; answers it, or undefined when it could not be read. */
  const reload = useCallback(async () => {
    try {
      const [page, mark] = await Promise.all([
        fetchNotifications(envelope),
        fetchNotificationsSeen(request).catch(() => null),
      ]);
      setNewest(page);
      const arrived = arrivalNews(lastRead.current, page.notifications);
      lastRead.current = page.notifications;
      if (arrived !== null)
        setNews(({ utterance }) => ({ text: arrived, utterance: utterance + 1 }));
      seenElsewhere(mark);
      setFailure(null);
      setLoaded(true);
      return page.notifications;
    } catch (error) {
      // A failed poll keeps the list shown and says so; the next poll tries again.
      setFailure(messageOf(error));
      return undefined;
    }
  }, [request, envelope, seenElsewhere]);

  /** The page after the last one shown ('Show older notifications'). */
  const moreCursor = older ? older.next : newest.next;
  const showOlder = async () => {
    if (moreCursor === null) return;
    setReadingOlder(true);
    try {
      const page = await fetchNotifications(envelope, moreCursor);
      setOlder((shown) => ({
        notifications: [...(shown?.notifications ?? []), ...page.notifications],
        next: page.next,
      }));
    } catch (error) {
      enqueueSnackbar(messageOf(error), { variant: 'error' });
    } finally {
      setReadingOlder(false);
    }
  };

  useEffect(() => {
    if (!enabled) return;
    void reload();
    // The poll stays as the fallback for a socket that cannot connect.
    const timer = window.setInterval(() => void reload(), LIMITS.notificationPollMs);
    return () => window.clearInterval(timer);
  }, [enabled, reload]);

  // Live: a pushed notification (or one missed while disconnected) reloads the list at once,
  // and so does a change in another tab of the member's (the bell opened, a request answered).
  useNotificationPush(enabled, () => void reload());
  useEffect(() => onChangedInAnotherTab(() => void reload()), [reload]);
  useEffect(() => onNoticesOutdatedHere(() => void reload()), [reload]);
  // A request answered on its asker's profile in this tab.
  const answeredElsewhere = useCallback(() => void reload(), [reload]);
  useEffect(() => onRequestAnsweredHere(answeredElsewhere), [answeredElsewhere]);

  const open = (target: HTMLElement) => {
    setAnchor(target);
    const mark = seenMarkOf(notifications);
    if (mark === null) return;
    setSeenAt(mark);
    try {
      window.localStorage.setItem(key, mark);
    } catch {
      // Storage refused: the account's mark still remembers it.
    }
    // Kept on the account too, for the member's other devices; failing, this one still counts.
    markNotificationsSeen(request, mark).then(
      (kept) => {
        seenElsewhere(kept);
        changedInThisTab();
      },
      () => undefined,
    );
  };

  const answer = async (notification: Notification, status: RequestAnswer) => {
    const { requestId } = notification;
    if (!requestId) return;
    setBusy(notification._id);
    const failure = await answerRequest(requestId, status);
    setBusy(null);
    const listed = await reload();
    requestAnsweredHere(answeredElsewhere);
    // An answer whose reply was lost may have been given all the same: the list read again says.
    const given = listed?.some(
      (shown) => shown.requestId === requestId && shown.requestStatus === status,
    );
    if (failure !== undefined && !given) enqueueSnackbar(messageOf(failure), { variant: 'error' });
    else {
      const answeredNote = { ...notification, requestStatus: status };
      setAnsweredHere((kept) => new Map(kept).set(notification._id, answeredNote));
    }
    setAnswered(notification._id);
  };

  // Outbids on one ad, its edits, a member's reviews, are one line, and count once.
  const listed = foldRepeats(notifications);
  const count = badgeCount(listed, seenAt);
  // A full page, its oldest note new too: older ones may be new as well.
  const countText = older === null && mayBeMoreNew(newest, seenAt) ? `${count}+` : String(count);
  return (
    <>
      <Announcer message={news.text} utterance={news.utterance} />
      <IconButton
        color="inherit"
        // While the list cannot be loaded, or is being read, its count is not known: not "0 new".
        aria-label={
          failure
            ? 'Notifications, could not be loaded'
            : loaded
              ? `Notifications, ${countText} new`
              : 'Notifications, loading'
        }
        aria-haspopup="dialog"
        aria-expanded={anchor !== null}
        aria-controls={anchor !== null ? POPUP_ID : undefined}
        onClick={(event) => open(event.currentTarget)}
      >
        <Badge badgeContent={count === 0 ? 0 : countText} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            id: POPUP_ID,
            role: 'dialog',
            'aria-labelledby': 'notifications-popup-title',
          },
        }}
      >
        <Box sx={{ width: 360, maxWidth: '90vw', maxHeight: '70vh', overflowY: 'auto' }}>
          <Typography
            id="notifications-popup-title"
            variant="subtitle1"
            component="h2"
            sx={{ px: 2, pt: 1.5, fontWeight: 700 }}
          >
            Notifications
          </Typography>
          {failure && (
            <Box sx={{ px: 2, pt: 1 }}>
              <LoadFailure message={failure} onRetry={reload} />
            </Box>
          )}
          {notifications.length === 0 ? (
            // Without an answer, no list is not "no notifications".
            !failure &&
            (loaded ? (
              <Typography sx={{ p: 2 }}>No notifications</Typography>
            ) : (
              <CenteredSpinner label="Loading notifications" />
            ))
          ) : (
            <List aria-label="Notifications" dense>
              {notificationsInOrder(listed).map((notification, index) => {
                const to = notificationLink(notification);
                return (
                  // The list holds its items only (a screen reader counts them): the line
                  // between two is the upper one's border.
                  <ListItem
                    key={notification._id}
                    id={itemIdOf(notification._id)}
                    // Focusable from script only: where the keyboard goes after an answer.
                    tabIndex={-1}
                    data-testid="notification"
                    divider={index < listed.length - 1}
                    sx={{ display: 'block' }}
                  >
                    {to ? (
                      <Link
                        component={RouterLink}
                        to={to}
                        variant="body2"
                        color="inherit"
                        underline="hover"
                        // In place of the panel's own history entry: Back from there comes here.
                        replace
                        onClick={() => {
                          back.leave();
                          setAnchor(null);
                        }}
                      >
                        <span id={messageIdOf(notification)}>
                          <KeptWhole text={notification.message} pattern={DATES_IN_TEXT} />
                        </span>
                      </Link>
                    ) : (
                      <Typography variant="body2">
                        <span id={messageIdOf(notification)}>
                          <KeptWhole text={notification.message} pattern={DATES_IN_TEXT} />
                        </span>
                      </Typography>
                    )}
                    {/* A line of its own: the message above is inline (a link). */}
                    <Typography
                      variant="caption"
                      color="textSecondary"
                      component="time"
                      dateTime={notification.createdAt}
                      sx={{ display: 'block' }}
                    >
                      {formatDateTime(notification.createdAt)}
                      {timesText(notification) && ` · ${timesText(notification)}`}
                    </Typography>
                    {answeredText(notification) && (
                      <Typography variant="body2" sx={{ mt: 0.5, fontWeight: 500 }}>
                        {answeredText(notification)}
                      </Typography>
                    )}
                    <RequestAnswerButtons
                      answers={answersFor(notification)}
                      busy={busy === notification._id}
                      describedBy={messageIdOf(notification)}
                      onAnswer={(status) => void answer(notification, status)}
                    />
                  </ListItem>
                );
              })}
            </List>
          )}
          {moreCursor !== null && (
            <Box sx={{ px: 2, pb: 1.5 }}>
              <Button size="small" disabled={readingOlder} onClick={() => void showOlder()}>
                Show older notifications
              </Button>
            </Box>
          )}
        </Box>
      </Popover>
    </>
  );
}
