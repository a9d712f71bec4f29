import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  isIndia,
  linkUrlAccepted,
  validateEditProfile,
  type FieldErrors,
} from '@boli/engine/accounts/account.rules';
import { MESSAGES } from '@boli/engine/shared/messages';
import { apiRequest, ApiError, failedOffline, messageOf } from '../../../app/api/client.ts';
import {
  fetchCountries,
  fetchDistricts,
  fetchNeighbourhoods,
  fetchStates,
} from '../../../app/api/reference.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { parseSessionUser } from '../../../app/session/sessionUser.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { FormRefusalAlert } from '../../../components/FormRefusalAlert.tsx';
import { changedFrom, UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { errorsByField, fieldErrorProps, lastMarkCleared } from '../../../lib/fieldErrors.ts';
import { fieldTyped } from '../../../lib/numberInput.ts';
import { withPlaceDependantsCleared } from '../../../lib/placeFields.ts';
import { usePincodeEmptied } from '../../../lib/usePincodeEmptied.ts';
import { fieldText, isMember, type Link, type Member } from '../api/member.ts';
import {
  changedInput,
  formOf,
  inputOf,
  removedAliasErrors,
  type FormField,
} from '../model/profileForm.ts';
import {
  readEditProfileDraft,
  saveEditProfileDraft,
  type EditProfileDraft,
} from '../model/editProfileDraft.ts';
import { useEditKeptInTab } from '../../../lib/useEditKeptInTab.ts';
import { PlaceField } from './PlaceField.tsx';
import { safeRedirectTarget } from '../../../app/guards/access.ts';
import { dayMonthYear } from '@boli/engine/shared/indiaTime';
import { withWebScheme } from '@boli/engine/shared/webAddress';
import { serverDate } from '../../../lib/serverClock.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';

const names = (places: { name: string }[]) => places.map((place) => place.name);

/** Each dependent list, fetched when what it depends on is set; [] while unknown. */
function usePlaceLists(country: string, state: string, district: string) {
  const [countries, setCountries] = useState<string[]>([]);
  const [states, setStates] = useState<string[]>([]);
  const [districts, setDistricts] = useState<string[]>([]);
  const [neighbourhoods, setNeighbourhoods] = useState<string[]>([]);
  const [industries, setIndustries] = useState<string[]>([]);
  useEffect(() => {
    fetchCountries().then(
      (list) => setCountries(names(list)),
      () => setCountries([]),
    );
    apiRequest<unknown>('/api/auth/industries').then(
      (data) =>
        setIndustries(
          Array.isArray(data)
            ? data.filter((name): name is string => typeof name === 'string')
            : [],
        ),
      () => setIndustries([]),
    );
  }, []);
  useEffect(() => {
    setStates([]);
    if (country)
      fetchStates(country).then(
        (list) => setStates(names(list)),
        () => undefined,
      );
  }, [country]);
  useEffect(() => {
    setDistricts([]);
    if (isIndia(country) && state)
      fetchDistricts(country, state).then(
        (list) => setDistricts(names(list)),
        () => undefined,
      );
  }, [country, state]);
  useEffect(() => {
    setNeighbourhoods([]);
    if (isIndia(country) && state && district)
      fetchNeighbourhoods(country, state, district).then(
        (list) => setNeighbourhoods(names(list)),
        () => undefined,
      );
  }, [country, state, district]);
  return { countries, states, districts, neighbourhoods, industries };
}

/** Beside the date of birth and gender, which the sign-up dialog warned can never change. */
const FIXED_AT_SIGNUP = 'Given at sign-up; it cannot be changed.';

function EditProfileForm({ member }: { member: Member }) {
  const [opened] = useState(() => formOf(member));
  const memberId = fieldText(member, '_id');
  // A reload finds the changes being made as they were, laid over the profile as it now reads.
  const [kept] = useState(() => readEditProfileDraft(memberId, opened));
  const [form, setForm] = useState(kept ?? opened);
  const changed = changedFrom(opened, form);
  // The changes are kept in the tab as they are made, until saved or left (editProfileDraft.ts).
  const markSaved = useEditKeptInTab(
    useCallback(
      (draft: EditProfileDraft | null) => saveEditProfileDraft(memberId, draft),
      [memberId],
    ),
    useMemo(() => (changed ? { base: opened, form } : null), [changed, opened, form]),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  // Each refusal, even with the same message, takes the focus to what it marked.
  const [refusals, setRefusals] = useState(0);
  const [saving, setSaving] = useState(false);
  const lists = usePlaceLists(form.country, form.state, form.district);
  const { envelope } = useApi();
  const { user, updateUser } = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  // Sent here to finish something (Post Ad needs the address): saved, the member goes back to it.
  const [searchParams] = useSearchParams();
  const comeBackTo = searchParams.get('redirect');
  const username = fieldText(member, 'username');
  const india = isIndia(form.country);

  const pincodeEmptied = usePincodeEmptied();
  const set = (field: FormField | 'dob', value: string) => {
    // A changed place clears the places under it and the pincode (section 4), which says so.
    pincodeEmptied.changing(form, field, value);
    setForm((f) => withPlaceDependantsCleared({ ...f, [field]: value }, field));
    mending(field);
  };
  /** An edit clears the field's marks, and the notice above the form with the last of them. */
  const mending = (field: FormField | 'dob' | 'links') => {
    // A failure to save (not a mark) stays till the next Save.
    if (failure === MESSAGES.invalidForm && lastMarkCleared(errors, field)) setFailure(null);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const bind = (field: FormField | 'dob') => ({
    name: field,
    value: form[field],
    onChange: (event: { target: { value: string } }) =>
      set(field, fieldTyped(field, event.target.value)),
    ...fieldErrorProps(errors[field]),
  });
  const setLink = (index: number, part: keyof Link, value: string) => {
    setForm((f) => ({
      ...f,
      links: f.links.map((link, i) => (i === index ? { ...link, [part]: value } : link)),
    }));
    mending('links');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(form);
    const problems = {
      ...validateEditProfile(input, { username, now: serverDate() }),
      ...removedAliasErrors(opened, form),
    };
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFailure(MESSAGES.invalidForm);
      setRefusals((n) => n + 1);
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const answer = await envelope<unknown>('/api/user/editProfile', {
        json: { ...changedInput(opened, form), username, dob: dayMonthYear(form.dob) },
      });
      markSaved();
      // The answer carries the saved detail as userDetail, beside data.
      const updated = parseSessionUser(answer);
      if (updated && user) updateUser({ ...user, ...updated });
      enqueueSnackbar(MESSAGES.profileUpdated, { variant: 'success' });
      navigate(comeBackTo ? safeRedirectTarget(comeBackTo) : '/profile-me');
    } catch (error) {
      if (error instanceof ApiError) setErrors(errorsByField(error.errors));
      // Offline, that, rather than that the profile was not updated for a reason to mend.
      setFailure(failedOffline(error) ? MESSAGES.offline : MESSAGES.profileNotUpdated);
      setRefusals((n) => n + 1);
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={submit}>
      <Typography variant="h5" component="h1">
        Edit profile
      </Typography>
      {failure && <FormRefusalAlert refusal={refusals}>{failure}</FormRefusalAlert>}
      {/* Kept over a reload, the changes would look saved: said, as Edit Ad says it. */}
      {kept && changed && (
        <Alert severity="info">Your changes were kept; they are not saved until Save.</Alert>
      )}
      {/* Names and address say what they are, so a phone's autofill can offer them. */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="First name"
          required
          fullWidth
          autoComplete="given-name"
          {...bind('firstname')}
        />
        <TextField
          label="Last name"
          required
          fullWidth
          autoComplete="family-name"
          {...bind('lastname')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {/* Given at sign-up, whose dialog warns they can never change: shown, not editable; the
            date as text, DD-MM-YYYY as every date here, not in the browser's format. */}
        <TextField
          label="Date of birth"
          fullWidth
          {...bind('dob')}
          value={dayMonthYear(form.dob)}
          helperText={errors.dob?.join(' · ') ?? FIXED_AT_SIGNUP}
          slotProps={{ inputLabel: { shrink: true }, input: { readOnly: true } }}
        />
        <TextField
          label="Gender"
          fullWidth
          {...bind('gender')}
          helperText={errors.gender?.join(' · ') ?? FIXED_AT_SIGNUP}
          slotProps={{ input: { readOnly: true } }}
        />
      </Stack>
      <TextField label="Bid alias" {...bind('bidAlias')} />
      <TextField label="Company name" autoComplete="organization" {...bind('bnr')} />
      <TextField label="Education" {...bind('education')} />
      <Divider textAlign="left">Address</Divider>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label="House number"
          required
          fullWidth
          autoComplete="address-line1"
          {...bind('houseno')}
        />
        <TextField
          label="Street"
          required
          fullWidth
          autoComplete="address-line2"
          {...bind('street')}
        />
      </Stack>
      <TextField label="Town/Village" required autoComplete="address-level2" {...bind('city')} />
      <PlaceField
        label="Country"
        required
        options={lists.countries}
        {...bind('country')}
        onChange={(value) => set('country', value)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PlaceField
          label="State"
          required
          fullWidth
          disabled={!form.country}
          options={lists.states}
          {...bind('state')}
          onChange={(value) => set('state', value)}
        />
        {india && (
          <PlaceField
            label="District"
            required
            fullWidth
            disabled={!form.state}
            options={lists.districts}
            {...bind('district')}
            onChange={(value) => set('district', value)}
          />
        )}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PlaceField
          label="Neighbourhood"
          required
          fullWidth
          disabled={!form.country}
          options={lists.neighbourhoods}
          {...bind('neighbourHood')}
          onChange={(value) => set('neighbourHood', value)}
        />
        <TextField
          label="Pincode"
          required
          fullWidth
          autoComplete="postal-code"
          helperText={pincodeEmptied.hint}
          {...bind('pincode')}
          slotProps={{ htmlInput: { inputMode: 'numeric' }, formHelperText: { role: 'status' } }}
        />
      </Stack>
      <Divider textAlign="left">Casting (optional)</Divider>
      <PlaceField
        label="Industry"
        options={lists.industries}
        {...bind('industry')}
        onChange={(value) => set('industry', value)}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Main role" fullWidth {...bind('mainrole')} />
        <TextField
          label="Other roles"
          fullWidth
          {...bind('otherroles')}
          helperText={errors.otherroles?.join(' · ') ?? 'Separated by commas'}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Manager name" fullWidth {...bind('managerName')} />
        <TextField
          label="Manager mobile"
          fullWidth
          {...bind('managerMobile')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Height" fullWidth {...bind('height')} />
        <TextField label="Weight" fullWidth {...bind('weight')} />
        <TextField label="Passport" fullWidth {...bind('passport')} />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="Chest" fullWidth {...bind('chest')} />
        <TextField label="Waist" fullWidth {...bind('waist')} />
        <TextField label="Hips" fullWidth {...bind('hips')} />
      </Stack>
      {form.links.map((link, index) => {
        const urlRefused = Boolean(errors.links) && !linkUrlAccepted(link.url);
        return (
          <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={`Link ${index + 1} title`}
              fullWidth
              value={link.title}
              onChange={(event) => setLink(index, 'title', event.target.value)}
            />
            <TextField
              label={`Link ${index + 1} URL`}
              type="url"
              fullWidth
              error={urlRefused}
              helperText={
                urlRefused ? 'A web address, like https://instagram.com/yourname' : undefined
              }
              value={link.url}
              onChange={(event) => setLink(index, 'url', event.target.value)}
              // Copied without its https://, it is shown with it once the field is left.
              onBlur={() => {
                const url = withWebScheme(link.url);
                if (url !== link.url) setLink(index, 'url', url);
              }}
            />
          </Stack>
        );
      })}
      {errors.links && <Alert severity="error">{errors.links.join(' · ')}</Alert>}
      {/* Cancel leaves for where Save would go (the guard asks first when something changed). */}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          component={RouterLink}
          to={comeBackTo ? safeRedirectTarget(comeBackTo) : '/profile-me'}
        >
          Cancel
        </Button>
        <Button type="submit" variant="contained" size="large" loading={saving}>
          Save
        </Button>
      </Stack>
      <UnsavedChangesGuard when={!saving && changed} what="your profile" />
    </Stack>
  );
}

/** Edit profile (/editprofile): every field of the editProfile payload and the casting fields. */
export function EditProfileScreen() {
  const { request } = useApi();
  const [member, setMember] = useState<Member | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
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
  if (failure) return <Alert severity="error">{failure}</Alert>;
  if (!member) return <CenteredSpinner label="Loading your profile" />;
  return <EditProfileForm member={member} />;
}
