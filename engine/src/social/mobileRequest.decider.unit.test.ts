import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider.ts';
import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { MobileRequestCommand } from './mobileRequest.commands.ts';
import { mobileRequestDecider, statusOf } from './mobileRequest.decider.ts';
import type { MobileRequestEvent } from './mobileRequest.events.ts';
import { allowedMobileRequestCommands, requesterState } from './mobileRequest.machine.ts';
import { askAgainMessage } from './mobileRequest.rules.ts';
import { ASHA, BALA, T0, at, metadata } from './social.fixtures.ts';

/* Asha (ASHA) asks for Bala's (BALA) number; Bala answers. */

const given = DeciderSpecification.for(mobileRequestDecider);
const parties = { requestId: 'req-1', requestedBy: ASHA, requestedTo: BALA };

const ask = (now = T0, data: Partial<{ requestedToBlocked: boolean; requestedTo: string }> = {}) =>
  ({
    type: 'RequestMobileNumber',
    data: {
      requestId: `req-new-${now}`,
      requestedBy: ASHA,
      requestedTo: BALA,
      requestedToBlocked: false,
      ...data,
    },
    metadata: metadata(now, ASHA),
  }) satisfies MobileRequestCommand;

const answer = (
  type: 'ApproveMobileRequest' | 'RejectMobileRequest' | 'RevokeMobileRequest',
  now = T0,
  actor = BALA,
  requestId = 'req-1',
): MobileRequestCommand => ({ type, data: { requestId }, metadata: metadata(now, actor) });

const requested = (now = T0): MobileRequestEvent => ({
  type: 'MobileNumberRequested',
  data: { ...parties, requestedAt: now },
});
const approved = (now = at(1)): MobileRequestEvent => ({
  type: 'MobileRequestApproved',
  data: { ...parties, approvedAt: now },
});
const rejected = (now = at(1)): MobileRequestEvent => ({
  type: 'MobileRequestRejected',
  data: { ...parties, rejectedAt: now },
});
const revoked = (now = at(2)): MobileRequestEvent => ({
  type: 'MobileRequestRevoked',
  data: { ...parties, revokedAt: now },
});

const stateAfter = (events: MobileRequestEvent[]) =>
  events.reduce(mobileRequestDecider.evolve, mobileRequestDecider.initialState());

describe('the consent machine', () => {
  it('gives the requester state 1 (Show), 2 (Pending) or 3 (number shown)', () => {
    const seen = (events: MobileRequestEvent[]) => requesterState(statusOf(stateAfter(events)));
    expect(seen([])).toBe(1);
    expect(seen([requested()])).toBe(2);
    expect(seen([requested(), approved()])).toBe(3);
    expect(seen([requested(), rejected()])).toBe(1);
    expect(seen([requested(), approved(), revoked()])).toBe(1);
  });

  it('takes only a request before anything was asked', () => {
    expect(allowedMobileRequestCommands(stateAfter([]).machine)).toEqual(['RequestMobileNumber']);
    expect(allowedMobileRequestCommands(stateAfter([requested()]).machine)).not.toContain(
      'RevokeMobileRequest',
    );
  });
});

describe('before anything was asked', () => {
  it('records a request under the new request id', () => {
    given([])
      .when(ask())
      .then({
        type: 'MobileNumberRequested',
        data: { ...parties, requestId: `req-new-${T0}`, requestedAt: T0 },
      });
  });

  it('refuses a request for one’s own number', () => {
    given([])
      .when(ask(T0, { requestedTo: ASHA }))
      .thenThrows('MOBILE_REQUEST_TO_SELF', { message: MESSAGES.mobileRequestSelf });
  });

  it('refuses a request to a blocked member', () => {
    given([])
      .when(ask(T0, { requestedToBlocked: true }))
      .thenThrows('MOBILE_REQUEST_TO_BLOCKED_MEMBER', {
        message: MESSAGES.mobileRequestBlockedMember,
      });
  });

  it('has nothing to approve', () => {
    given([])
      .when(answer('ApproveMobileRequest'))
      .thenThrows('MOBILE_REQUEST_NOT_FOUND', { message: MESSAGES.mobileRequestNotFound });
  });
});

describe('while the request is pending', () => {
  it('ignores asking again', () => {
    given(requested())
      .when(ask(at(5)))
      .thenNothingHappened();
  });

  it('lets the owner approve', () => {
    given(requested())
      .when(answer('ApproveMobileRequest', at(1)))
      .then(approved(at(1)));
  });

  it('lets the owner reject', () => {
    given(requested())
      .when(answer('RejectMobileRequest', at(1)))
      .then(rejected(at(1)));
  });

  it('shares no number with an asker blocked since, though a no is still taken', () => {
    const approveBlocked: MobileRequestCommand = {
      type: 'ApproveMobileRequest',
      data: { requestId: 'req-1', requestedByBlocked: true },
      metadata: metadata(at(1), BALA),
    };
    given(requested()).when(approveBlocked).thenThrows('MOBILE_REQUEST_FROM_BLOCKED_MEMBER', {
      message: MESSAGES.mobileRequestBlockedMember,
    });
    given(requested())
      .when(answer('RejectMobileRequest', at(1)))
      .then(rejected(at(1)));
  });

  it('refuses an answer from anyone but the owner, the requester included', () => {
    given(requested())
      .when(answer('ApproveMobileRequest', at(1), ASHA))
      .thenThrows('MOBILE_REQUEST_NOT_YOURS', { message: MESSAGES.mobileRequestNotYours });
    given(requested())
      .when(answer('ApproveMobileRequest', at(1), 'u-chetan'))
      .thenThrows('MOBILE_REQUEST_NOT_YOURS');
  });

  it('refuses an answer to another request id', () => {
    given(requested())
      .when(answer('ApproveMobileRequest', at(1), BALA, 'req-other'))
      .thenThrows('MOBILE_REQUEST_NOT_FOUND');
  });

  it('has no approval to revoke yet', () => {
    given(requested())
      .when(answer('RevokeMobileRequest', at(1)))
      .thenThrows('MOBILE_REQUEST_NOT_APPROVED', { message: MESSAGES.mobileRequestNotApproved });
  });
});

describe('once approved', () => {
  it('lets the owner revoke', () => {
    given([requested(), approved()])
      .when(answer('RevokeMobileRequest', at(2)))
      .then(revoked(at(2)));
  });

  it('treats a rejection as taking the approval back', () => {
    given([requested(), approved()])
      .when(answer('RejectMobileRequest', at(2)))
      .then(revoked(at(2)));
  });

  it('ignores approving again and asking again', () => {
    given([requested(), approved()])
      .when(answer('ApproveMobileRequest', at(2)))
      .thenNothingHappened();
    given([requested(), approved()])
      .when(ask(at(2)))
      .thenNothingHappened();
  });
});

describe('after a rejection or a revocation', () => {
  // A day after the answer (at(1) rejected, at(2) revoked), to the minute.
  const aDayAfter = (minute: number) => at(minute + LIMITS.mobileRequestAgainAfterHours * 60);

  it('lets the requester ask again a day later, under the same request id', () => {
    given([requested(), rejected()])
      .when(ask(aDayAfter(1)))
      .then(requested(aDayAfter(1)));
    given([requested(), approved(), revoked()])
      .when(ask(aDayAfter(2)))
      .then(requested(aDayAfter(2)));
  });

  it('refuses asking again sooner, saying when (India time): each ask notifies the owner', () => {
    given([requested(), rejected(at(1))])
      .when(ask(at(10)))
      .thenThrows('MOBILE_REQUEST_TOO_SOON', {
        // at(1) is 10:01 UTC, 15:31 IST; a day later.
        message: 'They said no to this request. You can ask again from 2026-03-02 15:31 IST.',
        details: { askAgainAt: aDayAfter(1) },
      });
    // An approval taken back is not called a refusal.
    given([requested(), approved(), revoked(at(2))])
      .when(ask(at(2 + LIMITS.mobileRequestAgainAfterHours * 60 - 1)))
      .thenThrows('MOBILE_REQUEST_TOO_SOON', {
        message:
          'They no longer share their number with you. You can ask again from 2026-03-02 15:32 IST.',
        details: { askAgainAt: aDayAfter(2) },
      });
    // The minute said is rounded up: an ask at it is never refused.
    expect(askAgainMessage('2026-03-02T10:01:00.001Z')).toBe(
      'They said no to this request. You can ask again from 2026-03-02 15:32 IST.',
    );
    // Approved again meanwhile, then revoked: the wait runs from the last no.
    given([requested(), rejected(at(1)), approved(at(3)), revoked(at(5))])
      .when(ask(aDayAfter(1)))
      .thenThrows('MOBILE_REQUEST_TOO_SOON');
  });

  it('lets the owner change their mind and approve', () => {
    given([requested(), rejected()])
      .when(answer('ApproveMobileRequest', at(3)))
      .then(approved(at(3)));
    given([requested(), approved(), revoked()])
      .when(answer('ApproveMobileRequest', at(3)))
      .then(approved(at(3)));
  });

  it('ignores rejecting or revoking again', () => {
    given([requested(), rejected()])
      .when(answer('RejectMobileRequest', at(3)))
      .thenNothingHappened();
    given([requested(), approved(), revoked()])
      .when(answer('RevokeMobileRequest', at(3)))
      .thenNothingHappened();
  });
});

describe('any sequence of commands', () => {
  const firstAsk = ask();
  const commands = fc.constantFrom<MobileRequestCommand>(
    { ...firstAsk, data: { ...firstAsk.data, requestId: 'req-1' } },
    answer('ApproveMobileRequest'),
    answer('RejectMobileRequest'),
    answer('RevokeMobileRequest'),
    answer('ApproveMobileRequest', T0, ASHA),
  );

  /** A deliberately simpler model: is the number shown to the requester right now? */
  const modelShown = (shown: boolean, asked: boolean, command: MobileRequestCommand) => {
    if (command.metadata.actor?.userId !== BALA) return shown;
    if (!asked) return shown;
    if (command.type === 'ApproveMobileRequest') return true;
    if (command.type === 'RejectMobileRequest' || command.type === 'RevokeMobileRequest')
      return false;
    return shown;
  };

  it('shows the number exactly when the owner’s last answer was an approval', () => {
    fc.assert(
      fc.property(fc.array(commands, { maxLength: 30 }), (sequence) => {
        let state = mobileRequestDecider.initialState();
        let shown = false;
        let asked = false;
        for (const command of sequence) {
          try {
            const events = mobileRequestDecider.decide(command, state);
            state = events.reduce(mobileRequestDecider.evolve, state);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
          shown = modelShown(shown, asked, command);
          asked ||= command.type === 'RequestMobileNumber';
        }
        expect(requesterState(statusOf(state)) === 3).toBe(shown);
      }),
    );
  });
});
