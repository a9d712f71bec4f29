import { useCallback, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useApi } from '../../../app/session/useApi.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { countOf, formatDateTime } from '../../../lib/format.ts';
import { useLoaded } from '../../../lib/useLoaded.ts';
import { useFocusWhenLoaded } from '../../../lib/useFocusWhenLoaded.ts';
import { messageOf } from '../../../app/api/client.ts';
import {
  fetchContactMessages,
  markContactMessage,
  type ContactMessage,
  type ContactMessageFilter,
} from '../api/contactApi.ts';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { NO_WRAP, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { pageOfParam, usePageWithin } from '../../../lib/usePageParam.ts';

/** What a sender typed wraps anywhere: a long email or a word of 149 letters stays in its box. */
const SENDER_TEXT = { whiteSpace: 'pre-wrap', ...WRAP_ANYWHERE } as const;

/**
 * The table's From: wide enough for an everyday email on one line ('rahul.verma@demo.boli.exampl'
 * above 'e' was hard to read and copy); a longer one still breaks rather than widen the table.
 * Measured in the font's own character widths (ch), with room to spare beside the cell's padding:
 * a width in pixels fits one font's letters only.
 */
const FROM_CELL = { ...SENDER_TEXT, minWidth: 'calc(30ch + 32px)' } as const;

/** Who wrote: the member's profile (or '(guest)'), the email to answer, the mobile and country. */
function Sender({ message }: { message: ContactMessage }) {
  return (
    <>
      {message.sentBy ? (
        <Link component={RouterLink} to={`/user_profile/${message.sentBy}`}>
          {message.firstname} {message.lastname}
        </Link>
      ) : (
        `${message.firstname} ${message.lastname} (guest)`
      )}
      <br />
      <Link href={`mailto:${message.email}`}>{message.email}</Link>
      <br />
      {message.mobile} · {message.country}
    </>
  );
}

const FILTERS: readonly { value: ContactMessageFilter; label: string; none: string }[] = [
  { value: 'open', label: 'Waiting', none: 'No messages are waiting.' },
  { value: 'handled', label: 'Handled', none: 'No messages are handled.' },
  { value: 'all', label: 'All', none: 'No messages yet.' },
];
const filterOf = (value: string | null): (typeof FILTERS)[number] =>
  FILTERS.find((filter) => filter.value === value) ?? FILTERS[0]!;

/**
 * Whether support has dealt with a message (by whom, when), and the button that changes it.
 * `onMarked` reloads the list, which the message may then leave.
 */
function MessageStatus({ message, onMarked }: { message: ContactMessage; onMarked: () => void }) {
  const { envelope } = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const [marking, setMarking] = useState(false);
  const handled = message.handledAt !== null;
  const mark = async () => {
    setMarking(true);
    try {
      const { msg, changed } = await markContactMessage(envelope, message._id, !handled);
      enqueueSnackbar(msg, { variant: changed ? 'success' : 'info' });
      onMarked();
    } catch (error) {
      enqueueSnackbar(messageOf(error), { variant: 'error' });
    } finally {
      setMarking(false);
    }
  };
  return (
    <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="body2" color="textSecondary" data-testid="message-status">
        {handled
          ? `Handled by ${message.handledBy?.username ?? 'staff'} · ${formatDateTime(message.handledAt!)}`
          : 'Waiting'}
      </Typography>
      <Button
        size="small"
        variant="outlined"
        // Busy, it keeps the focus: which message's button it was tells where to go on to.
        {...busyProps(marking)}
        onClick={() => {
          if (!marking) void mark();
        }}
        data-mark-button
        // Each names its message (subject, sender, when): identical names tell nothing apart.
        aria-label={`${handled ? 'Reopen' : 'Mark handled'}: ${message.subject} from ${message.firstname} ${message.lastname}, ${formatDateTime(message.createdAt)}`}
      >
        {marking ? 'Saving…' : handled ? 'Reopen' : 'Mark handled'}
      </Button>
    </Stack>
  );
}

/** One message on a narrow screen: the five columns would not fit beside each other. */
function MessageCard({ message, onMarked }: { message: ContactMessage; onMarked: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="listitem" data-testid="contact-message">
      <Typography variant="caption" color="textSecondary" component="div">
        {formatDateTime(message.createdAt)} · {message.subject}
      </Typography>
      <Typography variant="body2" component="div" sx={{ ...SENDER_TEXT, my: 1 }}>
        <Sender message={message} />
      </Typography>
      <Typography variant="body2" sx={{ ...SENDER_TEXT, mb: 1 }}>
        {message.description}
      </Typography>
      <MessageStatus message={message} onMarked={onMarked} />
    </Paper>
  );
}

/**
 * /support/messages (support and admins; not in the spec's table): what members and guests wrote
 * through Contact Us, newest first, with who wrote and how to reach them; narrower than a desktop
 * (a phone, a tablet, a laptop with its text doubled), one card per message. Those waiting for support first (`?status=` keeps the choice); each is marked
 * handled, or reopened, where it is listed.
 */
export function ContactMessagesScreen() {
  const { request } = useApi();
  // The table needs ~860 px at the default text size: narrower, it would scroll sideways.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params.get('status'));
  /** Zero-based, as the api counts; `?page=` counts from 1, as the pager shows it. */
  const page = pageOfParam(params.get('page'));
  // Each page and filter is an entry of the history: Back from a sender's profile, a reload or
  // a link sent on shows the same list.
  const show = (status: ContactMessageFilter, next: number, replace = false) =>
    setParams(next > 0 ? { status, page: String(next + 1) } : { status }, { replace });
  const setPage = (next: number) => show(filter.value, next);
  const {
    data: answer,
    failure,
    reload,
  } = useLoaded(
    useCallback(
      (signal?: AbortSignal) =>
        fetchContactMessages(request, { page, status: filter.value }, signal),
      [request, page, filter.value],
    ),
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useRef<HTMLDivElement>(null);
  // A message marked out of the list shown takes its button with it: once the list is back, the
  // keyboard goes on to the next message's button (the heading, when none is left), rather than
  // to the page's body.
  const focusWhenLoaded = useFocusWhenLoaded(answer);
  const markButtons = () => [
    ...(list.current?.querySelectorAll<HTMLElement>('[data-mark-button]') ?? []),
  ];
  const marked = () => {
    if (filter.value === 'all') return reload();
    const at = Math.max(0, markButtons().indexOf(document.activeElement as HTMLElement));
    focusWhenLoaded(() => {
      const buttons = markButtons();
      buttons[Math.min(at, buttons.length - 1)]?.focus();
    });
    heading.current?.focus();
    reload();
  };
  // A message marked on the last page may leave it empty: the page before then shows; a filter
  // with none left, its first.
  usePageWithin(page, answer?.totalPages, (within) => show(filter.value, within, true));

  return (
    <Stack spacing={2} ref={list}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <Typography
          ref={heading}
          tabIndex={-1}
          variant="h5"
          component="h1"
          sx={{ flex: 1, outline: 'none' }}
        >
          Contact messages
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={filter.value}
          aria-label="Show messages"
          onChange={(_, next: ContactMessageFilter | null) => {
            if (!next) return;
            show(next, 0);
          }}
        >
          {FILTERS.map((option) => (
            <ToggleButton key={option.value} value={option.value}>
              {option.label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {/* A filter or page chosen: what came of it is said. */}
      <Announcer
        message={
          answer
            ? answer.messages.length === 0
              ? filter.none
              : `${countOf(answer.messages.length, 'message')} shown.`
            : ''
        }
      />
      {!answer && !failure && <CenteredSpinner label="Loading the messages" />}
      {answer && answer.messages.length === 0 && <Typography>{filter.none}</Typography>}
      {answer && answer.messages.length > 0 && narrow && (
        <Stack spacing={1} role="list" aria-label="Contact messages">
          {answer.messages.map((message) => (
            <MessageCard key={message._id} message={message} onMarked={marked} />
          ))}
        </Stack>
      )}
      {answer && answer.messages.length > 0 && !narrow && (
        <TableScroller label={'Contact messages'} outlined>
          <Table size="small" aria-label="Contact messages">
            <TableHead>
              <TableRow>
                <TableCell>Received</TableCell>
                <TableCell>Subject</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Status</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.messages.map((message) => (
                <TableRow key={message._id} data-testid="contact-message">
                  <TableCell sx={NO_WRAP}>{formatDateTime(message.createdAt)}</TableCell>
                  <TableCell>{message.subject}</TableCell>
                  <TableCell sx={FROM_CELL}>
                    <Sender message={message} />
                  </TableCell>
                  <TableCell sx={{ ...SENDER_TEXT, minWidth: 160 }}>
                    {message.description}
                  </TableCell>
                  <TableCell sx={{ minWidth: 150 }}>
                    <MessageStatus message={message} onMarked={marked} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      {answer && (
        <PagePicker
          page={page}
          totalPages={answer.totalPages}
          onPage={setPage}
          color="primary"
          sx={{ alignSelf: 'center' }}
        />
      )}
    </Stack>
  );
}
