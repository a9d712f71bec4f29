import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { ClampedText } from '../../../components/ClampedText.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { formatDate } from '../../../lib/format.ts';
import { deleteReview, editReview, type Review } from '../api/socialApi.ts';
import { ReviewTextField } from './ReviewTextField.tsx';
import { snippetOf } from '../model/reviewList.ts';
import { reviewTextRefusal } from '@boli/engine/social/review.rules';
import { failureAfterTyping } from '../model/reviewText.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';

/** What the viewer may do to a review: rewrite it (its writer) and delete it (its writer, support). */
export type ReviewRights = { readonly edit: boolean; readonly delete: boolean };

/**
 * What a review's change tells the list: done (what to say, and which element takes the keyboard
 * once it is said), refused because the review went or changed elsewhere (what to say), or a
 * rewrite refused because the review was rewritten elsewhere (the editor says so itself, keeping
 * the member's words): each way the list is read again.
 */
export type ReviewChanges = {
  /** `firstPage`: the change's answer, the reviewed member's first page of reviews as they now are. */
  readonly onDone: (message: string, focusId: string, firstPage?: Review[]) => void;
  readonly onStale: (message: string) => void;
  readonly onRewrittenElsewhere: () => void;
};

/** The Edit button of a review, which takes the keyboard back once its rewrite is saved. */
export const editButtonId = (reviewId: string) => `review-edit-${reviewId}`;
/** The reviewer's name of a review, the first thing of it the keyboard reaches. */
export const reviewNameId = (reviewId: string) => `review-name-${reviewId}`;
/** The list's heading, which takes the keyboard once a review is deleted. */
export const REVIEWS_HEADING_ID = 'reviews-heading';

/** A refusal saying the review is not as the page shows it: gone, or changed in another tab. */
const isStale = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 409);
/** A rewrite refused because the review was rewritten since the editor opened (REVIEW_CHANGED). */
const isRewrittenElsewhere = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409;

const TEXT_STYLE = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** The review's text, rewritten in place: Save sends it, Cancel (or Escape) leaves it as it was. */
function ReviewEditor({
  review,
  changes,
  onClose,
}: {
  review: Review;
  changes: ReviewChanges;
  /** The editor goes away: saved, refused as stale, or cancelled (`cancelled`). */
  onClose: (cancelled: boolean) => void;
}) {
  const { envelope } = useApi();
  const [text, setText] = useState(review.text);
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const [saving, setSaving] = useState(false);
  // Refused as rewritten elsewhere: what the api said, and the text the editor was opened on.
  const [rewritten, setRewritten] = useState<{ message: string; from: string } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const failureId = `review-edit-failure-${review._id}`;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const refusal = reviewTextRefusal(text);
    if (refusal) {
      setFailure(refusal.message);
      field.current?.focus();
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      // The text it began from: a rewrite of one changed since (in another tab) is refused.
      const answer = await editReview(envelope, {
        reviewId: review._id,
        text,
        previousText: review.text,
      });
      onClose(false);
      changes.onDone(
        answer.msg || MESSAGES.reviewUpdated,
        editButtonId(review._id),
        answer.data ?? undefined,
      );
    } catch (error) {
      setSaving(false);
      if (isRewrittenElsewhere(error)) {
        // The member's words stay, beside the review as it now reads once the list is read
        // again: Save then puts them in its place, knowingly.
        setRewritten({ message: messageOf(error), from: review.text });
        changes.onRewrittenElsewhere();
        return;
      }
      if (!isStale(error)) return setFailure(messageOf(error));
      onClose(false);
      changes.onStale(messageOf(error));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void save(event)}
      // Escape cancels, as Cancel does (the text goes back to what it was).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) onClose(true);
      }}
      sx={{ mt: 1 }}
    >
      {rewritten && (
        <Alert severity="info" role="status" sx={{ mb: 1 }}>
          {rewritten.message}
          {review.text !== rewritten.from && (
            <Typography sx={{ ...TEXT_STYLE, mt: 1 }} data-testid="review-now">
              {review.text}
            </Typography>
          )}
        </Alert>
      )}
      <ReviewTextField
        label="Your review"
        text={text}
        onText={(next) => {
          setText(next);
          setFailure(failureAfterTyping(failure, text, next));
        }}
        inputRef={field}
        failure={failure}
        failureId={failureId}
        autoFocus
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" loading={saving} {...busyProps(saving)}>
          Save
        </Button>
        <Button onClick={() => onClose(true)}>Cancel</Button>
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
  changes,
}: {
  review: Review;
  rights: ReviewRights;
  changes: ReviewChanges;
}) {
  const { envelope } = useApi();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const editButton = useRef<HTMLButtonElement>(null);
  const name = review.postedByUsername || 'A member';
  const profile = `/user_profile/${review.postedBy}`;
  const titleId = `review-delete-title-${review._id}`;

  const stopEditing = (cancelled: boolean) => {
    setEditing(false);
    // Cancelled, the keyboard goes back to the button that opened the editor (saved, once the
    // success is said).
    if (cancelled) window.setTimeout(() => editButton.current?.focus());
  };
  const snippet = snippetOf(review.text);

  const remove = async () => {
    setDeleting(true);
    setFailure(null);
    try {
      const answer = await deleteReview(envelope, review._id);
      setAsking(false);
      changes.onDone(
        answer.msg || MESSAGES.reviewDeleted,
        REVIEWS_HEADING_ID,
        answer.data ?? undefined,
      );
    } catch (error) {
      setAsking(false);
      if (isStale(error)) changes.onStale(messageOf(error));
      else setFailure(messageOf(error));
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
          <Link component={RouterLink} to={profile} sx={TAP_TARGET} id={reviewNameId(review._id)}>
            {name}
          </Link>{' '}
          {/* A date is never broken across lines ('01-12-' over '2026'): each part wraps whole. */}
          <Typography component="span" variant="caption" color="textSecondary">
            <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(review.createdAt)}
            </Box>
            {review.editedAt && (
              <>
                {' · '}
                <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                  edited {formatDate(review.editedAt)}
                </Box>
              </>
            )}
          </Typography>
        </Typography>
        {editing ? (
          <ReviewEditor review={review} changes={changes} onClose={stopEditing} />
        ) : (
          <ClampedText text={review.text} />
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
                id={editButtonId(review._id)}
                onClick={() => setEditing(true)}
                aria-label={`Edit your review ${snippet}`}
              >
                Edit
              </Button>
            )}
            {rights.delete && (
              <Button
                size="small"
                color="error"
                onClick={() => setAsking(true)}
                aria-label={`Delete the review by ${name} ${snippet}`}
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
