import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTACT_SUBJECTS, LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  contactFieldErrors,
  contactSummary,
  missingContactFields,
  type ContactField,
  type ContactForm,
} from '@boli/engine/social/contact.rules';
import { messageOf } from '../../../app/api/client.ts';
import { fetchCountries, type Country } from '../../../app/api/reference.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { fetchSendersDetails, sendContactMessage } from '../api/contactApi.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';
import { submissionKey, unconfirmed } from '../../../lib/submissionKey.ts';
import { itsWords, useOfflineNoticeGoes } from '../../../lib/useOfflineNoticeGoes.ts';
import { phoneTyped } from '../../../lib/numberInput.ts';
import { SuccessDialog } from '../../../components/SuccessDialog.tsx';
import { characterCount } from '@boli/engine/shared/characters';
import { readContactDraft, saveContactDraft } from '../model/contactDraft.ts';

const EMPTY: ContactForm = {
  country: '',
  firstname: '',
  lastname: '',
  email: '',
  mobile: '',
  description: '',
  subject: '',
};

const LABELS: Record<ContactField, string> = {
  country: 'Country',
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  mobile: 'Mobile number',
  description: 'Description',
  subject: 'Subject',
};

/**
 * Contact Us (/contactus, public): every field required ('Please enter all details.'), mobile
 * digits only up to 10, description below 150 characters, subject one of the four. The rules are
 * the engine's, so the form and the api refuse alike.
 */
export function ContactUsScreen() {
  const { token, status, user } = useSession();
  const { request } = useApi();
  const memberId = user?._id;
  // A message being written outlives a reload or a look elsewhere (model/contactDraft.ts): read
  // once whose it is is known (a stored login is still being checked on a reload), kept after.
  const settled = status !== 'loading';
  const [form, setForm] = useState<ContactForm>(
    () => (settled ? readContactDraft(memberId) : null) ?? EMPTY,
  );
  const [draftRead, setDraftRead] = useState(settled);
  useEffect(() => {
    if (!settled || draftRead) return;
    setDraftRead(true);
    const kept = readContactDraft(memberId);
    if (kept) setForm(kept);
  }, [settled, draftRead, memberId]);
  useEffect(() => {
    if (draftRead) saveContactDraft(memberId, form);
  }, [draftRead, memberId, form]);
  // A member's own details, filled in again after each message sent.
  const [sender, setSender] = useState<Partial<ContactForm>>({});
  // Null while the list loads; empty when it could not be had, and the country is typed instead.
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useOfflineNoticeGoes(failure, setFailure, itsWords);
  const [showErrors, setShowErrors] = useState(false);
  const [sending, setSending] = useState(false);
  // A retry after a lost answer carries the same Idempotency-Key (lib/submissionKey.ts).
  const [submission] = useState(() => submissionKey('contact'));
  const submitButton = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState<string | null>(null);
  // Each refusal takes the focus to the first field to fix.
  const { form: formRef, refused } = useRefusalFocus();

  // A member need not type who they are: their profile's details fill the fields still empty.
  useEffect(() => {
    if (status !== 'member') return;
    const controller = new AbortController();
    fetchSendersDetails(request, controller.signal).then(
      (details) => {
        setSender(details);
        setForm((typed) => ({
          ...typed,
          ...Object.fromEntries(
            Object.entries(details).filter(([field]) => typed[field as ContactField] === ''),
          ),
        }));
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [status, request]);

  useEffect(() => {
    let live = true;
    fetchCountries().then(
      (list) => live && setCountries(list),
      () => live && setCountries([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const fieldErrors = showErrors ? contactFieldErrors(form) : {};
  // Left empty: marked, as 'Please enter all details.' above says.
  const missing = new Set(showErrors ? missingContactFields(form) : []);
  const set = (field: ContactField) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    // The summary above the form follows the fields as they are mended, and goes with the last.
    if (failure !== null && failure === contactSummary(form)) {
      setFailure(contactSummary(next) ?? null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    const problem = contactSummary(form);
    setFailure(problem ?? null);
    if (problem) {
      refused();
      return;
    }
    setSending(true);
    try {
      const msg = await submission.send(form, (key) => sendContactMessage(form, token, key));
      setForm({ ...EMPTY, ...sender });
      setShowErrors(false);
      setSent(msg || MESSAGES.contactSent);
    } catch (error) {
      setFailure(unconfirmed(error) ? MESSAGES.contactUnconfirmed : messageOf(error));
    } finally {
      setSending(false);
    }
  };

  /** What is wrong with a field, under it: its rule's message, or that it was left empty. */
  const problemOf = (name: ContactField) =>
    fieldErrors[name] ?? (missing.has(name) ? MESSAGES.cannotBeBlank : undefined);
  const field = (name: ContactField) => ({
    label: LABELS[name],
    value: form[name],
    required: true,
    fullWidth: true,
    error: problemOf(name) !== undefined,
    helperText: problemOf(name),
    onChange: (event: { target: { value: string } }) => set(name)(event.target.value),
  });

  const descriptionCount = characterCount(form.description.trim());
  const dialCode = countries?.find((country) => country.name === form.country)?.dialCode ?? '+91';
  return (
    <Box
      component="form"
      ref={formRef}
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ maxWidth: 640, mx: 'auto', p: 2 }}
    >
      <Typography variant="h4" component="h1" gutterBottom>
        Contact Us
      </Typography>
      <Stack spacing={2}>
        {/* A select from the start: one swapped in when the list came would lose the focus. */}
        <TextField {...field('country')} select={countries === null || countries.length > 0}>
          {(countries ?? []).map(({ name }) => (
            <MenuItem key={name} value={name}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField {...field('firstname')} autoComplete="given-name" />
          <TextField {...field('lastname')} autoComplete="family-name" />
        </Stack>
        <TextField {...field('email')} type="email" autoComplete="email" />
        <TextField
          {...field('mobile')}
          // A pasted '+91 98700 01234' keeps its 10 digits, as on Register.
          onChange={(event) => set('mobile')(phoneTyped(event.target.value, dialCode))}
          autoComplete="tel-national"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField {...field('subject')} select>
          {CONTACT_SUBJECTS.map((subject) => (
            <MenuItem key={subject} value={subject}>
              {subject}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...field('description')}
          multiline
          minRows={3}
          helperText={
            problemOf('description') ??
            `${descriptionCount} / ${LIMITS.descriptionMaxExclusive - 1} characters`
          }
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button ref={submitButton} type="submit" variant="contained" disabled={sending}>
          Submit
        </Button>
      </Stack>
      {/* Submit was disabled as the dialog opened: the keyboard goes back to it. */}
      <SuccessDialog
        message={sent}
        titleId="contact-sent-title"
        onClose={() => setSent(null)}
        focusInstead={() => submitButton.current}
      />
    </Box>
  );
}
