import { useState } from 'react';
import { useRefusalFocus } from '../lib/refusalFocus.ts';
import { bidFieldsAtFault, type BidDetails } from './bidDetails.ts';

/**
 * A bid form's fields at fault (`bidFieldsAtFault`), for the ad's bid form and Post A Bid alike:
 * once the form was refused they are marked till they are put right, and `refused()` puts the
 * keyboard on the first field marked (`useRefusalFocus`; `form` goes on the form element).
 * `accepted()` stops marking.
 */
export function useBidFieldFaults(details: BidDetails, alias: string, username?: string) {
  const [checked, setChecked] = useState(false);
  const { form, refused } = useRefusalFocus();
  return {
    atFault: checked && username !== undefined ? bidFieldsAtFault(details, alias, username) : [],
    form,
    refused: () => {
      setChecked(true);
      refused();
    },
    accepted: () => setChecked(false),
  };
}
