import { memberDrafts, storedTextFields } from '../../../lib/memberDrafts.ts';
import type { DraftStorage } from '../../../lib/tabStorage.ts';

/*
 * The slot bid a member is typing, kept in the tab's sessionStorage until it is posted, as an
 * ad's bid is (bidding/model/bidDraft.ts): a reload after a lost answer finds the same amount and
 * company, which go again with the same Idempotency-Key and are placed once. Kept per member,
 * date and type (lib/memberDrafts.ts), so that nobody else logging in on the tab finds it.
 */

/** The slot bid as typed: the amount's text and the company. */
export type SlotBidDraft = { readonly amount: string; readonly company: string };

const EMPTY: SlotBidDraft = { amount: '', company: '' };

const slotBidDrafts = memberDrafts<SlotBidDraft>('slotBidDraft', {
  fromStored: (value) => storedTextFields(value, ['amount', 'company']),
  typed: (draft) => draft.amount !== '' || draft.company.trim() !== '',
});

/** A slot's bid page: its date and type. */
const slotPage = (slotdate: string, type: string) => `${slotdate}:${type}`;

export const slotBidDraftKey = (memberId: string, slotdate: string, type: string): string =>
  slotBidDrafts.key(memberId, slotPage(slotdate, type));

/** The draft kept for this member and slot; empty when there is none (or a guest's). */
export function readSlotBidDraft(
  memberId: string | undefined,
  slotdate: string,
  type: string,
  store?: DraftStorage | null,
): SlotBidDraft {
  return slotBidDrafts.read(memberId, slotPage(slotdate, type), store) ?? EMPTY;
}

/** Keeps the bid as it now is; one with nothing typed keeps nothing. */
export function saveSlotBidDraft(
  memberId: string | undefined,
  slotdate: string,
  type: string,
  draft: SlotBidDraft,
  store?: DraftStorage | null,
): void {
  slotBidDrafts.save(memberId, slotPage(slotdate, type), draft, store);
}
