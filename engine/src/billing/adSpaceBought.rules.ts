import type { PurchaseSubject } from './purchase.events.ts';

type AdSpaceSubject = Extract<PurchaseSubject, { kind: 'adSpace' }>;

/** What tells one ad space bought from another here: its type and its cycle. */
export const adSpaceKeyOfSubject = (subject: Pick<AdSpaceSubject, 'spaceType' | 'cycle'>) =>
  `${subject.spaceType}:${subject.cycle}`;

/**
 * Whether an ad-space purchase started at `startedAt` and left unpaid is not needed any more:
 * the member paid for the same space (type and cycle) after starting it — they came back to Buy
 * Ad Space and bought it afresh — so its Pay now would buy a second one by mistake. A member who
 * wants two buys the second on Buy Ad Space. `paidAt`: the latest payment for that space, if any.
 */
export const boughtSinceStarted = (startedAt: string, paidAt: string | undefined): boolean =>
  paidAt !== undefined && Date.parse(paidAt) > Date.parse(startedAt);
