import { isShareBidType } from '@boli/engine/shares/shareBid.rules';
import { SELECT_TYPE } from '../../../components/bidDetails.ts';
import { memberDrafts, storedTextFields } from '../../../lib/memberDrafts.ts';
import type { DraftStorage } from '../../../lib/tabStorage.ts';
import type { ShareBidFormInput } from './shareBidForm.ts';

/*
 * The share bid a member is typing on Post A Bid, kept in the tab's sessionStorage until it is
 * posted, as an ad's bid is (bidding/model/bidDraft.ts): the fee's dialog closed, a look at
 * Transactions and Back (or a reload) find the company, type and amount as they were. Kept per
 * member and share-bid page (lib/memberDrafts.ts), so that nobody else logging in on the tab
 * finds it.
 */

const shareBidDrafts = memberDrafts<ShareBidFormInput>('shareBidDraft', {
  fromStored: (value) => {
    const fields = storedTextFields(value, ['company', 'type', 'amount']);
    if (!fields || !(fields.type === SELECT_TYPE || isShareBidType(fields.type))) return null;
    return { ...fields, type: fields.type };
  },
  // A bid is being typed once it has a type or an amount: the company starts as the member's own
  // (their last one, or their alias), so it alone is nothing typed yet; and a posted bid, whose
  // type and amount are cleared, keeps nothing.
  typed: (input) => input.type !== SELECT_TYPE || input.amount !== '',
});

export const shareBidDraftKey = shareBidDrafts.key;

/** The form kept for this member on the share-bid page `page` (its id), or null. */
export const readShareBidDraft = (
  memberId: string | undefined,
  page: string,
  store?: DraftStorage | null,
): ShareBidFormInput | null => shareBidDrafts.read(memberId, page, store);

/** Keeps the form as it now is; one with neither a type nor an amount keeps nothing. */
export const saveShareBidDraft = (
  memberId: string | undefined,
  page: string,
  input: ShareBidFormInput,
  store?: DraftStorage | null,
): void => shareBidDrafts.save(memberId, page, input, store);

/** Forgets the draft: its bid was posted by a fee paid outside the form (Pay now above it). */
export const forgetShareBidDraft = (
  memberId: string | undefined,
  page: string,
  store?: DraftStorage | null,
): void => shareBidDrafts.forget(memberId, page, store);
