/**
 * Whether the notice keeps quiet: from the moment a session ends (a stored login found expired on
 * load, a logout, a block) until the visitor moves on from the page they were on, or from the
 * page that ending sent them to, which the session's end explained itself ('Your session
 * expired…'). `from`: the location the session ended on; `on`: the one it sent them to.
 */
export type Quiet = { readonly from: string } | { readonly on: string } | null;

/** The quiet after the next render: what the session and the location now are. */
export function quietAfter(
  quiet: Quiet,
  change: { ended: boolean; key: string; sentHome: boolean },
): Quiet {
  if (change.ended) return change.sentHome ? { on: change.key } : { from: change.key };
  if (quiet === null) return null;
  if ('from' in quiet) {
    if (change.sentHome) return { on: change.key };
    return change.key === quiet.from ? quiet : null;
  }
  return change.key === quiet.on ? quiet : null;
}
