import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLoaded } from '../../../lib/useLoaded.ts';
import { fetchContactMessages, type ContactMessage } from '../api/contactApi.ts';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { NO_WRAP, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';

/** What a sender typed wraps anywhere: a long email or a word of 149 letters stays in its box. */
const SENDER_TEXT = { whiteSpace: 'pre-wrap', ...WRAP_ANYWHERE } as const;

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

/** One message on a phone: the four columns would not fit beside each other. */
function MessageCard({ message }: { message: ContactMessage }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="listitem" data-testid="contact-message">
      <Typography variant="caption" color="textSecondary" component="div">
        {formatDateTime(message.createdAt)} · {message.subject}
      </Typography>
      <Typography variant="body2" component="div" sx={{ ...SENDER_TEXT, my: 1 }}>
        <Sender message={message} />
      </Typography>
      <Typography variant="body2" sx={SENDER_TEXT}>
        {message.description}
      </Typography>
    </Paper>
  );
}

/**
 * /support/messages (support and admins; not in the spec's table): what members and guests wrote
 * through Contact Us, newest first, with who wrote and how to reach them; on a phone, one card
 * per message.
 */
export function ContactMessagesScreen() {
  const { request } = useApi();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  /** Zero-based, as the api counts. */
  const [page, setPage] = useState(0);
  const { data: answer, failure } = useLoaded(
    useCallback(
      (signal?: AbortSignal) => fetchContactMessages(request, page, signal),
      [request, page],
    ),
  );

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        Contact messages
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!answer && !failure && <CenteredSpinner label="Loading the messages" />}
      {answer && answer.messages.length === 0 && <Typography>No messages yet.</Typography>}
      {answer && answer.messages.length > 0 && phone && (
        <Stack spacing={1} role="list" aria-label="Contact messages">
          {answer.messages.map((message) => (
            <MessageCard key={message._id} message={message} />
          ))}
        </Stack>
      )}
      {answer && answer.messages.length > 0 && !phone && (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-label="Contact messages">
            <TableHead>
              <TableRow>
                <TableCell>Received</TableCell>
                <TableCell>Subject</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Message</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.messages.map((message) => (
                <TableRow key={message._id} data-testid="contact-message">
                  <TableCell sx={NO_WRAP}>{formatDateTime(message.createdAt)}</TableCell>
                  <TableCell>{message.subject}</TableCell>
                  <TableCell sx={{ ...SENDER_TEXT, minWidth: 160 }}>
                    <Sender message={message} />
                  </TableCell>
                  <TableCell sx={{ ...SENDER_TEXT, minWidth: 160 }}>
                    {message.description}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
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
