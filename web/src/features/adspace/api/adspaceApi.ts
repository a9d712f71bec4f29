import type { AdSpaceCycle, AdSpaceType } from '@boli/engine/billing/products';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import type { SlotOutcome } from '@boli/engine/adspace/slotOutcome';
import type { ApiEnvelopeRequest, ApiRequest } from '../../../app/session/useApi.ts';
import { apiRequest } from '../../../app/api/client.ts';
import {
  confirmationOf,
  purchaseInfoOrFail,
  type Confirmation,
} from '../../../payments/api/paymentsApi.ts';
import {
  amountOf,
  type CheckoutResponse,
  type PurchaseInfo,
} from '../../../payments/api/purchaseInfo.ts';
import { isRecord } from '../../../lib/records.ts';
import { isHttpUrl } from '@boli/engine/shared/webAddress';

/* The ad space and slot-bid calls (docs/api/adspace.md); money in rupees, dates YYYY-MM-DD. */

export type Creative = {
  galleryType: 'photos' | 'videos';
  name: string;
  url: string;
  thumbnail: string;
  /** The advertiser's page a click opens, '' for none. */
  link: string;
};

export type Space = {
  _id: string;
  name: string;
  cycle: string;
  startsAt: string;
  endsAt: string;
  status: 'active' | 'scheduled' | 'ended';
  slotdate: string | null;
  company: string;
  creative: Creative | null;
};

/** A creative the site shows now, for everyone. */
export type ShownAd = {
  spaceId: string;
  galleryType: 'photos' | 'videos';
  url: string;
  thumbnail: string;
  /** The advertiser's page a click opens, '' for none (the creative in full then). */
  link: string;
  company: string;
};

export type ShownAds = Record<AdSpaceType, ShownAd[]>;

export const NO_SHOWN_ADS: ShownAds = {
  inStream: [],
  betweenPosts: [],
  sidePanels: [],
  authPages: [],
};

export type SlotBid = {
  _id: string;
  /** The viewer's own bid: the api names the bidder only to them (others show a company). */
  mine: boolean;
  bidamt: number;
  type: string;
  biddate: string;
  slotdate: string;
  company: string;
};

/** One calendar date with bids: its highest (rupees) and how many. */
export type CalendarDay = {
  slotdate: string;
  amount: number;
  type: string;
  bids: number;
  closed: boolean;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const rows = (data: unknown): Record<string, unknown>[] =>
  Array.isArray(data) ? data.filter(isRecord) : [];
/** Only a web address is followed: nothing the api sent can make the link run a script. */
const webAddress = (value: unknown): string => (isHttpUrl(text(value)) ? text(value) : '');
const galleryType = (value: unknown): 'photos' | 'videos' =>
  value === 'videos' ? 'videos' : 'photos';

function creativeOf(data: unknown): Creative | null {
  if (!isRecord(data) || text(data.url) === '') return null;
  return {
    galleryType: galleryType(data.galleryType),
    name: text(data.name),
    url: text(data.url),
    thumbnail: text(data.thumbnail),
    link: webAddress(data.link),
  };
}

const STATUSES = ['active', 'scheduled', 'ended'] as const;

function spaceOf(row: Record<string, unknown>): Space {
  const status = (STATUSES as readonly unknown[]).includes(row.status)
    ? (row.status as Space['status'])
    : 'ended';
  return {
    _id: text(row._id),
    name: text(row.name),
    cycle: text(row.cycle),
    startsAt: text(row.startsAt),
    endsAt: text(row.endsAt),
    status,
    slotdate: text(row.slotdate) || null,
    company: text(row.company),
    creative: creativeOf(row.creative),
  };
}

const shownAdsOf = (data: unknown): ShownAd[] =>
  rows(data)
    .map((row) => ({
      spaceId: text(row.spaceId),
      galleryType: galleryType(row.galleryType),
      url: text(row.url),
      thumbnail: text(row.thumbnail),
      link: webAddress(row.link),
      company: text(row.company),
    }))
    .filter((ad) => ad.spaceId !== '' && ad.url !== '');

/** GET /api/space/purchaseInfo/:type?cycle: the quote with its tax breakup. */
export async function quoteSpace(
  request: ApiRequest,
  type: AdSpaceType,
  cycle: AdSpaceCycle,
): Promise<PurchaseInfo> {
  return purchaseInfoOrFail(
    await request<unknown>(`/api/space/purchaseInfo/${type}`, { query: { cycle } }),
  );
}

/** POST /api/space/add/:type: the purchase (its id is the space's, advtId) and its order. */
export async function addSpace(
  request: ApiRequest,
  type: AdSpaceType,
  cycle: AdSpaceCycle,
): Promise<PurchaseInfo> {
  return purchaseInfoOrFail(await request<unknown>(`/api/space/add/${type}`, { json: { cycle } }));
}

/** POST /api/space/payment/success: msg 'Payment successful.' once the space is active. */
export async function confirmSpace(
  envelope: ApiEnvelopeRequest,
  advtId: string,
  response: CheckoutResponse,
): Promise<Confirmation> {
  return confirmationOf(
    await envelope<unknown>('/api/space/payment/success', { json: { ...response, advtId } }),
  );
}

/** GET /api/space/list?status=active: the member's spaces not yet ended, latest first. */
export async function fetchMySpaces(request: ApiRequest, signal?: AbortSignal): Promise<Space[]> {
  const data = await request<unknown>('/api/space/list', { query: { status: 'active' }, signal });
  return rows(data).map(spaceOf);
}

/** The answer of POST /api/space/upload/:spaceId. */
export const uploadedCreativeOf = creativeOf;

export const creativeUploadPath = (spaceId: string) =>
  `/api/space/upload/${encodeURIComponent(spaceId)}`;

/** GET /api/space/active (no login): what the site shows now, per space type. */
export async function fetchShownAds(signal?: AbortSignal): Promise<ShownAds> {
  const data = await apiRequest<unknown>('/api/space/active', { signal });
  const row = isRecord(data) ? data : {};
  return {
    inStream: shownAdsOf(row.inStream),
    betweenPosts: shownAdsOf(row.betweenPosts),
    sidePanels: shownAdsOf(row.sidePanels),
    authPages: shownAdsOf(row.authPages),
  };
}

/** POST /api/space/impression | click (no login): counted per space and day. */
export function recordAudience(kind: 'impression' | 'click', spaceId: string): Promise<void> {
  return apiRequest<unknown>(`/api/space/${kind}`, { json: { spaceId } }).then(
    () => undefined,
    // Counting is best effort: a lost count must never disturb the page.
    () => undefined,
  );
}

/** GET /api/adbid/bid-events?from&to&type: the dates with bids and their highest. */
export async function fetchCalendarDays(
  request: ApiRequest,
  range: { from: string; to: string; type?: SlotSpaceType },
  signal?: AbortSignal,
): Promise<CalendarDay[]> {
  const query = { from: range.from, to: range.to, ...(range.type ? { type: range.type } : {}) };
  const data = await request<unknown>('/api/adbid/bid-events', { query, signal });
  return rows(data).map((row) => ({
    slotdate: text(row.slotdate),
    amount: amountOf(row.amount),
    type: text(row.type),
    bids: amountOf(row.bids),
    closed: row.closed === true,
  }));
}

/**
 * GET /api/adbid/purchaseInfo?slotdate&type&bidamt: what the member pays should a bid of `bidamt`
 * rupees win the slot — the bid, its GST and the total, as the sale of the slot works them out.
 */
export async function quoteSlotBid(
  request: ApiRequest,
  slot: { slotdate: string; type: SlotSpaceType; bidamt: number },
  signal?: AbortSignal,
): Promise<PurchaseInfo> {
  const query = { slotdate: slot.slotdate, type: slot.type, bidamt: String(slot.bidamt) };
  return purchaseInfoOrFail(await request<unknown>('/api/adbid/purchaseInfo', { query, signal }));
}

/** GET /api/adbid/bids?slotdate&type: the slot's bids, highest first. */
export async function fetchSlotBids(
  request: ApiRequest,
  slotdate: string,
  type: SlotSpaceType,
  signal?: AbortSignal,
): Promise<SlotBid[]> {
  const data = await request<unknown>('/api/adbid/bids', { query: { slotdate, type }, signal });
  return rows(data).map((row) => ({
    _id: text(row._id),
    mine: text(row.user_id) !== '',
    bidamt: amountOf(row.bidamt),
    type: text(row.type),
    biddate: text(row.biddate),
    slotdate: text(row.slotdate),
    company: text(row.company),
  }));
}

/** Where a slot stands for the viewer, as the api says it: `bidamt` in rupees. */
export type SlotOutcomeView = Omit<SlotOutcome, 'bidamt'> & { readonly bidamt: number | null };

/** Where a slot stands for the viewer (GET /api/adbid/slot); null when it could not be read. */
export async function fetchSlotOutcome(
  request: ApiRequest,
  slotdate: string,
  type: SlotSpaceType,
  signal?: AbortSignal,
): Promise<SlotOutcomeView | null> {
  const data = await request<unknown>('/api/adbid/slot', { query: { slotdate, type }, signal });
  if (!isRecord(data) || typeof data.closed !== 'boolean' || typeof data.status !== 'string') {
    return null;
  }
  return {
    closed: data.closed,
    status: data.status as SlotOutcome['status'],
    yours: data.yours === true,
    payBy: typeof data.payBy === 'string' ? data.payBy : null,
    bidamt: typeof data.bidamt === 'number' ? data.bidamt : null,
    lapsed: data.lapsed === true,
    next: data.next === true,
  };
}

export type SlotBidInput = {
  user_id: string;
  type: SlotSpaceType;
  bidamt: number;
  slotdate: string;
  company: string;
};

/** POST /api/adbid/: msg 'Ad Bid Posted!'. */
export async function postSlotBid(
  envelope: ApiEnvelopeRequest,
  bid: SlotBidInput,
  idempotencyKey: string,
): Promise<string> {
  const answer = await envelope<unknown>('/api/adbid/', {
    json: { ...bid, biddate: new Date().toISOString() },
    idempotencyKey,
  });
  return answer.msg;
}
