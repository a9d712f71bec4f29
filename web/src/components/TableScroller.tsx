import { useEffect, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TableContainer, { type TableContainerProps } from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { BOLI_PURPLE } from '../app/colours.ts';

type Props = Omit<TableContainerProps, 'ref' | 'tabIndex' | 'role'> & {
  /** What the table is (its own label): the region it is while it scrolls is named after it. */
  label: string;
  /** On an outlined sheet of its own (a page's main table), not on the page's. */
  outlined?: boolean;
  children: ReactNode;
};

/**
 * A table's box, which scrolls sideways should the table be wider than it (on a phone): the page
 * itself never does. While it scrolls it is a named region in the keyboard's Tab order, so the
 * arrow keys reach the columns out of view, and a line above it says there is more to the side
 * (a column cut between two columns looks like the table's end); a table that fits adds neither.
 */
export function TableScroller({ label, outlined, children, sx, ...props }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  // Scrolled to its right end: the line under it has nothing more to say.
  const [atEnd, setAtEnd] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // A pixel over is rounding (a 342.7 px table in a 342 px box), not a table to scroll.
    const measure = () => {
      setScrolls(element.scrollWidth > element.clientWidth + 1);
      setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);
  return (
    <Box>
      {scrolls && (
        // Above the table, where its reader begins (a ledger of 50 rows ends far down a phone's
        // page); kept in its place once scrolled to the end, so the table does not move. The
        // region's name says it to a screen reader already.
        <Typography
          variant="caption"
          color="textSecondary"
          aria-hidden
          data-testid="scroll-sideways"
          sx={{
            display: 'block',
            mb: 0.5,
            textAlign: 'right',
            visibility: atEnd ? 'hidden' : 'visible',
          }}
        >
          Scroll sideways for more →
        </Typography>
      )}
      <TableContainer
        ref={box}
        {...props}
        {...(outlined ? { component: Paper, variant: 'outlined' } : {})}
        sx={[
          { '&:focus-visible': { outline: `3px solid ${BOLI_PURPLE}`, outlineOffset: 2 } },
          // Each cell keeps its own divider: in a collapsed table the dividers are the table's,
          // and a first column pinned while the table scrolls (STICKY_FIRST) covered them.
          { '& > table': { borderCollapse: 'separate', borderSpacing: 0 } },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
        {...(scrolls
          ? { tabIndex: 0, role: 'region', 'aria-label': `${label}: scroll sideways for more` }
          : {})}
      >
        {children}
      </TableContainer>
    </Box>
  );
}
