import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { readReviewDraft, saveReviewDraft } from '../model/reviewDraft.ts';
import { submissionKey, unconfirmed } from '../../../lib/submissionKey.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';
import { fetchReviews, postReview, type Review } from '../api/socialApi.ts';
import { onNotificationArrived } from '../../../app/notificationSignal.ts';
import { useRefreshWhileShown } from '../../../lib/useRefreshWhileShown.ts';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';
import { SUPPORT_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';
import {
  REVIEWS_HEADING_ID,
  ReviewItem,
  reviewNameId,
  type ReviewChanges,
  type ReviewRights,
} from './ReviewItem.tsx';
import { joinedPages, mayHaveMore } from '../model/reviewList.ts';
import Alert from '@mui/material/Alert';
import { ReviewTextField } from './ReviewTextField.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import { reviewTextRefusal } from '@boli/engine/social/review.rules';
import { failureAfterTyping } from '../model/reviewText.ts';
import { REVIEWS_SECTION_ID } from '@boli/engine/social/notificationLink';

/** The review form's refusal, which the review box points to. */
const REVIEW_FAILURE_ID = 'review-failure';

/**
 * Reviews on another member's profile: the form (hidden on one's own profile; text required)
 * and the list, newest first, with each reviewer's name and avatar; the viewer's own reviews
 * with Edit and Delete, and every review with Delete for support.
 */
export function ReviewsSection({
  userId,
  ownProfile,
  reviewable = !ownProfile,
}: {
  userId: string;
  ownProfile: boolean;
  /** The review form is offered: not on one's own profile, nor to staff on a blocked member's. */
  reviewable?: boolean;
}) {
  const { request, envelope } = useApi();
  const { user } = useSession();
  const reviewerId = user?._id;
  const support = holdsRole(user?.roles, SUPPORT_ROLES);
  const rightsOver = (review: Review): ReviewRights => {
    const own = review.postedBy === reviewerId;
    return { edit: own, delete: own || support };
  };
  const [reviews, setReviews] = useState<Review[] | null>(null);
  // The pages read so far, and whether the last was full (More reviews asks for the next).
  const [pages, setPages] = useState(1);
  const [more, setMore] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  // Said above the list: a change refused because the review is not as the page showed it.
  const [notice, setNotice] = useState<string | null>(null);
  // What takes the keyboard once a change's success is said (the review's Edit, the heading).
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  // The first review More reviews brought, which takes the keyboard once it is drawn.
  const [focusReview, setFocusReview] = useState<string | null>(null);
  useEffect(() => {
    if (focusReview === null) return;
    document.getElementById(reviewNameId(focusReview))?.focus();
    setFocusReview(null);
  }, [focusReview, reviews]);
  const [text, setText] = useState(() => readReviewDraft(reviewerId, userId));
  const field = useRef<HTMLTextAreaElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const type = (next: string) => {
    setText(next);
    saveReviewDraft(reviewerId, userId, next);
    setFailure(failureAfterTyping(failure, text, next));
  };
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const [posting, setPosting] = useState(false);
  // A retry after a lost answer carries the same Idempotency-Key (lib/submissionKey.ts).
  const [submission] = useState(() => submissionKey(`review:${userId}`));
  const [posted, setPosted] = useState<string | null>(null);

  /**
   * Reads the first `count` pages again, in turn, and shows them joined: after a change the list
   * keeps what the member had opened (More reviews), with the change in its place. A change's
   * answer is its first page (`firstPage`), which is not asked for again.
   */
  const readPages = useCallback(
    async (count: number, firstPage?: Review[]) => {
      const read: Review[][] = [];
      for (let page = 1; page <= count; page += 1) {
        const next =
          page === 1 && firstPage ? firstPage : await fetchReviews(request, userId, page);
        read.push(next);
        if (!mayHaveMore(next)) break;
      }
      setReviews(joinedPages(read));
      setPages(read.length);
      setMore(mayHaveMore(read.at(-1) ?? []));
    },
    [request, userId],
  );

  const load = useCallback(
    async (count: number, firstPage?: Review[]) => {
      try {
        await readPages(count, firstPage);
      } catch (error) {
        setReviews((shown) => shown ?? []);
        setFailure(messageOf(error));
      }
    },
    [readPages],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  // On their own profile, a review posted or rewritten about the member comes as a notification:
  // the pages shown are read again at once, rather than at the next reload.
  const shownPages = useRef(pages);
  shownPages.current = pages;
  useEffect(() => {
    if (!ownProfile) return;
    return onNotificationArrived(() => void load(shownPages.current));
  }, [ownProfile, load]);
  // A review deleted (or written about another member) notifies nobody: an open profile reads
  // its pages again now and then, and on coming back into view. A failure here changes nothing.
  const refresh = useCallback(
    () => void readPages(shownPages.current).catch(() => undefined),
    [readPages],
  );
  useRefreshWhileShown(refresh, LIMITS.profileRefreshMs);

  const loadMore = async () => {
    if (loadingMore) return;
    setLoadingMore(true);
    const shown = new Set((reviews ?? []).map((review) => review._id));
    try {
      const next = await fetchReviews(request, userId, pages + 1);
      const joined = joinedPages([reviews ?? [], next]);
      setReviews(joined);
      setPages(pages + 1);
      setMore(mayHaveMore(next));
      // The keyboard goes to the first review it brought (More reviews may be gone with the last).
      setFocusReview(joined.find((review) => !shown.has(review._id))?._id ?? null);
    } catch (error) {
      setFailure(messageOf(error));
    } finally {
      setLoadingMore(false);
    }
  };

  const changes: ReviewChanges = {
    onDone: (message, focusId, firstPage) => {
      setNotice(null);
      setFocusAfter(focusId);
      setPosted(message);
      void load(pages, firstPage);
    },
    onStale: (message) => {
      setNotice(message);
      void load(pages);
    },
    onRewrittenElsewhere: () => void load(pages),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const refusal = reviewTextRefusal(text);
    if (refusal) {
      // Said, and the box it is about marked and given the keyboard, as the other forms do.
      setFailure(refusal.message);
      field.current?.focus();
      return;
    }
    setPosting(true);
    setFailure(null);
    try {
      const review = { userId, text };
      const answer = await submission.send(review, (key) => postReview(envelope, review, key));
      type('');
      setFocusAfter(null);
      setPosted(answer.msg || MESSAGES.reviewPosted);
      void load(pages, answer.data ?? undefined);
    } catch (error) {
      setFailure(unconfirmed(error) ? MESSAGES.reviewUnconfirmed : messageOf(error));
    } finally {
      setPosting(false);
    }
  };

  return (
    <Paper
      id={REVIEWS_SECTION_ID}
      variant="outlined"
      sx={{ p: 2 }}
      component="section"
      aria-labelledby={REVIEWS_HEADING_ID}
    >
      <Typography id={REVIEWS_HEADING_ID} variant="h6" component="h2" gutterBottom tabIndex={-1}>
        Reviews
      </Typography>
      {notice && (
        <Alert severity="info" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {reviewable && (
        <Box component="form" onSubmit={(event) => void submit(event)} noValidate sx={{ mb: 2 }}>
          <ReviewTextField
            label="Write a review"
            text={text}
            onText={type}
            inputRef={field}
            failure={failure}
            failureId={REVIEW_FAILURE_ID}
          />
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
              changes={changes}
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
      {/* Closed, it gives the keyboard to what the change names (the rewritten review's Edit, the
          heading once one is deleted), else to the review box: Post Review was disabled meanwhile. */}
      <SuccessDialog
        message={posted}
        titleId="review-posted-title"
        onClose={() => setPosted(null)}
        focusInstead={() =>
          (focusAfter ? document.getElementById(focusAfter) : null) ?? field.current
        }
      />
    </Paper>
  );
}
