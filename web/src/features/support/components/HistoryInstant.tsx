import TableCell from '@mui/material/TableCell';
import { historyTime } from '../adHistory.ts';

/** Instants to the millisecond, each on one line. */
const INSTANT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** An instant in India's time, as the log records it (UTC) on hover. */
export function Instant({ at }: { at: string }) {
  return (
    <TableCell sx={INSTANT} title={at}>
      {historyTime(at)}
    </TableCell>
  );
}
