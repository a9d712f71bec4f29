import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../eventStore/eventStore.ts';
import { DomainError } from '../shared/decider.ts';
import { LOOKALIKES } from '../shared/characters.ts';
import { LIMITS, ROLES } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { AccountCommand } from './account.commands.ts';
import { accountDecider, otpTriesLeft, type AccountState } from './account.decider.ts';
import { OTP_PURPOSES, PRIVACY_SETTINGS, type AccountEvent } from './account.events.ts';
import { ADMIN, MEMBER, SUPPORT, T0, at, oneOfEach, profile } from './account.fixtures.ts';
import { ACCOUNT_STATUSES, accountStatus, type AccountStatus } from './account.machine.ts';
import { containsRunOfUsername, validateBidAlias } from './account.rules.ts';

const RUNS = 300;

/**
 * The alias rule, said the slowest way: compare every run of 3 of the alias as it reads (NFKC, no
 * invisible format characters) with every run of the username, by hand.
 */
const bruteForceContainsRun = (alias: string, username: string): boolean => {
  const read = (text: string) =>
    Array.from(text.normalize('NFKC'))
      .filter((c) => !/\p{Cf}/u.test(c))
      .map((c) => LOOKALIKES[c] ?? c);
  const a = read(alias);
  const u = read(username);
  for (let i = 0; i + 3 <= u.length; i += 1) {
    for (let j = 0; j + 3 <= a.length; j += 1) {
      if (u[i] === a[j] && u[i + 1] === a[j + 1] && u[i + 2] === a[j + 2]) return true;
    }
  }
  return false;
};

/**
 * Few characters, so runs repeat often; case pairs, accents, Cyrillic look-alikes, astral emoji,
 * a lone surrogate.
 */
const closeChars = fc.constantFrom(
  'a',
  'A',
  'а',
  'С',
  'b',
  'B',
  'c',
  '_',
  '.',
  'é',
  'É',
  '😀',
  '😁',
  '\ud83d',
);
const aliasLike = fc.oneof(
  fc.string({ unit: closeChars, maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

describe('the alias rule', () => {
  it('reads an alias as it shows: invisible or full-width look-alikes of the username are refused', () => {
    // The last with a Cyrillic а: it shows as 'kavya'.
    for (const alias of [
      'ka\u200Bvy\u200Ba_\u200Bna\u200Bir',
      'ｋａｖｙａ',
      'xx\u2060kav',
      'kаvyа',
    ]) {
      expect(containsRunOfUsername(alias, 'kavya_nair')).toBe(true);
    }
    // What shows nothing is refused in any alias: a bidder's name reads as it is written.
    for (const alias of ['zzsecret1\u200B', '\u202Eterces zz', 'a\u00ADbcd', 'zzsecret\u3164']) {
      expect(validateBidAlias(alias, 'someone')).toContain(MESSAGES.bidAliasHidingCharacters);
    }
    // The joiners Indian scripts need are kept.
    expect(validateBidAlias('क्\u200Dष', 'someone')).toEqual([]);
  });

  it('agrees with a brute-force check over random usernames and aliases', () => {
    fc.assert(
      fc.property(aliasLike, aliasLike, (alias, username) => {
        const expected = bruteForceContainsRun(alias, username);
        expect(containsRunOfUsername(alias, username)).toBe(expected);
        expect(validateBidAlias(alias, username).includes(MESSAGES.bidAliasContainsUsername)).toBe(
          expected,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('always refuses an alias built around a run of the username', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: closeChars, minLength: 3, maxLength: 12 }),
        fc.nat(),
        fc.string({ unit: closeChars, maxLength: 4 }),
        fc.string({ unit: closeChars, maxLength: 4 }),
        (username, start, before, after) => {
          const chars = Array.from(username);
          const i = start % (chars.length - 2);
          const alias = before + chars.slice(i, i + 3).join('') + after;
          expect(containsRunOfUsername(alias, username)).toBe(true);
        },
      ),
      { numRuns: RUNS },
    );
  });
});

// --- Generated histories --------------------------------------------------------------------

const instant = fc.oneof(
  fc.integer({ min: 0, max: 60 * 24 * 30 }).map((m) => at(T0, m)),
  fc.constantFrom('not a date', '', '2026-13-45T99:99:99Z'),
);
const word = fc.string({ maxLength: 8 });
const userId = fc.constantFrom('u-asha', 'u-ravi');

const eventArb: fc.Arbitrary<AccountEvent> = fc.oneof(
  fc
    .record({
      userId,
      username: word,
      email: word,
      phone: word,
      phoneCode: word,
      firstname: word,
      lastname: word,
      bidAlias: word,
      gender: fc.constantFrom('Male' as const, 'Female' as const),
      dob: word,
      country: word,
      passwordHash: word,
      registeredAt: instant,
    })
    .map((data) => ({ type: 'AccountRegistered' as const, data })),
  fc
    .record({ userId, verifiedAt: instant })
    .map((data) => ({ type: 'EmailVerified' as const, data })),
  fc
    .record({ userId, phone: word, verifiedAt: instant })
    .map((data) => ({ type: 'MobileVerified' as const, data })),
  fc
    .record({ userId, startsAt: instant, endsAt: instant })
    .map((data) => ({ type: 'TrialStarted' as const, data })),
  fc
    .record({ userId, reason: word, blockedBy: word, blockedAt: instant })
    .map((data) => ({ type: 'AccountBlocked' as const, data })),
  fc
    .record({ userId, unblockedBy: word, unblockedAt: instant })
    .map((data) => ({ type: 'AccountUnblocked' as const, data })),
  fc
    .record({ userId, passwordHash: word, changedAt: instant })
    .map((data) => ({ type: 'PasswordChanged' as const, data })),
  fc
    .record({ userId, tokenHash: word, requestedAt: instant, expiresAt: instant })
    .map((data) => ({ type: 'PasswordResetRequested' as const, data })),
  fc
    .record({ userId, passwordHash: word, resetAt: instant })
    .map((data) => ({ type: 'PasswordReset' as const, data })),
  fc
    .record({ userId, profile: fc.constant(profile()), editedAt: instant })
    .map((data) => ({ type: 'ProfileEdited' as const, data })),
  fc
    .record({ userId, profilepic: word, changedAt: instant })
    .map((data) => ({ type: 'ProfilePictureChanged' as const, data })),
  fc
    .record({
      userId,
      setting: fc.constantFrom(...PRIVACY_SETTINGS),
      value: fc.boolean(),
      changedAt: instant,
    })
    .map((data) => ({ type: 'PrivacySettingChanged' as const, data })),
  fc
    .record({ userId, role: fc.constantFrom(...ROLES), grantedBy: word, grantedAt: instant })
    .map((data) => ({ type: 'RoleGranted' as const, data })),
  fc
    .record({
      userId,
      purpose: fc.constantFrom(...OTP_PURPOSES),
      codeHash: word,
      issuedAt: instant,
      expiresAt: instant,
    })
    .map((data) => ({ type: 'OtpIssued' as const, data })),
  fc
    .record({ userId, purpose: fc.constantFrom(...OTP_PURPOSES), failedAt: instant })
    .map((data) => ({ type: 'OtpVerificationFailed' as const, data })),
  fc
    .record({
      userId,
      reason: fc.constantFrom(
        'passwordChanged' as const,
        'passwordReset' as const,
        'accountBlocked' as const,
        'logoutEverywhere' as const,
      ),
      revokedAt: instant,
    })
    .map((data) => ({ type: 'SessionsRevoked' as const, data })),
);

const fold = (events: readonly AccountEvent[]): AccountState =>
  events.reduce(accountDecider.evolve, accountDecider.initialState());

describe('evolve', () => {
  it('never throws on any generated history, and always lands in a known state', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 40 }), (events) => {
        const state = fold(events);
        expect(ACCOUNT_STATUSES).toContain(accountStatus(state.machine));
        const tries = otpTriesLeft(state, at(T0, 60));
        expect(tries).toBeGreaterThanOrEqual(0);
        expect(tries).toBeLessThanOrEqual(LIMITS.otp.dailyTries);
      }),
      { numRuns: RUNS },
    );
  });

  it('agrees with a deliberately simpler model of the lifecycle', () => {
    const lifecycle = fc.constantFrom<AccountEvent['type']>(
      'AccountRegistered',
      'EmailVerified',
      'MobileVerified',
      'AccountBlocked',
      'AccountUnblocked',
    );
    fc.assert(
      fc.property(fc.array(lifecycle, { maxLength: 20 }), (types) => {
        // The model: flags, set only in the order the account flow allows.
        let registered = false;
        let email = false;
        let mobile = false;
        let blocked = false;
        for (const type of types) {
          if (type === 'AccountRegistered') registered = true;
          if (!registered) continue;
          if (type === 'AccountBlocked') blocked = true;
          if (type === 'AccountUnblocked') blocked = false;
          if (blocked) continue;
          if (type === 'EmailVerified') email = true;
          if (type === 'MobileVerified' && email) mobile = true;
        }
        const expected: AccountStatus = !registered
          ? 'unregistered'
          : blocked
            ? 'blocked'
            : mobile
              ? 'active'
              : email
                ? 'emailVerified'
                : 'registered';
        const events = types.map((type) => ({ type, data: {} }) as AccountEvent);
        expect(accountStatus(fold(events).machine)).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });
});

// --- Generated command sequences ------------------------------------------------------------

const actor = fc.constantFrom<Actor | undefined>(ADMIN, SUPPORT, MEMBER, undefined);
const commandArb: fc.Arbitrary<AccountCommand> = fc
  .tuple(
    // Mostly minutes apart (so codes are used in time), sometimes days (so limits reset).
    fc.oneof(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 60 * 24 * 3 })),
    actor,
    // Half the picks are the account flow's own steps, so runs get past sign-up and the OTP.
    fc.oneof(fc.nat({ max: 13 }), fc.constantFrom(1, 2, 3, 3)),
    fc.constantFrom(1, 1, 1, 2),
    fc.boolean(),
  )
  .map(([minutes, who, index, n, flag]) => {
    const base = oneOfEach(at(T0, minutes), who ?? ADMIN)[index] as AccountCommand;
    const metadata = who === undefined ? { eventId: 'e', now: base.metadata.now } : base.metadata;
    switch (base.type) {
      case 'IssueOtp':
      case 'VerifyOtp':
        return { ...base, data: { ...base.data, codeHash: `otp:${n}` }, metadata };
      case 'RequestPasswordReset':
        return { ...base, data: { tokenHash: `reset:${n}` }, metadata };
      case 'ResetPassword':
        return { ...base, data: { ...base.data, tokenHash: `reset:${n}` }, metadata };
      case 'ChangePassword':
        return { ...base, data: { ...base.data, oldPasswordMatches: flag }, metadata };
      case 'ChangePrivacySetting':
        return { ...base, data: { ...base.data, value: flag }, metadata };
      case 'ChangeEmailNotices':
        return { ...base, data: { on: flag }, metadata };
      default:
        return { ...base, metadata };
    }
  });

/** The account flow's happy path at T0; runs start with some prefix of it, then go random. */
const FLOW: AccountCommand[] = [0, 1, 2, 3].map((i) => oneOfEach(T0)[i] as AccountCommand);

describe('decide', () => {
  it('only refuses with DomainErrors, and every event it emits folds back', () => {
    const reached = new Set<AccountStatus>();
    fc.assert(
      fc.property(
        fc.nat({ max: FLOW.length }),
        fc.array(commandArb, { maxLength: 30 }),
        (flowSteps, generated) => {
          const commands = [...FLOW.slice(0, flowSteps), ...generated].sort((a, b) =>
            a.metadata.now.localeCompare(b.metadata.now),
          );
          let state = accountDecider.initialState();
          for (const command of commands) {
            reached.add(accountStatus(state.machine));
            let events: AccountEvent[];
            try {
              events = accountDecider.decide(command, state);
            } catch (error) {
              expect(error).toBeInstanceOf(DomainError);
              continue;
            }
            const before = accountStatus(state.machine);
            state = events.reduce(accountDecider.evolve, state);
            for (const event of events) expect(event.data.userId).toBe(state.userId);
            // A mobile verification always starts the trial and lands in active.
            if (events.some((e) => e.type === 'MobileVerified')) {
              expect(before).toBe('emailVerified');
              expect(accountStatus(state.machine)).toBe('active');
              expect(state.trial).not.toBeNull();
            }
            expect(otpTriesLeft(state, command.metadata.now)).toBeGreaterThanOrEqual(0);
          }
          reached.add(accountStatus(state.machine));
        },
      ),
      { numRuns: RUNS },
    );
    // The generator is only worth something if it walks the whole lifecycle.
    expect([...reached].sort()).toEqual([...ACCOUNT_STATUSES].sort());
  });
});
