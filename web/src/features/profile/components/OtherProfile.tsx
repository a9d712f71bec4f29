import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, messageOf } from '../../../app/api/client.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useItemTitle } from '../../../app/layout/pageTitle.ts';
import { useRefreshWhileShown } from '../../../lib/useRefreshWhileShown.ts';
import { leftBehind, useHistoryEntry } from '../../../lib/leftBehind.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { failureMayPass, LoadFailure } from '../../../components/LoadFailure.tsx';
import { EnlargeableAvatar } from '../../../components/EnlargeableAvatar.tsx';
import { RefusalNotice } from '../../../components/RefusalNotice.tsx';
import { PageNotFoundScreen } from '../../errors/components/PageNotFoundScreen.tsx';
import { IncomingRequest } from '../../social/components/IncomingRequest.tsx';
import { MobileRequestButton } from '../../social/components/MobileRequestButton.tsx';
import { ModerationPanel } from '../../support/components/ModerationPanel.tsx';
import { ReviewsSection } from '../../social/components/ReviewsSection.tsx';
import { REVIEWS_HEADING_ID } from '../../social/components/ReviewItem.tsx';
import { fieldText, isMember, type Member } from '../api/member.ts';
import { ProfileDetails } from './ProfileDetails.tsx';
import { EditProfileButton } from './EditProfileButton.tsx';
import { SellerAds } from '../../ads/components/SellerAds.tsx';

type Lookup =
  | { path: '/api/user/id'; query: { user_id: string } }
  | {
      path: '/api/user/name';
      query: { user_name: string };
    };

/** A profile read again that is not found: its member is gone since (blocked), not unreachable. */
const goneSince = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * Profiles as they were left, by history entry: Back to one shows it at once, so that the seller's
 * ads below it are there for the scroll restored with the entry (useAdPages keeps their pages),
 * then reads it again quietly.
 */
const leftProfiles = leftBehind<Member>(20);

/**
 * Another member's profile (/user_profile/{id}, /{user_name}), with their request for the
 * viewer's number to answer (IncomingRequest), the Show (request mobile) button beside a masked
 * phone and the reviews (the form hidden on one's own profile). When the
 * request's answer changes what may be shown, the profile is read again, in place. Support and
 * admins see the Moderation panel above it, a blocked member's profile included (the api shows
 * it to them, and their search finds blocked members).
 */
export function OtherProfile({ lookup }: { lookup: Lookup }) {
  const { request } = useApi();
  const { user } = useSession();
  const key = JSON.stringify(lookup);
  const entry = useHistoryEntry(key);
  // The profile read for a history entry; another entry shows its own, as left, or a spinner.
  const [shown, setShown] = useState<{ entry: string; member: Member } | null>(null);
  const member = shown?.entry === entry ? shown.member : (leftProfiles.get(entry) ?? null);
  /** `retry`: the profile could not be read (not 'No Users Found'), so Retry is offered. */
  const [failure, setFailure] = useState<{ message: string; retry: boolean } | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // A refresh nobody asked for (`useRefreshWhileShown`): one that fails leaves the profile shown.
  const quietly = useRef(false);
  const refresh = useCallback(() => {
    quietly.current = true;
    reload();
  }, [reload]);
  // The member may hide their number (or change their profile) meanwhile: nothing tells this page.
  useRefreshWhileShown(refresh, LIMITS.profileRefreshMs);
  useEffect(() => {
    if (shown) leftProfiles.keep(shown.entry, shown.member);
  }, [shown]);

  useEffect(() => {
    let live = true;
    // A profile shown as it was left is read again quietly too.
    const quiet = quietly.current || leftProfiles.has(entry);
    quietly.current = false;
    const { path, query } = JSON.parse(key) as Lookup;
    if (!quiet) setFailure(null);
    request<unknown>(path, { query }).then(
      (data) => {
        if (!live) return;
        if (isMember(data)) setShown({ entry, member: data });
        else setFailure({ message: MESSAGES.noUsersFound, retry: false });
      },
      (error: unknown) => {
        // A quiet refresh that fails leaves the profile shown, unless the member is gone since
        // (blocked): the page then says so, as an ad's page says 'Ad not found'.
        if (!live || (quiet && !goneSince(error))) return;
        setFailure({
          message: messageOf(error),
          retry: failureMayPass(error),
        });
      },
    );
    return () => {
      live = false;
    };
  }, [key, entry, request, reloads]);
  // An address /{name} that is nobody's is an unknown page (a mistyped /help, /profile), and says
  // what it looked for; an id that is nobody's is 'No Users Found'. The tab says so too.
  const unknownName = failure?.retry === false && lookup.path === '/api/user/name';
  useItemTitle(
    member
      ? fieldText(member, 'username')
      : unknownName
        ? MESSAGES.pageNotFound
        : failure?.retry === false
          ? failure.message
          : undefined,
  );

  if (failure?.retry) return <LoadFailure message={failure.message} onRetry={reload} />;
  if (unknownName)
    return <PageNotFoundScreen detail={MESSAGES.noMemberNamed(lookup.query.user_name)} />;
  if (failure) return <RefusalNotice message={failure.message} />;
  if (!member) return <CenteredSpinner label="Loading the profile" />;
  const username = fieldText(member, 'username');
  const picture = fieldText(member, 'profilepic') || undefined;
  const memberId = fieldText(member, '_id');
  const ownProfile = user !== undefined && user._id === memberId;
  // Only staff open a blocked member's profile: they get no Show or review form, both of which
  // the api refuses for a blocked member.
  const blocked = member.isBlocked === true && !ownProfile;
  const goToReviews = () => {
    const heading = document.getElementById(REVIEWS_HEADING_ID);
    heading?.scrollIntoView({ block: 'start' });
    heading?.focus({ preventScroll: true });
  };
  return (
    <Stack spacing={3}>
      {/* Blocked or unblocked, the profile offers Show and the review form again or no more. */}
      <ModerationPanel userId={memberId} onModerated={refresh} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {picture ? (
          <EnlargeableAvatar name={username} src={picture} />
        ) : (
          // The name beside it says who: its letter is not read before the page's heading.
          <Avatar aria-hidden sx={{ bgcolor: 'secondary.main' }}>
            {username.charAt(0).toUpperCase()}
          </Avatar>
        )}
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 0 }}>
          {username}
        </Typography>
        {/* The reviews and their form come after the member's ads: many screens down on a phone. */}
        {ownProfile ? <EditProfileButton /> : <Button onClick={goToReviews}>Reviews</Button>}
      </Stack>
      {/* One key for the member's sections: another member's page starts them afresh. Siblings
          keyed alike would be told apart by nothing, and a block that adds or drops one of them
          would copy the others. */}
      <Fragment key={memberId}>
        {!ownProfile && !blocked && <IncomingRequest askerId={memberId} askerName={username} />}
        <ProfileDetails
          member={member}
          phoneAction={
            ownProfile || blocked ? undefined : (
              <MobileRequestButton
                ownerId={memberId}
                phoneMasked={member.phoneMasked === true}
                onShownChange={reload}
              />
            )
          }
        />
        {!ownProfile && <SellerAds userId={memberId} username={username} withdrawn={blocked} />}
        <ReviewsSection
          userId={memberId}
          ownProfile={ownProfile}
          reviewable={!ownProfile && !blocked}
        />
      </Fragment>
    </Stack>
  );
}
