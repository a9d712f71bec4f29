import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import { EditProfileButton } from './EditProfileButton.tsx';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, messageOf, firstMessageOf } from '../../../app/api/client.ts';
import { uploadWithProgress } from '../../../app/api/upload.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { parseSessionUser } from '../../../app/session/sessionUser.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { EnlargeableAvatar } from '../../../components/EnlargeableAvatar.tsx';
import { fieldText, isMember, type Member } from '../api/member.ts';
import { isAcceptablePicture } from '../api/picture.ts';
import { ReviewsSection } from '../../social/components/ReviewsSection.tsx';
import { ProfileDetails } from './ProfileDetails.tsx';

const ACCEPT = LIMITS.profilePicture.extensions.map((ext) => `.${ext}`).join(',');

/** Uploads the picture; an expired token is refreshed once, as for every other call. */
function usePictureUpload() {
  const { token, refresh, logout } = useSession();
  return async (file: File, onProgress: (percent: number) => void) => {
    const send = (bearer: string | null) => {
      const form = new FormData();
      form.append('Photo', file);
      return uploadWithProgress<unknown>('/api/user/uploadProfilePic', form, {
        token: bearer,
        onProgress,
      });
    };
    try {
      return await send(token);
    } catch (error) {
      if (!(error instanceof ApiError && error.tokenExpired)) throw error;
      const fresh = await refresh(token).catch(() => {
        logout(MESSAGES.sessionExpired, { tellServer: false });
        throw error;
      });
      return send(fresh);
    }
  };
}

/**
 * My profile (/profile-me): the picture (upload, click to enlarge), Edit, every detail, and the
 * reviews others wrote of me.
 */
export function ProfileMeScreen() {
  const { request } = useApi();
  const { user, updateUser } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [member, setMember] = useState<Member | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const upload = usePictureUpload();

  useEffect(() => {
    let live = true;
    request<unknown>('/api/user').then(
      (data) => live && (isMember(data) ? setMember(data) : setFailure(MESSAGES.generic)),
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [request]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const file = files[0];
    if (!file || files.length !== 1 || !isAcceptablePicture(file)) {
      setPictureError(ACCOUNT_MESSAGES.profilePictureInvalid);
      return;
    }
    setPictureError(null);
    setProgress(0);
    try {
      const answer = await upload(file, setProgress);
      const data = isMember(answer.data) ? answer.data : {};
      const profilepic = typeof data.profilepic === 'string' ? data.profilepic : '';
      if (profilepic) {
        setMember((m) => (m ? { ...m, profilepic } : m));
        if (user) updateUser({ ...user, profilepic });
      }
      enqueueSnackbar(answer.msg || MESSAGES.profilePicUpdated, { variant: 'success' });
    } catch (error) {
      setPictureError(firstMessageOf(error));
    } finally {
      setProgress(null);
    }
  };

  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!member) return <CenteredSpinner label="Loading your profile" />;
  const username = fieldText(member, 'username');
  const picture = fieldText(member, 'profilepic') || undefined;
  const sessionUser = parseSessionUser(member);

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <EnlargeableAvatar name={username} src={picture} />
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {username}
        </Typography>
        <EditProfileButton />
      </Stack>
      <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          hidden
          aria-label="Profile picture file"
          onChange={(event) => void choose(event)}
        />
        <Button
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          onClick={() => input.current?.click()}
          disabled={progress !== null}
        >
          Change picture
        </Button>
        {progress !== null && (
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label="Upload progress"
            sx={{ width: '100%', maxWidth: 320 }}
          />
        )}
        {pictureError && <Alert severity="error">{pictureError}</Alert>}
      </Stack>
      {sessionUser && !sessionUser.emailValidated && (
        <Alert severity="info">{MESSAGES.emailNotValidated}</Alert>
      )}
      <ProfileDetails member={member} />
      {sessionUser && <ReviewsSection userId={sessionUser._id} ownProfile />}
    </Stack>
  );
}
