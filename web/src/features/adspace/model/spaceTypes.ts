import {
  CYCLE_LABELS,
  pricedCycle,
  SPACE_TYPE_LABELS,
  type AdSpaceCycle,
  type AdSpaceType,
} from '@boli/engine/billing/products';

export { CYCLE_LABELS, SPACE_TYPE_LABELS };

/* How the screens name the spec's space types and cycles (section 9; the labels are billing's). */

export const spaceTypeLabel = (name: string): string =>
  SPACE_TYPE_LABELS[name as AdSpaceType] ?? name;

export const cycleLabel = (cycle: string): string => CYCLE_LABELS[cycle as AdSpaceCycle] ?? cycle;

/** A cycle as the buyer chooses it: daily says it is sold as the quarterly value (section 9). */
export function buyingCycleLabel(cycle: AdSpaceCycle): string {
  const sold = pricedCycle(cycle);
  return sold === cycle
    ? CYCLE_LABELS[cycle]
    : `${CYCLE_LABELS[cycle]} (sold as ${CYCLE_LABELS[sold]}: its price and run)`;
}
