import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { readReviewDraft, saveReviewDraft } from '../model/reviewDraft.ts';
import { submissionKey } from '../../../lib/submissionKey.ts';
import { fetchReviews, postReview, type Review } from '../api/socialApi.ts';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';
import { SUPPORT_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';
import { ReviewItem, type ReviewRights } from './ReviewItem.tsx';
import { busyProps } from '../../../components/busyProps.ts';

/** The review form's refusal, which the review box points to. */
const REVIEW_FAILURE_ID = 'review-failure';

/**
 * Reviews on another member's profile: the form (hidden on one's own profile; text required)
 * and the list, newest first, with each reviewer's name and avatar; the viewer's own reviews
 * with Edit and Delete, and every review with Delete for support.
 */
export function ReviewsSection({ userId, ownProfile }: { userId: string; ownProfile: boolean }) {
  const { request, envelope } = useApi();
  const { user } = useSession();
  const reviewerId = user?._id;
  const support = holdsRole(user?.roles, SUPPORT_ROLES);
  const rightsOver = (review: Review): ReviewRights => {
    const own = review.postedBy === reviewerId;
    return { edit: own, delete: own || support };
  };
  const [reviews, setReviewsShown] = useState<Review[] | null>(null);
  // The pages read so far, and whether the last was full (More reviews asks for the next).
  const [pages, setPages] = useState(1);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  /** The first page, as the list or a change's answer gives it. */
  const setReviews = useCallback((firstPage: Review[]) => {
    setReviewsShown(firstPage);
    setPages(1);
    setMore(firstPage.length === LIMITS.reviewPageSize);
  }, []);
  const [text, setText] = useState(() => readReviewDraft(reviewerId, userId));
  const field = useRef<HTMLTextAreaElement>(null);
  const type = (next: string) => {
    setText(next);
    saveReviewDraft(reviewerId, userId, next);
  };
  const [failure, setFailure] = useState<string | null>(null);
  const [posting, setPosting] = useState(false);
  // A retry after a lost answer carries the same Idempotency-Key (lib/submissionKey.ts).
  const [submission] = useState(() => submissionKey(`review:${userId}`));
  const [posted, setPosted] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setReviews(await fetchReviews(request, userId));
    } catch (error) {
      setReviews([]);
      setFailure(messageOf(error));
    }
  }, [request, userId, setReviews]);

  const loadMore = async () => {
    if (loadingMore) return;
    setLoadingMore(true);
    try {
      const next = await fetchReviews(request, userId, pages + 1);
      // A review posted meanwhile moves the pages on by one: what is shown already is not repeated.
      setReviewsShown((shown) => {
        const ids = new Set((shown ?? []).map((review) => review._id));
        return [...(shown ?? []), ...next.filter((review) => !ids.has(review._id))];
      });
      setPages(pages + 1);
      setMore(next.length === LIMITS.reviewPageSize);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setLoadingMore(false);
    }
  };

  useEffect(() => {
    void load();
  }, [load]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      // Said, and the box it is about marked and given the keyboard, as the other forms do.
      setFailure(MESSAGES.reviewTextRequired);
      field.current?.focus();
      return;
    }
    setPosting(true);
    setFailure(null);
    try {
      const review = { userId, text };
      const answer = await postReview(envelope, review, submission.keyFor(review));
      submission.settle();
      type('');
      if (answer.data) setReviews(answer.data);
      setPosted(answer.msg || MESSAGES.reviewPosted);
    } catch (error) {
      submission.settle(error);
      setFailure(messageOf(error));
    } finally {
      setPosting(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reviews-heading">
      <Typography id="reviews-heading" variant="h6" component="h2" gutterBottom>
        Reviews
      </Typography>
      {!ownProfile && (
        <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ mb: 2 }}>
          <TextField
            label="Write a review"
            value={text}
            onChange={(event) => type(event.target.value)}
            inputRef={field}
            multiline
            minRows={2}
            fullWidth
            error={failure === MESSAGES.reviewTextRequired}
            slotProps={{
              htmlInput: {
                maxLength: LIMITS.reviewTextMax,
                ...(failure ? { 'aria-describedby': REVIEW_FAILURE_ID } : {}),
              },
            }}
            // The field stops at the limit, a paste too: the count says where it stands.
            helperText={text ? `${text.length} / ${LIMITS.reviewTextMax} characters` : undefined}
          />
          {failure && (
            <Alert severity="error" sx={{ mt: 1 }} id={REVIEW_FAILURE_ID}>
              {failure}
            </Alert>
          )}
          <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={posting}>
            Post Review
          </Button>
        </Box>
      )}
      {reviews === null ? null : reviews.length === 0 ? (
        <Typography color="textSecondary">No reviews yet</Typography>
      ) : (
        <Box data-testid="reviews">
          {reviews.map((review) => (
            <ReviewItem
              key={review._id}
              review={review}
              rights={rightsOver(review)}
              onChanged={(changed, message) => {
                if (changed) setReviews(changed);
                setPosted(message);
              }}
            />
          ))}
          {more && (
            <Button
              onClick={() => void loadMore()}
              loading={loadingMore}
              {...busyProps(loadingMore)}
              sx={{ mt: 1 }}
            >
              More reviews
            </Button>
          )}
        </Box>
      )}
      {/* Closed, it gives the focus back to the review box: Post Review was disabled meanwhile. */}
      <SuccessDialog
        message={posted}
        titleId="review-posted-title"
        onClose={() => setPosted(null)}
        focusInstead={() => field.current}
      />
    </Paper>
  );
}
