import { SLOT_SPACE_TYPES, type SlotSpaceType } from './adSpace.rules.ts';

/*
 * The pages of a slot, by the paths the web app routes: the bid calendar opens a date's bid page,
 * and a member's notice (in the bell or by email) of a slot bid that beat theirs leads there too.
 */

/** The bid page of a slot: its date (the date part of any date string) and space type. */
export const slotBidPath = (dateStr: string, type: SlotSpaceType): string =>
  `/adbid/${dateStr.slice(0, 10)}?type=${type}`;

/** The slot type named in a query string, or the first one. */
export const slotTypeOr = (value: string | null): SlotSpaceType =>
  (SLOT_SPACE_TYPES as readonly (string | null)[]).includes(value)
    ? (value as SlotSpaceType)
    : SLOT_SPACE_TYPES[0];
