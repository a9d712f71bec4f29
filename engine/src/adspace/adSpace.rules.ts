import type { AdSpaceCycle, AdSpaceType } from '../billing/products.ts';
import { addDays, addMonths, indiaDateOf, startOfIndiaDay } from '../shared/indiaTime.ts';
import { characterCount } from '../shared/characters.ts';
import { LIMITS } from '../shared/limits.ts';
import { isHttpUrl } from '../shared/webAddress.ts';
import { ADSPACE_MESSAGES } from './adspace.messages.ts';
import { isOneOf } from '../shared/oneOf.ts';

/** Section 6: authPages and sidePanels are won by date in the calendar; the others are bought. */
export const SLOT_SPACE_TYPES = ['authPages', 'sidePanels'] as const satisfies AdSpaceType[];
export type SlotSpaceType = (typeof SLOT_SPACE_TYPES)[number];

export const isBoughtDirectly = (type: AdSpaceType): boolean => !isOneOf(SLOT_SPACE_TYPES, type);

const CYCLE_MONTHS: Record<Exclude<AdSpaceCycle, 'daily'>, number> = {
  yearly: 12,
  halfyearly: 6,
  quarterly: 3,
  monthly: 1,
};

/** When a space started at `startsAt` for `cycle` ends (exclusive). A day ends at midnight IST. */
export function cycleEnd(startsAt: string, cycle: AdSpaceCycle): string {
  if (cycle === 'daily') return startOfIndiaDay(addDays(indiaDateOf(startsAt), 1));
  return addMonths(startsAt, CYCLE_MONTHS[cycle]);
}

/** Shown at `instant`: from its start (inclusive) to its end (exclusive). */
export const isShowingAt = (space: { startsAt: string; endsAt: string }, instant: string) =>
  Date.parse(space.startsAt) <= Date.parse(instant) &&
  Date.parse(instant) < Date.parse(space.endsAt);

/**
 * What is wrong with a creative's landing link (trimmed; '' is no link), null when nothing: it is
 * an http(s) address of at most `LIMITS.creativeLinkChars` characters.
 */
export function creativeLinkProblem(typed: string): string | null {
  const link = typed.trim();
  if (characterCount(link) > LIMITS.creativeLinkChars) return ADSPACE_MESSAGES.creativeLinkTooLong;
  if (link !== '' && !isHttpUrl(link)) return ADSPACE_MESSAGES.creativeLinkInvalid;
  return null;
}
