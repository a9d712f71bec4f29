import type { AdSpaceCycle, AdSpaceType } from '@boli/engine/billing/products';
import { AD_SPACE_CYCLES, AD_SPACE_TYPES } from '@boli/engine/shared/limits';

/*
 * The space type and cycle Buy AdSpace shows, kept in its address (/buyAdSpace?type=&cycle=) as
 * the bid calendar keeps its place (calendarEvents.ts): a reload, Back, or a link sent on shows
 * the same choice, and its price.
 */

export type SpaceChoice = { readonly type: AdSpaceType; readonly cycle: AdSpaceCycle };

/** What Buy AdSpace starts with: a space bought directly, for a month. */
export const DEFAULT_SPACE_CHOICE: SpaceChoice = { type: 'inStream', cycle: 'monthly' };

/** `value` when it is one of `options`, else `fallback`: an address may say anything. */
const oneOf = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  (options as readonly (string | null)[]).includes(value) ? (value as T) : fallback;

/** The choice /buyAdSpace?type=&cycle= asks for; for what it does not say or know, the default. */
export const spaceChoiceOf = (params: URLSearchParams): SpaceChoice => ({
  type: oneOf(AD_SPACE_TYPES, params.get('type'), DEFAULT_SPACE_CHOICE.type),
  cycle: oneOf(AD_SPACE_CYCLES, params.get('cycle'), DEFAULT_SPACE_CHOICE.cycle),
});

/**
 * The address's query for a choice: the defaults are left out, so the menu's plain /buyAdSpace is
 * the page as it starts. A cycle is kept beside a slot type (which has none): it is the one
 * shown again when a directly bought type is chosen back.
 */
export const spaceChoiceParamsOf = (choice: SpaceChoice): Record<string, string> => ({
  ...(choice.type === DEFAULT_SPACE_CHOICE.type ? {} : { type: choice.type }),
  ...(choice.cycle === DEFAULT_SPACE_CHOICE.cycle ? {} : { cycle: choice.cycle }),
});
