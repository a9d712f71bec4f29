import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { MESSAGES } from '@boli/engine/shared/messages';
import { messageOf } from '../../../app/api/client.ts';
import { unconfirmed } from '../../../lib/submissionKey.ts';
import { postAdItemName, type PostAdBody } from '../model/postAdBody.ts';

/**
 * On Post New Ad after a reload: the Post Ad! sent before it got no answer, so the ad may have
 * been posted. **Finish posting it** sends that post again as it was, with its Idempotency-Key:
 * posted once, or answered as posted already (the success dialog either way). An answered refusal
 * (its photos no longer staged, say) is said, and the notice goes: the form posts anew.
 */
export function LostPostNotice({
  post,
  send,
  onAnswered,
  disabled,
}: {
  post: PostAdBody;
  send: (post: PostAdBody) => Promise<void>;
  /** The post was answered with a refusal: nothing is pending any more. */
  onAnswered: () => void;
  disabled: boolean;
}) {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const item = postAdItemName(post);
  const finish = async () => {
    setSending(true);
    setFailure(null);
    try {
      await send(post);
    } catch (error) {
      const lost = unconfirmed(error);
      setFailure(lost ? MESSAGES.adUnconfirmed : messageOf(error));
      if (!lost) onAnswered();
    } finally {
      setSending(false);
    }
  };
  return (
    <Alert
      severity="warning"
      data-testid="lost-post"
      action={
        <Stack spacing={1} sx={{ alignItems: 'flex-end' }}>
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={() => void finish()}
            loading={sending}
            disabled={disabled}
          >
            Finish posting it
          </Button>
          <Button color="inherit" size="small" component={RouterLink} to="/myAds">
            See My Ads
          </Button>
        </Stack>
      }
    >
      Your last Post Ad!{item ? ` (“${item}”)` : ''} was sent, but its answer never came: the ad may
      have been posted. Finish posting it to be sure — it will not be posted twice.
      {failure && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      )}
    </Alert>
  );
}
