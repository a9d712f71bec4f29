import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { BID_TYPES } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useRequireLogin } from '../../../app/session/useRequireLogin.ts';
import { fetchOwnBidAlias, placeBid, subscribeLink } from '../api/bidsApi.ts';
import type { BidSummaryView, BidType } from '../api/bidViews.ts';
import {
  acceptsAmountInput,
  bidFormProblem,
  bidRequestBody,
  SELECT_TYPE,
  type BidFormInput,
} from '../model/bidForm.ts';

type Props = { itemId: string; onPosted: (summary: BidSummaryView) => void };

type Failure = { message: string; subscribeAt: string | null };

/**
 * The bid form for everyone but the owner, while bids are taken: alias (the member's bidAlias to
 * start with), type and amount. A guest who submits is asked to log in.
 */
export function BidForm({ itemId, onPosted }: Props) {
  const { status, user } = useSession();
  const { request } = useApi();
  const requireLogin = useRequireLogin();
  const [input, setInput] = useState<BidFormInput>({ bidAlias: '', type: SELECT_TYPE, amount: '' });
  const [failure, setFailure] = useState<Failure | null>(null);
  const [sending, setSending] = useState(false);

  const memberId = status === 'member' ? user?._id : undefined;
  useEffect(() => {
    if (!memberId) return;
    const controller = new AbortController();
    fetchOwnBidAlias(request, controller.signal).then(
      (alias) =>
        setInput((current) => (current.bidAlias ? current : { ...current, bidAlias: alias })),
      () => undefined, // the member types one instead
    );
    return () => controller.abort();
  }, [memberId, request]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin() || !user) return;
    const problem = bidFormProblem(input, user.username);
    if (problem || input.type === SELECT_TYPE) {
      setFailure({ message: problem ?? MESSAGES.enterAllBidDetails, subscribeAt: null });
      return;
    }
    setFailure(null);
    setSending(true);
    try {
      const body = bidRequestBody(
        { ...input, type: input.type },
        { userId: user._id, username: user.username },
        itemId,
      );
      const summary = await placeBid(request, body);
      setInput((current) => ({ ...current, type: SELECT_TYPE, amount: '' }));
      onPosted(summary);
    } catch (error) {
      setFailure({
        message: error instanceof ApiError ? error.firstMessage : MESSAGES.generic,
        subscribeAt: subscribeLink(error),
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2} aria-label="Place a bid">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="Bid alias"
          name="bidAlias"
          value={input.bidAlias}
          onChange={(e) => setInput((current) => ({ ...current, bidAlias: e.target.value }))}
          size="small"
          fullWidth
        />
        <TextField
          select
          label="Type"
          name="type"
          value={input.type}
          onChange={(e) =>
            setInput((current) => ({
              ...current,
              type: e.target.value as BidType | typeof SELECT_TYPE,
            }))
          }
          size="small"
          sx={{ minWidth: 150 }}
        >
          <MenuItem value={SELECT_TYPE}>{SELECT_TYPE}</MenuItem>
          {BID_TYPES.map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Amount (₹)"
          name="bidamt"
          value={input.amount}
          onChange={(e) => {
            const amount = e.target.value;
            if (acceptsAmountInput(amount)) setInput((current) => ({ ...current, amount }));
          }}
          size="small"
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          fullWidth
        />
      </Stack>
      {failure && (
        <Alert severity="error">
          {failure.message}
          {failure.subscribeAt && (
            <>
              {' '}
              <Link component={RouterLink} to={failure.subscribeAt}>
                Subscribe
              </Link>
            </>
          )}
        </Alert>
      )}
      <Button type="submit" variant="contained" loading={sending} sx={{ alignSelf: 'flex-start' }}>
        Bid
      </Button>
    </Stack>
  );
}
