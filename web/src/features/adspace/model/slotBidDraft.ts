import { isRecord } from '../../../lib/records.ts';
import { parseStoredJson, readTabItem, tabStorage, writeTabItem } from '../../../lib/tabStorage.ts';

/*
 * The slot bid a member is typing, kept in the tab's sessionStorage until it is posted, as an
 * ad's bid is (bidding/model/bidDraft.ts): a reload after a lost answer finds the same amount and
 * company, which go again with the same Idempotency-Key and are placed once. Kept per member,
 * date and type, so that nobody else logging in on the tab finds it.
 */

/** The slot bid as typed: the amount's text and the company. */
export type SlotBidDraft = { readonly amount: string; readonly company: string };

const EMPTY: SlotBidDraft = { amount: '', company: '' };

export const slotBidDraftKey = (memberId: string, slotdate: string, type: string): string =>
  `slotBidDraft:${memberId}:${slotdate}:${type}`;

/** The draft kept for this member and slot; empty when there is none (or a guest's). */
export function readSlotBidDraft(
  memberId: string | undefined,
  slotdate: string,
  type: string,
  store = tabStorage(),
): SlotBidDraft {
  if (!memberId) return EMPTY;
  const value = parseStoredJson(readTabItem(slotBidDraftKey(memberId, slotdate, type), store));
  return isRecord(value) && typeof value.amount === 'string' && typeof value.company === 'string'
    ? { amount: value.amount, company: value.company }
    : EMPTY;
}

/** Keeps the bid as it now is; one with nothing typed keeps nothing. */
export function saveSlotBidDraft(
  memberId: string | undefined,
  slotdate: string,
  type: string,
  draft: SlotBidDraft,
  store = tabStorage(),
): void {
  if (!memberId) return;
  const typed = draft.amount !== '' || draft.company.trim() !== '';
  writeTabItem(
    slotBidDraftKey(memberId, slotdate, type),
    typed ? JSON.stringify(draft) : null,
    store,
  );
}
