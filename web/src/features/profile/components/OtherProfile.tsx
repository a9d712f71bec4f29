import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { EnlargeableAvatar } from '../../../components/EnlargeableAvatar.tsx';
import { fieldText, isMember, type Member } from '../api/member.ts';
import { ProfileDetails } from './ProfileDetails.tsx';

type Lookup =
  | { path: '/api/user/id'; query: { user_id: string } }
  | {
      path: '/api/user/name';
      query: { user_name: string };
    };

/**
 * Another member's profile (/user_profile/{id}, /{user_name}). The two SLOTs below belong to the
 * social issue: the Show (request mobile) button beside a masked phone, and the review form and
 * list (the form hidden on one's own profile). They render nothing until it fills them.
 */
export function OtherProfile({ lookup }: { lookup: Lookup }) {
  const { request } = useApi();
  const [member, setMember] = useState<Member | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const key = JSON.stringify(lookup);

  useEffect(() => {
    let live = true;
    const { path, query } = JSON.parse(key) as Lookup;
    setMember(null);
    setFailure(null);
    request<unknown>(path, { query }).then(
      (data) => {
        if (!live) return;
        if (isMember(data)) setMember(data);
        else setFailure(MESSAGES.noUsersFound);
      },
      (error: unknown) => {
        if (live) setFailure(error instanceof ApiError ? error.message : MESSAGES.generic);
      },
    );
    return () => {
      live = false;
    };
  }, [key, request]);

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!member) return <CenteredSpinner label="Loading the profile" />;
  const username = fieldText(member, 'username');
  const picture = fieldText(member, 'profilepic') || undefined;
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        {picture ? (
          <EnlargeableAvatar name={username} src={picture} />
        ) : (
          <Avatar sx={{ bgcolor: 'secondary.main' }}>{username.charAt(0).toUpperCase()}</Avatar>
        )}
        <Typography variant="h5" component="h1">
          {username}
        </Typography>
      </Stack>
      <ProfileDetails
        member={member}
        phoneAction={
          // SLOT (social issue): the Show / Pending mobile-number request button.
          <Box component="span" data-slot="mobile-request" />
        }
      />
      {/* SLOT (social issue): the review form (hidden on one's own profile) and review list. */}
      <Box data-slot="reviews" />
    </Stack>
  );
}
