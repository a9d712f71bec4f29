/*
 * A list of ads shown again (Back to it, or a notification about one of them) is read again, and
 * each card takes its fresh copy where it stands: what a card says changes (bidding closed, a
 * higher bid), where it is does not, so the scroll restored onto the list still finds its place.
 * A card the list no longer holds (edited out of its filters, taken down) goes: the list is
 * newest first, so an ad missing from the read among those still there, or from a read that
 * reached the list's end, is gone from it; one after the last found may only have been moved on
 * by ads posted since, beyond what was read, and stays.
 */

type Identified = { readonly _id: string };

/**
 * `shown` in the same order, each replaced by its copy in `fresh` where `fresh` has one, less
 * those gone from the list. `readToEnd`: the read reached the list's last ad (its last page came
 * back short), so any shown ad it does not hold is gone.
 */
export function withFreshCopies<A extends Identified>(
  shown: readonly A[],
  fresh: readonly A[],
  readToEnd = false,
): A[] {
  const byId = new Map(fresh.map((ad) => [ad._id, ad]));
  const lastFound = shown.findLastIndex((ad) => byId.has(ad._id));
  return shown.flatMap((ad, index) => {
    const copy = byId.get(ad._id);
    if (copy) return [copy];
    return readToEnd || index < lastFound ? [] : [ad];
  });
}
