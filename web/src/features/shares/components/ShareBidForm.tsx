import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FieldRow } from '../../../components/FieldRow.tsx';
import TextField from '@mui/material/TextField';
import { SHARE_FEE_ALREADY_PAID } from '@boli/engine/shares/shareBid.rules';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, firstMessageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { BidDetailsFields } from '../../../components/BidDetailsFields.tsx';
import { aliasLengthHint, SELECT_TYPE } from '../../../components/bidDetails.ts';
import { useBidFieldFaults } from '../../../components/useBidFieldFaults.ts';
import { focusWhenDialogLeft } from '../../../lib/focusLost.ts';
import { submissionKey, unconfirmed } from '../../../lib/submissionKey.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';
import { postShareBid, quoteShareFee } from '../api/sharesApi.ts';
import { readShareBidDraft, saveShareBidDraft } from '../model/shareBidDraft.ts';
import {
  shareBidBody,
  shareBidFormProblem,
  type ShareBidFormInput,
} from '../model/shareBidForm.ts';
import { ShareFeeDialog, type QuotedShareFee } from './ShareFeeDialog.tsx';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';

type Props = {
  /** The share-bid page's id (/bid/{id}): what is typed is kept for it. */
  page: string;
  /**
   * What the company field starts with: the company the member last bid under, else their
   * registered bid alias. It follows this till the member types in the field.
   */
  startCompany: string;
  hasPaidToBuyShare: boolean;
  /** A bid was posted (directly, or by the fee's payment). */
  onPosted: (feeJustPaid: boolean) => void;
  /** The fee's payment ended otherwise (ShareFeeDialog's onOver): what the page shows may change. */
  onFeeOver: () => void;
};

/**
 * Post A Bid: company name, type and amount. A member who has paid the buy-share bid fee posts
 * directly; anyone else sees the fee dialog with its price and tax, and the bid is posted by the
 * fee's payment (section 4). What is typed is kept in the tab until posted
 * (model/shareBidDraft.ts): the fee's dialog closed, a look at another page and Back find it.
 */
export function ShareBidForm({
  page,
  startCompany,
  hasPaidToBuyShare,
  onPosted,
  onFeeOver,
}: Props) {
  const { user } = useSession();
  const memberId = user?._id;
  const { request } = useApi();
  const [draft] = useState(() => readShareBidDraft(memberId, page));
  const [input, setInput] = useState<ShareBidFormInput>(
    () => draft ?? { company: startCompany, type: SELECT_TYPE, amount: '' },
  );
  useEffect(() => saveShareBidDraft(memberId, page, input), [memberId, page, input]);
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const [sending, setSending] = useState(false);
  const submitButton = useRef<HTMLButtonElement>(null);
  const [feeFor, setFeeFor] = useState<QuotedShareFee | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // A retry after a lost answer carries the same Idempotency-Key (lib/submissionKey.ts).
  const [submission] = useState(() => submissionKey('shareBid'));
  const faults = useBidFieldFaults(
    input,
    input.company,
    user?.username,
    user ? shareBidFormProblem(input, user.username) : null,
  );
  const { atFault } = faults;
  // What the form finds wrong now, once refused for it; else the last refusal's words.
  const said = faults.problemSaid ?? failure;

  // A bid under a new name is a new company to the others: the field keeps the last one used,
  // which may load after the form, unless the member has typed a name of their own (or the
  // draft brought back the one they bid under as they typed it).
  const typedCompany = useRef(draft !== null);
  const companyField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!typedCompany.current) setInput((current) => ({ ...current, company: startCompany }));
  }, [startCompany]);

  const cleared = () => setInput((current) => ({ ...current, type: SELECT_TYPE, amount: '' }));
  const posted = (msg: string, feeJustPaid: boolean) => {
    cleared();
    setMessage(msg || MESSAGES.bidPosted);
    onPosted(feeJustPaid);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    if (shareBidFormProblem(input, user.username) || input.type === SELECT_TYPE) {
      // Said by the fields' faults (`problemSaid`), as they are now.
      setFailure(null);
      faults.refused();
      return;
    }
    setFailure(null);
    faults.accepted();
    const body = shareBidBody(
      { ...input, type: input.type },
      { userId: user._id, username: user.username },
    );
    setSending(true);
    if (!hasPaidToBuyShare) {
      // Judged before the fee's price is shown: nobody is asked to pay for a refused bid.
      try {
        setFeeFor({ bid: body, quote: await quoteShareFee(request, body) });
        setSending(false);
        return;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === SHARE_FEE_ALREADY_PAID)) {
          setFailure(firstMessageOf(error));
          companyField.current?.focus();
          setSending(false);
          return;
        }
        // Paid since this page was read (in another tab): the bid is posted directly, as the fee
        // promises, and the page learns the fee is paid.
      }
    }
    try {
      await submission.send(body, (key) => postShareBid(request, body, key));
      posted(MESSAGES.bidPosted, !hasPaidToBuyShare);
    } catch (error) {
      setFailure(unconfirmed(error) ? MESSAGES.shareBidUnconfirmed : firstMessageOf(error));
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
      aria-label="Post A Bid"
    >
      <TextField
        label="Company"
        name="company"
        value={input.company}
        onChange={(e) => {
          typedCompany.current = true;
          setInput((current) => ({ ...current, company: e.target.value }));
        }}
        size="small"
        helperText={
          aliasLengthHint(input.company) ?? 'Your bid username: the name your bids are shown under'
        }
        error={atFault.includes('alias')}
        slotProps={{
          htmlInput: {
            // With the helper text's id, which it keeps.
            ...(atFault.includes('alias')
              ? { 'aria-describedby': 'share-bid-failure company-helper-text' }
              : {}),
          },
        }}
        id="company"
        inputRef={companyField}
      />
      <FieldRow>
        <BidDetailsFields
          details={input}
          onChange={(change) => setInput((current) => ({ ...current, ...change }))}
          invalid={atFault}
          describedBy="share-bid-failure"
        />
      </FieldRow>
      {said && (
        <Alert severity="error" id="share-bid-failure">
          {said}
        </Alert>
      )}
      <Button
        ref={submitButton}
        type="submit"
        variant="contained"
        loading={sending}
        sx={{ alignSelf: 'flex-start' }}
      >
        Post Bid
      </Button>
      <ShareFeeDialog
        quoted={feeFor}
        onClose={() => {
          setFeeFor(null);
          // Post Bid was busy (and so let go of the keyboard) as the dialog opened: it has it back.
          focusWhenDialogLeft(() => submitButton.current);
          // Its Proceed may have found the fee paid in another tab: the page reads it again, so
          // that Post Bid then posts directly.
          onFeeOver();
        }}
        onPosted={(confirmation) => {
          setFeeFor(null);
          posted(confirmation.msg, true);
        }}
        // The bid is posted, or will be once the payment is confirmed: not to be sent again.
        onOver={() => {
          cleared();
          onFeeOver();
        }}
      />
      <SuccessDialog
        message={message}
        titleId="share-bid-posted-title"
        onClose={() => setMessage(null)}
        // Post Bid was busy (disabled) as the dialog opened: the keyboard goes back to it.
        focusInstead={() => submitButton.current}
      />
    </Stack>
  );
}
