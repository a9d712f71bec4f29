import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { messageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';
import { submissionKey } from '../../../lib/submissionKey.ts';
import { AD_PATHS, type ProfileAddress, type StagedMedia } from '../ads.api.ts';
import { useMediaSender } from '../../../lib/mediaUpload.ts';
import { newAdForm, postAdFields, withProfileAddress } from '../model/adForm.ts';
import { postAdBodyOf, postAdFormData, samePost, type PostAdBody } from '../model/postAdBody.ts';
import { readPostAdDraft, savePostAdDraft } from '../model/postAdDraft.ts';
import { useAdFormSubmission } from '../useAdFormSubmission.ts';
import { useUploads } from '../useUploads.ts';
import { knownUnentitled, useEntitlement } from '../../subscription/useEntitlement.ts';
import { TrialEndingNote } from '../../subscription/components/TrialEndingNote.tsx';
import {
  AddressRequiredDialog,
  AddressRequiredNotice,
  AdFailureAlert,
  SubscribeToPostNotice,
} from './AdFailureNotice.tsx';
import { AdFormFields } from './AdFormFields.tsx';
import { MediaDropZone } from './MediaDropZone.tsx';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { UploadList } from './UploadList.tsx';
import { LostPostNotice } from './LostPostNotice.tsx';

/** The line that says why Post Ad! waits, which describes the button. */
const POST_AD_HINT_ID = 'post-ad-hint';

function PostAdForm({ address }: { address: ProfileAddress | null }) {
  const { envelope } = useApi();
  const { user } = useSession();
  const memberId = user?._id;
  const navigate = useNavigate();
  const stage = useMediaSender<StagedMedia>(AD_PATHS.stage, 'file');
  const media = useUploads(stage);
  const addressMissing = address !== null && !address.complete;
  const editProfile = useRef<HTMLAnchorElement>(null);
  // Posting (and staging photos) needs a subscription or trial: said before anything is typed
  // (not when the entitlement could not be read: the server's refusal says it then).
  const entitlement = useEntitlement();
  // What the form starts as: the profile's address, unless a reload finds an ad being written.
  const [blank] = useState(() => newAdForm(address));
  // Only the fields are kept across a reload: the files chosen before it must be added again.
  const [draft] = useState(() => readPostAdDraft(memberId));
  // A retry after a lost answer carries the same Idempotency-Key: the api posts one ad
  // (lib/submissionKey.ts; docs/api/ads.md, Retries).
  // A lost post and its retry, its files added again, are one ad; another ad is its own.
  const [submission] = useState(() =>
    submissionKey(`postAd:${memberId ?? ''}`, { sameSubmission: samePost }),
  );
  const ad = useAdFormSubmission({
    initial: () => (draft ? withProfileAddress(draft, blank) : blank),
    addressDialogAtStart: addressMissing,
    unconfirmedMessage: MESSAGES.adUnconfirmed,
    send: (form) =>
      sendPost({
        fields: postAdFields(form),
        stagedIds: media.uploaded.flatMap((upload) =>
          upload.result ? [upload.result.stagedId] : [],
        ),
      }),
  });
  /** Posts `body` with its key: the pending one when it is the post whose answer was lost. */
  const sendPost = async (body: PostAdBody, key?: string) => {
    const answer = await submission.send(
      body,
      (idempotencyKey) =>
        envelope<unknown>(AD_PATHS.post, {
          method: 'POST',
          form: postAdFormData(body),
          idempotencyKey,
        }),
      key,
    );
    posted.current = true;
    savePostAdDraft(memberId, null);
    setLostPost(null);
    // Section 8's success dialog; OK (or Back) goes on to My Ads.
    setPostedMessage(answer.msg || MESSAGES.adPosted);
  };
  // A Post Ad! sent before a reload whose answer never came: the ad may have been posted. Its
  // files are gone from the page, so pressing Post Ad! with them added again would be a new post;
  // sent again as it was, with its key, it is posted once, or answered as posted already.
  const [lostPost, setLostPost] = useState(() => {
    const waiting = submission.waitingSubmission();
    const post = postAdBodyOf(waiting?.body);
    return waiting && post ? { post, key: waiting.key } : null;
  });
  // The fields are kept in the tab as they change (not the files), until the ad is posted.
  const posted = useRef(false);
  const [postedMessage, setPostedMessage] = useState<string | null>(null);
  useEffect(() => {
    if (posted.current) return;
    savePostAdDraft(memberId, JSON.stringify(ad.form) === JSON.stringify(blank) ? null : ad.form);
  }, [ad.form, blank, memberId]);
  const posting = ad.sending;
  const canPost = media.uploaded.length > 0 && !media.busy && !posting;
  // Why Post Ad! waits, when its files do not show it: every one failed, or none was added.
  const noUploadDone = media.uploads.length > 0 && media.uploaded.length === 0 && !media.busy;
  const noFileAdded = media.uploads.length === 0 && !lostPost;

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={ad.submit}>
      <Typography variant="h5" component="h1">
        Post New Ad
      </Typography>
      {knownUnentitled(entitlement) && <SubscribeToPostNotice />}
      <TrialEndingNote entitlement={entitlement} />
      {lostPost && (
        <LostPostNotice
          post={lostPost.post}
          send={(post) => sendPost(post, lostPost.key)}
          onAnswered={() => setLostPost(null)}
          disabled={posting}
        />
      )}
      {addressMissing && <AddressRequiredNotice editRef={editProfile} />}
      <AdFailureAlert failure={ad.failure} />
      <AdFormFields
        form={ad.form}
        errors={ad.errors}
        onChange={ad.change}
        onDisplayPhone={ad.setDisplayPhone}
        addressNote={
          addressMissing && (
            <Typography variant="body2" color="textSecondary" data-testid="ad-address-note">
              The ad&apos;s address, shown to bidders. Posting also needs your profile&apos;s
              address complete: these fields do not fill it in.
            </Typography>
          )
        }
      />
      <Divider textAlign="left">Photos and videos *</Divider>
      <MediaDropZone held={media.held} onFiles={media.add} disabled={posting} />
      <UploadList
        uploads={media.uploads}
        onRemove={media.remove}
        onRetry={media.retry}
        thumbnailOf={(staged) => staged.thumbnail}
      />
      {/* Every file failed: why Post Ad! waits, and the ways on. */}
      {noUploadDone && (
        <Typography
          variant="body2"
          color="textSecondary"
          data-testid="no-upload-done"
          id={POST_AD_HINT_ID}
        >
          No photo or video is uploaded yet: retry one above, or add another, to post the ad.
        </Typography>
      )}
      {noFileAdded &&
        (draft ? (
          <Alert severity="info" id={POST_AD_HINT_ID}>
            Your details were kept; photos and videos are not: add them to post the ad.
          </Alert>
        ) : (
          <Typography variant="body2" color="textSecondary" id={POST_AD_HINT_ID}>
            Add at least one photo or video to post the ad.
          </Typography>
        ))}
      {/* A disabled button is passed over by Tab: it is described by why it waits, if it does. */}
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!canPost}
        loading={posting}
        aria-describedby={!canPost && (noUploadDone || noFileAdded) ? POST_AD_HINT_ID : undefined}
      >
        Post Ad!
      </Button>
      {/* The fields outlive leaving (the draft); the photos and videos do not: asked first. */}
      <UnsavedChangesGuard
        when={!posting && !posted.current && media.uploads.length > 0}
        what="the new ad's photos and videos"
      />
      {/* Cancelled at the start, the keyboard goes to the notice's way on, Edit profile. */}
      <AddressRequiredDialog
        open={ad.addressDialog}
        onClose={ad.closeAddressDialog}
        focusInstead={() => editProfile.current}
      />
      <SuccessDialog
        message={postedMessage}
        titleId="ad-posted-title"
        // In place of the dialog's own history entry: Back from My Ads is the form, not the dialog.
        onClose={() => navigate('/myAds', { replace: true })}
      />
    </Stack>
  );
}

/**
 * Post New Ad (/postAd): the form with the member's address filled in from the profile, each
 * photo or video staged on its own (POST /api/gallery/stage, six at a time, with progress), then
 * POST /api/posts/ with the staged ids → 'Ad posted successfully.' → /myAds. An incomplete
 * profile address opens 'Address Required!! Please fill the address'; a member without a
 * subscription or trial is told so above the form, with the way to /subscription. The fields
 * typed survive a reload (model/postAdDraft.ts).
 */
export function PostAdScreen() {
  const { request } = useApi();
  const [address, setAddress] = useState<ProfileAddress | null | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  // Retry asks for the address again: the spinner shows meanwhile.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setFailure(null);
    request<ProfileAddress>(AD_PATHS.userAddress).then(
      (data) => live && setAddress(data ?? null),
      // Not "no address": the form would start empty and the Address Required dialog would not
      // open. The profile's address is what the ad is posted from, so it is asked again.
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [request, attempt]);
  if (failure) {
    return (
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          Post New Ad
        </Typography>
        <LoadFailure message={failure} onRetry={() => setAttempt((n) => n + 1)} />
      </Stack>
    );
  }
  if (address === undefined) return <CenteredSpinner label="Loading your address" />;
  return <PostAdForm address={address} />;
}
