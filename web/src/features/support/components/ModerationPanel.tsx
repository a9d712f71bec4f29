import { useCallback, useEffect, useRef, useState } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { SUPPORT_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';
import { ApiError, messageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import {
  blockMember,
  dialledNumber,
  fetchModerationStatus,
  moderationLine,
  moderationStepLine,
  ONLY_ADMIN_BLOCKS_STAFF,
  unblockMember,
  type ModerationStatus,
} from '../moderation.ts';
import { useFocusWhenLoaded } from '../../../lib/useFocusWhenLoaded.ts';
import { lookupPathOf } from '../adHistoryLookup.ts';
import { ModerationReasonDialog } from './ModerationReasonDialog.tsx';
import { MemberPurchases } from './MemberPurchases.tsx';
import { NO_WRAP, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';

/**
 * A member's profile, as support or an admin sees it: whether the member is blocked, and Block /
 * Unblock; what they bought, with the invoices and credit notes. Nothing for anyone else, nor on
 * the staff member's own profile.
 */
export function ModerationPanel({
  userId,
  onModerated,
}: {
  userId: string;
  /** A block or unblock is done: the profile around the panel reads the member again. */
  onModerated?: () => void;
}) {
  const { status, user } = useSession();
  const staff = status === 'member' && holdsRole(user?.roles, SUPPORT_ROLES);
  if (!staff || user?._id === userId) return null;
  return <MemberModeration key={userId} userId={userId} onModerated={onModerated} />;
}

function MemberModeration({
  userId,
  onModerated,
}: {
  userId: string;
  onModerated: (() => void) | undefined;
}) {
  const { request, envelope } = useApi();
  const { enqueueSnackbar } = useSnackbar();
  const [moderation, setModeration] = useState<ModerationStatus | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const [unknown, setUnknown] = useState(false);
  const [reloads, setReloads] = useState(0);
  // The moderation action whose reason is being asked for.
  const [asking, setAsking] = useState<'block' | 'unblock' | null>(null);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // The button of the action now offered (Block member or Unblock member).
  const action = useRef<HTMLButtonElement>(null);
  const focusWhenLoaded = useFocusWhenLoaded(moderation);

  useEffect(() => {
    const controller = new AbortController();
    setFailure(null);
    fetchModerationStatus(request, userId, controller.signal).then(
      (found) => {
        if (!controller.signal.aborted) setModeration(found);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // An unknown member: the profile says so; there is nothing to moderate.
        if (error instanceof ApiError && error.status === 404) setUnknown(true);
        else setFailure(messageOf(error));
      },
    );
    return () => controller.abort();
  }, [request, userId, reloads]);

  const act = async (reason: string) => {
    const { msg, changed } = await (asking === 'unblock' ? unblockMember : blockMember)(
      envelope,
      userId,
      reason,
    );
    setAsking(null);
    enqueueSnackbar(msg, { variant: changed ? 'success' : 'info' });
    // The button changes (Block ↔ Unblock): once the status is back, the keyboard goes to it.
    focusWhenLoaded(() => action.current?.focus());
    reload();
    onModerated?.();
  };

  if (unknown) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="moderation-title" sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography id="moderation-title" variant="h6" component="h2">
          Moderation
        </Typography>
        {failure && <Alert severity="error">{failure}</Alert>}
        {moderation === null ? (
          !failure && <CircularProgress size={24} aria-label="Loading the moderation status" />
        ) : (
          <>
            <Typography
              data-testid="moderation-status"
              color={moderation.blocked ? 'error' : 'textPrimary'}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {moderationLine(moderation)}
            </Typography>
            <Typography variant="body2" data-testid="moderation-contact" sx={WRAP_ANYWHERE}>
              Contact:{' '}
              <Link href={`mailto:${moderation.contact.email}`}>{moderation.contact.email}</Link>
              {' · '}
              <Link
                href={`tel:${dialledNumber(moderation.contact).replace(/\s/g, '')}`}
                sx={NO_WRAP}
              >
                {dialledNumber(moderation.contact)}
              </Link>
            </Typography>
            {/* Their ads, withdrawn ones too while blocked: what a complaint is usually about. */}
            <Typography variant="body2">
              <Link
                component={RouterLink}
                to={lookupPathOf(moderation.username)}
                data-testid="moderation-ads"
              >
                Their ads&apos; histories
              </Link>
            </Typography>
            <Box>
              {moderation.blocked ? (
                <Button
                  ref={action}
                  variant="outlined"
                  startIcon={<LockOpenIcon />}
                  onClick={() => setAsking('unblock')}
                >
                  Unblock member
                </Button>
              ) : moderation.blockable ? (
                <Button
                  ref={action}
                  variant="outlined"
                  color="error"
                  startIcon={<BlockIcon />}
                  onClick={() => setAsking('block')}
                >
                  Block member
                </Button>
              ) : (
                <Typography variant="body2" color="textSecondary">
                  {ONLY_ADMIN_BLOCKS_STAFF}
                </Typography>
              )}
            </Box>
            {moderation.history.length > 0 && (
              <Box component="section" aria-labelledby="moderation-history-title">
                <Typography id="moderation-history-title" variant="subtitle2" component="h3">
                  History
                </Typography>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="moderation-history">
                  {moderation.history.map((step) => (
                    <Typography
                      component="li"
                      variant="body2"
                      key={`${step.action}-${step.at}`}
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {moderationStepLine(step)}
                    </Typography>
                  ))}
                </Box>
              </Box>
            )}
            {/* What they paid, and the invoices: a payment dispute is settled from here too. */}
            <MemberPurchases userId={userId} />
          </>
        )}
      </Stack>
      {asking && moderation && (
        <ModerationReasonDialog
          action={asking}
          username={moderation.username}
          onAct={act}
          onClose={() => setAsking(null)}
        />
      )}
    </Paper>
  );
}
