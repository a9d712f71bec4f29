import { useState, type FormEvent } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';
import { lastMarkCleared } from '../../lib/fieldErrors.ts';
import { adFailureOf, type AdFailure } from './model/adFailure.ts';
import { useOfflineNoticeGoes } from '../../lib/useOfflineNoticeGoes.ts';
import {
  changeAdField,
  validateAdForm,
  type AdForm,
  type AdFormErrors,
  type AdFormField,
} from './model/adForm.ts';

/**
 * The ad form's life shared by Post New Ad and Edit Ad: the fields, their errors, the refusal
 * shown above the form, the Address Required dialog and the submit — checked first in the
 * browser, then sent with `send`, whose refusals land on the same fields and notices.
 */
export function useAdFormSubmission(options: {
  initial: AdForm | (() => AdForm);
  /** Open the Address Required dialog from the start (an incomplete profile address). */
  addressDialogAtStart?: boolean;
  /** Sends the valid form; throws the api's refusal. */
  send: (form: AdForm) => Promise<void>;
  /** Said when an answer was lost and sending again is safe (adFailureOf). */
  unconfirmedMessage?: string;
}) {
  const [form, setForm] = useState<AdForm>(options.initial);
  const [errors, setErrors] = useState<AdFormErrors>({});
  const [failure, setFailure] = useState<AdFailure | null>(null);
  useOfflineNoticeGoes(failure, setFailure, (said) =>
    'message' in said ? said.message : undefined,
  );
  const [addressDialog, setAddressDialog] = useState(options.addressDialogAtStart ?? false);
  const [sending, setSending] = useState(false);

  const change = (field: AdFormField, value: string) => {
    setForm((current) => changeAdField(current, field, value));
    // The refusal above the form goes with the last field it marked, once that one is mended.
    if (failure?.kind === 'refused' && lastMarkCleared(errors, field)) setFailure(null);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const setDisplayPhone = (shown: boolean) =>
    setForm((current) => ({ ...current, displayPhone: shown }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validateAdForm(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      setFailure({ kind: 'refused', message: MESSAGES.invalidForm, errors: problems });
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await options.send(form);
    } catch (error) {
      setSending(false);
      const refusal = adFailureOf(error, options.unconfirmedMessage);
      setFailure(refusal);
      if (refusal.kind === 'addressRequired') setAddressDialog(true);
      if (refusal.kind === 'refused') setErrors(refusal.errors);
    }
  };

  return {
    form,
    errors,
    failure,
    sending,
    change,
    setDisplayPhone,
    /** Puts another form in place of what is typed (Edit Ad, after the ad changed elsewhere). */
    replaceForm: setForm,
    submit,
    addressDialog,
    closeAddressDialog: () => setAddressDialog(false),
  };
}
