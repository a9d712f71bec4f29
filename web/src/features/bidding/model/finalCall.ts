/*
 * The owner's final call date-time (section 5: required, the minimum is now), picked with a
 * `datetime-local` input: its value is local wall-clock time, 'YYYY-MM-DDTHH:mm' or with ':ss'.
 */

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** A moment as a `datetime-local` value (to the second) in the viewer's time zone. */
export function toDateTimeLocal(date: Date): string {
  const day = `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
  return `${day}T${pad2(date.getHours())}:${pad2(date.getMinutes())}:${pad2(date.getSeconds())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/;

/** A `datetime-local` value as a moment; null when empty or not a real date-time. */
export function fromDateTimeLocal(value: string): Date | null {
  const match = LOCAL.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day!, hours!, minutes!, seconds!);
  const same =
    date.getFullYear() === year &&
    date.getMonth() === month! - 1 &&
    date.getDate() === day &&
    date.getHours() === hours &&
    date.getMinutes() === minutes;
  return same ? date : null;
}

/** The deadline to send, as ISO-8601, when the value is a date-time not before `nowMs`. */
export function finalCallDeadline(value: string, nowMs: number): string | null {
  const date = fromDateTimeLocal(value);
  // The picker works in whole seconds; the current second counts as "now".
  if (!date || date.getTime() < Math.floor(nowMs / 1000) * 1000) return null;
  return date.toISOString();
}
