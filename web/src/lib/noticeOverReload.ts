import { readTabItem, writeTabItem, type DraftStorage } from './tabStorage.ts';

/*
 * A success notice that a full page load would otherwise cut short ('Phone verified
 * successfully.' just before the page reloads with full access): kept in the tab, and shown once
 * by the next page (NoticeAfterReload).
 */

const KEY = 'boli.noticeAfterReload';

/** Keeps `text` for the page that loads next in this tab. */
export const keepNoticeOverReload = (text: string, store?: DraftStorage | null): void =>
  writeTabItem(KEY, text, store);

/** The notice kept for this page, once: it is gone after it is taken. */
export function takeNoticeKeptOverReload(store?: DraftStorage | null): string | null {
  const text = readTabItem(KEY, store);
  if (text !== null) writeTabItem(KEY, null, store);
  return text === '' ? null : text;
}
