import { isRecord } from './records.ts';
import {
  parseStoredJson,
  readTabItem,
  tabStorage,
  writeTabItem,
  type DraftStorage,
} from './tabStorage.ts';

/*
 * A form a member is typing on one page of a members' screen (a slot's bid, a share bid), kept in
 * the tab's sessionStorage until it is sent: a reload, or Back after a look elsewhere, finds it as
 * it was. Kept per member and per page, so that nobody else logging in on the tab finds it, nor
 * another page's form; a guest's is not kept (these screens are members' only).
 */

/** What one kind of draft is made of. */
export type DraftKind<T> = {
  /** A stored value read back as a draft, or null when it is not one (stored by another version). */
  readonly fromStored: (value: unknown) => T | null;
  /** Whether anything is typed: a draft without (posted, or cleared) keeps nothing. */
  readonly typed: (draft: T) => boolean;
};

export type MemberDrafts<T> = {
  /** The storage key of a member's draft on a page. */
  key(memberId: string, page: string): string;
  /** The draft kept for this member (undefined: a guest) on this page, or null. */
  read(memberId: string | undefined, page: string, store?: DraftStorage | null): T | null;
  /** Keeps the form as it now is; one with nothing typed keeps nothing. */
  save(memberId: string | undefined, page: string, draft: T, store?: DraftStorage | null): void;
  /** Forgets the draft: its form was sent some other way (a fee paid for its bid, say). */
  forget(memberId: string | undefined, page: string, store?: DraftStorage | null): void;
};

/** The drafts of one kind, stored under `name:<member>:<page>`. */
export function memberDrafts<T>(name: string, kind: DraftKind<T>): MemberDrafts<T> {
  const key = (memberId: string, page: string) => `${name}:${memberId}:${page}`;
  const write = (
    memberId: string | undefined,
    page: string,
    draft: T | null,
    store: DraftStorage | null,
  ) => {
    if (!memberId) return;
    const kept = draft !== null && kind.typed(draft);
    writeTabItem(key(memberId, page), kept ? JSON.stringify(draft) : null, store);
  };
  return {
    key,
    read(memberId, page, store = tabStorage()) {
      if (!memberId) return null;
      return kind.fromStored(parseStoredJson(readTabItem(key(memberId, page), store)));
    },
    save: (memberId, page, draft, store = tabStorage()) => write(memberId, page, draft, store),
    forget: (memberId, page, store = tabStorage()) => write(memberId, page, null, store),
  };
}

/** A stored record's `fields`, each text, or null when one is missing or not text. */
export function storedTextFields<F extends string>(
  value: unknown,
  fields: readonly F[],
): Record<F, string> | null {
  if (!isRecord(value)) return null;
  const picked: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const text = value[field];
    if (typeof text !== 'string') return null;
    picked[field] = text;
  }
  return picked as Record<F, string>;
}
