import Box from '@mui/material/Box';

/**
 * Out of sight but read by screen readers (the usual clip pattern), pinned to its container's
 * corner: left where it falls, a clipped box still widens a phone's page.
 */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  top: 0,
  left: 0,
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A polite live region no one sees: screen readers say `message` whenever it changes (what a
 * search or filter came to, which photo is shown). Empty says nothing. A new `utterance` says
 * the same words again (two bids alike): its text is put in afresh, which a live region reads
 * as new, where an unchanged text would be silent.
 */
export function Announcer({ message, utterance }: { message: string; utterance?: number }) {
  return (
    <Box role="status" aria-live="polite" sx={VISUALLY_HIDDEN}>
      <span key={utterance}>{message}</span>
    </Box>
  );
}
