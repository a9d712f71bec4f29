import { BID_TYPES } from '@boli/engine/shared/limits';
import { SELECT_TYPE } from '../../../components/bidDetails.ts';
import type { BidFormInput } from './bidForm.ts';
import { isRecord } from '../../../lib/records.ts';
import { parseStoredJson, readTabItem, tabStorage, writeTabItem } from '../../../lib/tabStorage.ts';

/*
 * The bid a member is typing on an ad, kept in the tab's sessionStorage until it is posted: the
 * page is rebuilt when the session ends (the viewer changes) and again after logging in through
 * the redirect back to the ad, and the bid must still be there. It is kept per ad, with the
 * member who typed it, so that someone else logging in on the same tab does not find it.
 */

/** What is stored: the form as typed, and who typed it (null: a guest). */
export type BidDraft = { input: BidFormInput; by: string | null };

export const bidDraftKey = (itemId: string): string => `bidDraft:${itemId}`;

const isBidType = (value: unknown): value is BidFormInput['type'] =>
  value === SELECT_TYPE || (BID_TYPES as readonly unknown[]).includes(value);

/** A stored draft, or null when there is none or it is not one (stored by another version). */
export function parseBidDraft(text: string | null): BidDraft | null {
  const value = parseStoredJson(text);
  if (!isRecord(value) || !isRecord(value.input)) return null;
  const { bidAlias, type, amount } = value.input;
  if (typeof bidAlias !== 'string' || !isBidType(type) || typeof amount !== 'string') return null;
  const by = typeof value.by === 'string' ? value.by : null;
  return { input: { bidAlias, type, amount }, by };
}

/**
 * The draft to keep after the form changed to `input`, or null to keep none: a bid is being typed
 * once it has a type or an amount — or, from a guest, an alias (a member's form starts with their
 * usual one; a guest's starts empty, so one typed there is meant for the bid after logging in). A
 * guest's change keeps the member who typed it: a session that just ended leaves a guest in front
 * of the form.
 */
export function nextBidDraft(
  previous: BidDraft | null,
  input: BidFormInput,
  viewerId: string | undefined,
): BidDraft | null {
  const typedAlias = viewerId === undefined && input.bidAlias.trim() !== '';
  if (input.type === SELECT_TYPE && input.amount === '' && !typedAlias) return null;
  return { input, by: viewerId ?? previous?.by ?? null };
}

/** The form to start from for `viewerId` (undefined: a guest), or null: another member's bid. */
export function bidDraftFor(
  draft: BidDraft | null,
  viewerId: string | undefined,
): BidFormInput | null {
  if (!draft) return null;
  if (draft.by !== null && viewerId !== undefined && draft.by !== viewerId) return null;
  return draft.input;
}

export function readBidDraft(itemId: string, store = tabStorage()): BidDraft | null {
  return parseBidDraft(readTabItem(bidDraftKey(itemId), store));
}

/** Stores the form as it now is (or forgets the draft when nothing is being typed). */
export function saveBidDraft(
  itemId: string,
  input: BidFormInput,
  viewerId: string | undefined,
  store = tabStorage(),
): void {
  const next = nextBidDraft(readBidDraft(itemId, store), input, viewerId);
  writeTabItem(bidDraftKey(itemId), next ? JSON.stringify(next) : null, store);
}

/** Forgets the draft: its bid was posted. */
export function forgetBidDraft(itemId: string, store = tabStorage()): void {
  writeTabItem(bidDraftKey(itemId), null, store);
}
