import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { formatDate } from '../../../lib/format.ts';
import { deleteReview, editReview, type Review } from '../api/socialApi.ts';

/** What the viewer may do to a review: rewrite it (its writer) and delete it (its writer, support). */
export type ReviewRights = { readonly edit: boolean; readonly delete: boolean };

/** A change done: the reviewed member's reviews as they now are, and what to say. */
export type ReviewChanged = (reviews: Review[] | null, message: string) => void;

const TEXT_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** The review's text, rewritten in place: Save sends it, Cancel leaves it as it was. */
function ReviewEditor({
  review,
  onSaved,
  onCancel,
}: {
  review: Review;
  onSaved: ReviewChanged;
  onCancel: () => void;
}) {
  const { envelope } = useApi();
  const [text, setText] = useState(review.text);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const failureId = `review-edit-failure-${review._id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (text.trim() === '') {
      setFailure(MESSAGES.reviewTextRequired);
      field.current?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const answer = await editReview(envelope, { reviewId: review._id, text });
      onSaved(answer.data, answer.msg || MESSAGES.reviewUpdated);
    } catch (error) {
      setFailure(messageOf(error));
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(event) => void save(event)} sx={{ mt: 1 }}>
      <TextField
        label="Your review"
        value={text}
        onChange={(event) => setText(event.target.value)}
        inputRef={field}
        autoFocus
        multiline
        minRows={2}
        fullWidth
        error={failure === MESSAGES.reviewTextRequired}
        slotProps={{
          htmlInput: {
            maxLength: LIMITS.reviewTextMax,
            ...(failure ? { 'aria-describedby': failureId } : {}),
          },
        }}
        helperText={`${text.length} / ${LIMITS.reviewTextMax} characters`}
      />
      {failure && (
        <Alert severity="error" sx={{ mt: 1 }} id={failureId}>
          {failure}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" loading={saving} {...busyProps(saving)}>
          Save
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Box>
  );
}

/**
 * One review: the reviewer's avatar and name (each leading to their profile), its date, whether
 * it was rewritten, and its text. Its writer may rewrite or delete it, support delete it.
 */
export function ReviewItem({
  review,
  rights,
  onChanged,
}: {
  review: Review;
  rights: ReviewRights;
  onChanged: ReviewChanged;
}) {
  const { envelope } = useApi();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const name = review.postedByUsername || 'A member';
  const profile = `/user_profile/${review.postedBy}`;
  const titleId = `review-delete-title-${review._id}`;

  const stopEditing = () => {
    setEditing(false);
    // The editor goes away: the keyboard goes back to the button that opened it.
    window.setTimeout(() => editButton.current?.focus());
  };

  const remove = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      const answer = await deleteReview(envelope, review._id);
      setAsking(false);
      onChanged(answer.data, answer.msg || MESSAGES.reviewDeleted);
    } catch (error) {
      setAsking(false);
      setFailure(messageOf(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack direction="row" spacing={2} data-testid="review" sx={{ py: 1 }}>
      {/* The avatar leads to the profile too: a finger's target beside the name's. The name's
          link is the one the keyboard and a screen reader reach. */}
      <Link component={RouterLink} to={profile} tabIndex={-1} aria-hidden sx={{ flexShrink: 0 }}>
        <Avatar src={review.postedByProfilepic || undefined} alt="">
          {name.charAt(0).toUpperCase()}
        </Avatar>
      </Link>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="subtitle2" component="p">
          <Link component={RouterLink} to={profile} sx={TAP_TARGET}>
            {name}
          </Link>{' '}
          <Typography component="span" variant="caption" color="textSecondary">
            {formatDate(review.createdAt)}
            {review.editedAt && ` · edited ${formatDate(review.editedAt)}`}
          </Typography>
        </Typography>
        {editing ? (
          <ReviewEditor
            review={review}
            onSaved={(reviews, message) => {
              setEditing(false);
              onChanged(reviews, message);
            }}
            onCancel={stopEditing}
          />
        ) : (
          <Typography sx={TEXT_STYLE}>{review.text}</Typography>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {failure}
          </Alert>
        )}
        {!editing && (rights.edit || rights.delete) && (
          <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
            {rights.edit && (
              <Button
                size="small"
                ref={editButton}
                onClick={() => setEditing(true)}
                aria-label={`Edit your review of ${formatDate(review.createdAt)}`}
              >
                Edit
              </Button>
            )}
            {rights.delete && (
              <Button
                size="small"
                color="error"
                onClick={() => setAsking(true)}
                aria-label={`Delete the review by ${name} of ${formatDate(review.createdAt)}`}
              >
                Delete
              </Button>
            )}
          </Stack>
        )}
      </Box>
      <ConfirmDialog
        open={asking}
        titleId={titleId}
        title="Delete this review?"
        keepLabel="Keep it"
        actLabel="Delete"
        acting={deleting}
        onKeep={() => setAsking(false)}
        onAct={() => void remove()}
      >
        {rights.edit
          ? 'Your review will no longer show on this profile.'
          : `The review by ${name} will no longer show on this profile.`}
      </ConfirmDialog>
    </Stack>
  );
}
