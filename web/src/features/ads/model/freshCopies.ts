/*
 * A list of ads shown again (Back to it, or a notification about one of them) is read again, and
 * each card takes its fresh copy where it stands: what a card says changes (bidding closed, a
 * higher bid), where it is does not, so the scroll restored onto the list still finds its place.
 */

type Identified = { readonly _id: string };

/** `shown` in the same order, each replaced by its copy in `fresh` where `fresh` has one. */
export function withFreshCopies<A extends Identified>(
  shown: readonly A[],
  fresh: readonly A[],
): A[] {
  const byId = new Map(fresh.map((ad) => [ad._id, ad]));
  return shown.map((ad) => byId.get(ad._id) ?? ad);
}
