import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * Fields side by side while each has `basis` of room, else one under another: on a phone, and
 * with the text enlarged (200%: WCAG 1.4.4, 1.4.10), since the room is counted in rem and grows
 * with the text, where a breakpoint by the screen's width kept them in a row that cut their labels
 * and values ('Sele…', 'Amount …').
 */
export function FieldRow({ children, basis = '12rem' }: { children: ReactNode; basis?: string }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        '& > *': { flex: `1 1 ${basis}`, minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}
