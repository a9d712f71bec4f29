import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTIVE,
  accountBlocked,
  accountRegistered,
  at,
  profile,
  T0,
  USER_ID,
} from '@boli/engine/accounts/account.fixtures';
import type { AccountEvent } from '@boli/engine/accounts/account.events';
import { PRIVACY_SETTINGS } from '@boli/engine/accounts/account.events';
import { ROLES } from '@boli/engine/shared/limits';
import type { PurchaseFulfilled } from '@boli/engine/billing/purchase.events';
import { evolveShareFee, evolveUserRow, type UserRow } from './users.evolve.ts';

const fold = (events: readonly AccountEvent[], from?: UserRow): UserRow | undefined =>
  events.reduce<UserRow | undefined>(evolveUserRow, from);

describe('a user row', () => {
  it('starts at AccountRegistered, with a lower-cased login and nothing shown to others', () => {
    const row = fold([
      {
        ...accountRegistered,
        data: { ...accountRegistered.data, username: 'Asha_K', email: 'Asha@Example.IN' },
      },
    ]);
    expect(row).toMatchObject({
      user_id: USER_ID,
      username: 'Asha_K',
      username_lower: 'asha_k',
      email: 'asha@example.in',
      dob: '1995-08-15',
      roles: ['member'],
      email_validated: false,
      mobile_validated: false,
      show_email: false,
      show_mobile_number: false,
      show_address: false,
      is_blocked: false,
      profilepic: null,
      password_hash: 'hash:secret1',
      registered_at: T0,
    });
  });

  it('ignores events of a user it has not seen registered', () => {
    expect(fold(ACTIVE.slice(1))).toBeUndefined();
  });

  it('records the verifications and the trial of the sign-up flow', () => {
    const row = fold(ACTIVE)!;
    expect(row.email_validated).toBe(true);
    expect(row.mobile_validated).toBe(true);
    expect(row.trial_ends_at).toBe(at(at(T0, 12), 7 * 24 * 60));
  });

  it('takes the whole edited profile, casting fields included', () => {
    const row = fold([
      ...ACTIVE,
      {
        type: 'ProfileEdited',
        data: {
          userId: USER_ID,
          profile: profile({ industry: 'Film', otherroles: ['Dancer'], district: 'Pune' }),
          editedAt: at(T0, 40),
        },
      },
    ])!;
    expect(row).toMatchObject({
      bnr: 'Kulkarni Motors',
      houseno: '12B',
      neighbourhood: 'Camp',
      district: 'Pune',
      pincode: '411001',
      casting: { industry: 'Film', otherroles: ['Dancer'] },
      updated_at: at(T0, 40),
    });
  });

  it('follows blocking, privacy switches, roles, passwords and the picture', () => {
    const row = fold([
      ...ACTIVE,
      accountBlocked(),
      {
        type: 'PrivacySettingChanged',
        data: { userId: USER_ID, setting: 'showAddress', value: true, changedAt: at(T0, 61) },
      },
      {
        type: 'RoleGranted',
        data: { userId: USER_ID, role: 'support', grantedBy: 'u-admin', grantedAt: at(T0, 62) },
      },
      {
        type: 'RoleGranted',
        data: { userId: USER_ID, role: 'support', grantedBy: 'u-admin', grantedAt: at(T0, 63) },
      },
      {
        type: 'PasswordReset',
        data: { userId: USER_ID, passwordHash: 'hash:r', resetAt: at(T0, 64) },
      },
      {
        type: 'ProfilePictureChanged',
        data: { userId: USER_ID, profilepic: 'p.jpg', changedAt: at(T0, 65) },
      },
    ])!;
    expect(row).toMatchObject({
      is_blocked: true,
      show_address: true,
      roles: ['member', 'support'],
      password_hash: 'hash:r',
      profilepic: 'p.jpg',
    });
    expect(
      evolveUserRow(row, {
        type: 'AccountUnblocked',
        data: { userId: USER_ID, unblockedBy: 'u-admin', unblockedAt: at(T0, 70) },
      })?.is_blocked,
    ).toBe(false);
  });

  it('is unchanged when any event is applied a second time', () => {
    const instant = fc.integer({ min: 0, max: 10_000 }).map((m) => at(T0, m));
    const event: fc.Arbitrary<AccountEvent> = fc.oneof(
      instant.map(
        (verifiedAt) => ({ type: 'EmailVerified', data: { userId: USER_ID, verifiedAt } }) as const,
      ),
      fc.tuple(fc.boolean(), fc.constantFrom(...PRIVACY_SETTINGS), instant).map(
        ([value, setting, changedAt]) =>
          ({
            type: 'PrivacySettingChanged',
            data: { userId: USER_ID, setting, value, changedAt },
          }) as const,
      ),
      fc.tuple(fc.constantFrom(...ROLES), instant).map(
        ([role, grantedAt]) =>
          ({
            type: 'RoleGranted',
            data: { userId: USER_ID, role, grantedBy: 'u-admin', grantedAt },
          }) as const,
      ),
      instant.map((blockedAt) => accountBlocked(blockedAt)),
      fc.tuple(fc.string({ maxLength: 20 }), instant).map(
        ([firstname, editedAt]) =>
          ({
            type: 'ProfileEdited',
            data: { userId: USER_ID, profile: profile({ firstname }), editedAt },
          }) as const,
      ),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 20 }), (events) => {
        let row = fold(ACTIVE);
        for (const e of events) {
          const once = evolveUserRow(row, e);
          expect(evolveUserRow(once, e)).toEqual(once);
          row = once;
        }
      }),
    );
  });

  describe('hasPaidToBuyShare', () => {
    const fulfilled = (outcome: PurchaseFulfilled['data']['outcome']): PurchaseFulfilled => ({
      type: 'PurchaseFulfilled',
      data: {
        purchaseId: 'p-1',
        userId: USER_ID,
        kind: outcome.type === 'shareFeePaid' ? 'shareFee' : 'subscription',
        outcome,
        fulfilledAt: at(T0, 90),
      },
    });
    const shareFeePaid = fulfilled({ type: 'shareFeePaid', company: 'Mango Traders' });

    it('is false until a buy-share bid fee is fulfilled, then true', () => {
      const row = fold(ACTIVE)!;
      expect(row.has_paid_to_buy_share).toBe(false);
      expect(evolveShareFee(row, shareFeePaid)).toMatchObject({
        has_paid_to_buy_share: true,
        updated_at: at(T0, 90),
      });
    });

    it('is not set by any other purchase', () => {
      const row = fold(ACTIVE)!;
      const subscribed = fulfilled({
        type: 'subscriptionActivated',
        planId: 'lifetime',
        startsAt: at(T0, 90),
      });
      expect(evolveShareFee(row, subscribed)).toBe(row);
    });

    it('stays set when the fee is seen again, and needs a registered user', () => {
      const paid = evolveShareFee(fold(ACTIVE)!, shareFeePaid);
      expect(evolveShareFee(paid, shareFeePaid)).toBe(paid);
      expect(evolveShareFee(undefined, shareFeePaid)).toBeUndefined();
    });
  });
});
