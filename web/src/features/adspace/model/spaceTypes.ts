import { pricedCycle, type AdSpaceCycle, type AdSpaceType } from '@boli/engine/billing/products';

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

/** A cycle as the buyer chooses it: daily says it is sold as the quarterly value (section 9). */
export function buyingCycleLabel(cycle: AdSpaceCycle): string {
  const sold = pricedCycle(cycle);
  return sold === cycle ? CYCLE_LABELS[cycle] : `${CYCLE_LABELS[cycle]} (as ${CYCLE_LABELS[sold]})`;
}
