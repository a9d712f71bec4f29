import { useJudgedOnceRefused } from '../lib/refusalFocus.ts';
import { bidFieldsAtFault, type BidDetails } from './bidDetails.ts';

/**
 * A bid form's fields at fault (`bidFieldsAtFault`), for the ad's bid form and Post A Bid alike:
 * once the form was refused they are marked till they are put right, and `refused()` puts the
 * keyboard on the first field marked (`useRefusalFocus`; `form` goes on the form element).
 * `accepted()` stops marking. `problem` is what the form finds wrong with what is typed now:
 * while marking, `problemSaid` says it, so the message follows the fields as they are put right
 * (gone once none is at fault) rather than saying what was wrong when Bid was pressed.
 */
export function useBidFieldFaults(
  details: BidDetails,
  alias: string,
  username: string | undefined,
  problem: string | null,
) {
  const { checked, said, form, refused, accepted } = useJudgedOnceRefused(problem);
  return {
    atFault: checked && username !== undefined ? bidFieldsAtFault(details, alias, username) : [],
    problemSaid: said,
    form,
    refused,
    accepted,
  };
}
