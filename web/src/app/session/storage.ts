/**
 * The browser values the spec stores (section 3): the login token, the user's id and name, and
 * the email-validation token; plus the refresh token of docs/api/accounts.md. Nothing else of the
 * session is kept across reloads.
 */
export const STORAGE_KEYS = {
  jwt: 'jwt',
  refreshToken: 'refreshToken',
  userId: 'userId',
  username: 'username',
  validationJWT: 'validationJWT',
  /**
   * Not the spec's: the page a member set out from (Login's ?redirect=) while they sign up or
   * verify their phone, where the OTP's success takes them instead of home; in every tab, since
   * the email's link may open in another.
   */
  returnAfterVerify: 'returnAfterVerify',
} as const;

type StoredKey = keyof typeof STORAGE_KEYS;

// Private windows and locked-down browsers can refuse storage; the app then works for one page.
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: StoredKey): string | null {
  return storage()?.getItem(STORAGE_KEYS[key]) || null;
}

export function removeStored(key: StoredKey): void {
  try {
    storage()?.removeItem(STORAGE_KEYS[key]);
  } catch {
    // Nothing stored to forget.
  }
}

export function writeStored(key: StoredKey, value: string): void {
  try {
    storage()?.setItem(STORAGE_KEYS[key], value);
  } catch {
    // Quota or privacy mode: the session still lives in memory.
  }
}

/**
 * The value another tab stores under `key` next, or null when none comes within `ms`: what a tab
 * reads of another tab's writes is a copy the browser brings up to date a moment after them.
 */
export function nextStoredElsewhere(key: StoredKey, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (value: string | null) => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      resolve(value);
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS[key]) done(event.newValue);
    };
    const timer = setTimeout(() => done(null), ms);
    window.addEventListener('storage', onStorage);
  });
}

/**
 * Why the session ended, when it was not the member's choice (a block, a password change, an
 * expiry): kept apart from the session's values, so that the browser's other tabs, told of the
 * logout by the token's removal, can say the same. Cleared at the next login.
 */
const ENDED_BECAUSE = 'sessionEndedBecause';

export function tellOtherTabsWhy(message: string | undefined): void {
  try {
    if (message) storage()?.setItem(ENDED_BECAUSE, message);
    else storage()?.removeItem(ENDED_BECAUSE);
  } catch {
    // The other tabs then say only that the session ended elsewhere.
  }
}

export const whyOtherTabEnded = (): string | null => storage()?.getItem(ENDED_BECAUSE) || null;

/**
 * The member as one tab last saved them (a new picture, an edited profile), for the browser's
 * other tabs to show alike: theirs read the member once, and the picture they showed may be gone.
 */
const MEMBER_UPDATED = 'memberUpdated';

export function tellOtherTabsOfMember(user: unknown): void {
  try {
    storage()?.setItem(MEMBER_UPDATED, JSON.stringify(user));
  } catch {
    // The other tabs show the member anew at their next load.
  }
}

/** The member another tab saved, from a storage event; undefined for any other event. */
export function memberFromOtherTab(event: StorageEvent): unknown {
  if (event.key !== MEMBER_UPDATED || event.newValue === null) return undefined;
  try {
    return JSON.parse(event.newValue) as unknown;
  } catch {
    return undefined;
  }
}

/** Logout forgets every stored value, the validation token included. */
export function clearStored(): void {
  const store = storage();
  for (const key of [...Object.values(STORAGE_KEYS), MEMBER_UPDATED]) store?.removeItem(key);
}
