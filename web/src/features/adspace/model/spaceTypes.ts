import type { AdSpaceCycle, AdSpaceType } from '@boli/engine/billing/products';

/* How the screens name the spec's space types and cycles (section 9). */

export const SPACE_TYPE_LABELS: Record<AdSpaceType, string> = {
  authPages: 'Auth pages',
  sidePanels: 'Side panels',
  inStream: 'In stream',
  betweenPosts: 'Between posts',
};

export const CYCLE_LABELS: Record<AdSpaceCycle, string> = {
  yearly: 'Yearly',
  halfyearly: 'Half-yearly',
  quarterly: 'Quarterly',
  monthly: 'Monthly',
  daily: 'Daily',
};

export const spaceTypeLabel = (name: string): string =>
  SPACE_TYPE_LABELS[name as AdSpaceType] ?? name;

export const cycleLabel = (cycle: string): string => CYCLE_LABELS[cycle as AdSpaceCycle] ?? cycle;
