import { useLayoutEffect, useRef, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { linesAtMost } from './cellStyles.ts';

/** Lines a long text shows before Show more. */
const SHOWN_LINES = 8;

/**
 * A member's text (a review) as written, line breaks kept, up to eight lines: a longer one (a
 * thousand characters fill a phone's screen) ends there with Show more, and Show less once open.
 * The whole text is in the page either way, for a screen reader and for the browser's find.
 */
export function ClampedText({ text }: { text: string }) {
  const box = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [clipped, setClipped] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || open) return;
    const measure = () => setClipped(element.scrollHeight > element.clientHeight + 1);
    measure();
    // The width, and so the lines, change with the window (a phone turned).
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, open]);
  return (
    <>
      <Typography
        ref={box}
        sx={[
          { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
          !open && linesAtMost(SHOWN_LINES),
        ]}
      >
        {text}
      </Typography>
      {(clipped || open) && (
        <Button size="small" onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
          {open ? 'Show less' : 'Show more'}
        </Button>
      )}
    </>
  );
}
