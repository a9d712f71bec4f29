import { NO_WRAP } from './cellStyles.ts';

/**
 * `text` with what `pattern` finds in it kept on one line: a line never ends inside an invoice
 * number ('BL/26-') or a date and time ('2026-11-'). `pattern` captures what it finds (one group),
 * so that splitting on it leaves those parts at the odd places.
 */
export function KeptWhole({ text, pattern }: { text: string; pattern: RegExp }) {
  return text.split(pattern).map((part, index) =>
    index % 2 === 1 ? (
      <span key={index} style={NO_WRAP}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}
