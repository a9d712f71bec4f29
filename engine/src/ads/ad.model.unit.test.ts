import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider.ts';
import type { AdCommand } from './ad.commands.ts';
import { adDecider } from './ad.decider.ts';
import type { AdEvent, BidPhase } from './ad.events.ts';
import {
  ARJUN,
  MEENA,
  OWNER,
  T0,
  at,
  closeByOwner,
  closeByTimer,
  makeFinalCall,
  placeBid,
  postAd,
} from './ad.fixtures.ts';
import { adStatus } from './ad.machine.ts';
import type { AdState } from './ad.state.ts';

/*
 * The lifecycle driven by fast-check's `fc.commands`, against a deliberately simpler model: a
 * phase, a clock, a deadline and two counters. Every step asks both what should happen (events of
 * which kind, or which error code) and then checks the decider's state against the model's.
 */

type Phase = 'none' | 'open' | 'finalCall' | 'closed';
type Model = {
  phase: Phase;
  /** Minutes after T0. */
  now: number;
  deadline: number | null;
  bidsBefore: number;
  bidsAfter: number;
  nextBid: number;
};
type Real = { state: AdState };

type Outcome = { readonly events: readonly string[] } | { readonly error: string };

const over = (m: Model): boolean =>
  m.phase === 'closed' || (m.phase === 'finalCall' && m.deadline !== null && m.now >= m.deadline);

const run = (real: Real, command: AdCommand): Outcome => {
  try {
    const events = adDecider.decide(command, real.state);
    real.state = events.reduce(adDecider.evolve, real.state);
    return { events: events.map((e: AdEvent) => e.type) };
  } catch (error) {
    if (error instanceof DomainError) return { error: error.code };
    throw error;
  }
};

const MODEL_PHASE: Record<string, Phase> = {
  none: 'none',
  open: 'open',
  finalCallMade: 'finalCall',
  closed: 'closed',
};

const agree = (m: Model, r: Real): void => {
  expect(MODEL_PHASE[adStatus(r.state.machine)]).toBe(m.phase);
  expect(r.state.bids.beforeCount).toBe(m.bidsBefore);
  expect(r.state.bids.afterCount).toBe(m.bidsAfter);
  const deadline = r.state.machine.context.deadline;
  expect(deadline === null ? null : (Date.parse(deadline) - Date.parse(T0)) / 60_000).toBe(
    m.deadline,
  );
};

class Post implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real) {
    const expected: Outcome =
      m.phase === 'none'
        ? { events: ['AdPosted', 'MediaAdded', 'ThumbnailChosen'] }
        : { error: 'AD_ALREADY_POSTED' };
    expect(run(r, postAd({}, at(m.now)))).toEqual(expected);
    if (m.phase === 'none') m.phase = 'open';
    agree(m, r);
  }
  toString = () => 'Post';
}

class Wait implements fc.Command<Model, Real> {
  constructor(readonly minutes: number) {}
  check = () => true;
  run(m: Model) {
    m.now += this.minutes;
  }
  toString = () => `Wait(${this.minutes})`;
}

type Who = 'owner' | 'meena' | 'arjun';
const BIDDERS = { owner: { ...OWNER, bidAlias: 'seller99' }, meena: MEENA, arjun: ARJUN };

class Bid implements fc.Command<Model, Real> {
  constructor(
    readonly who: Who,
    readonly entitled: boolean,
    readonly amount: number,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const bidId = `bid-${m.nextBid}`;
    const command = placeBid(
      { bidId, bidderEntitled: this.entitled, amount: this.amount },
      at(m.now),
      BIDDERS[this.who],
    );
    let expected: Outcome;
    if (m.phase === 'none') expected = { error: 'AD_NOT_FOUND' };
    else if (over(m)) expected = { error: 'BIDDING_CLOSED' };
    else if (this.who === 'owner') expected = { error: 'OWN_AD' };
    else if (!this.entitled) expected = { error: 'NOT_ENTITLED' };
    else if (this.amount <= 0) expected = { error: 'BID_DETAILS_MISSING' };
    else expected = { events: ['BidPlaced'] };
    const phase: BidPhase = m.phase === 'finalCall' ? 'afterFinalCall' : 'beforeFinalCall';
    expect(run(r, command)).toEqual(expected);
    if ('events' in expected) {
      m.nextBid += 1;
      if (phase === 'afterFinalCall') m.bidsAfter += 1;
      else m.bidsBefore += 1;
    }
    agree(m, r);
  }
  toString = () => `Bid(${this.who}, ${this.entitled}, ${this.amount})`;
}

class FinalCall implements fc.Command<Model, Real> {
  constructor(
    readonly byOwner: boolean,
    readonly inMinutes: number,
  ) {}
  check = () => true;
  run(m: Model, r: Real) {
    const userId = this.byOwner ? OWNER.userId : MEENA.userId;
    const deadline = m.now + this.inMinutes;
    let expected: Outcome;
    if (m.phase === 'none') expected = { error: 'AD_NOT_FOUND' };
    else if (!this.byOwner) expected = { error: 'NOT_AD_OWNER' };
    else if (over(m)) expected = { error: 'BIDDING_CLOSED' };
    else if (m.phase === 'finalCall') expected = { error: 'FINAL_CALL_ALREADY_MADE' };
    else if (this.inMinutes < 0) expected = { error: 'FINAL_CALL_IN_PAST' };
    else if (m.bidsBefore === 0) expected = { error: 'NO_BIDS_BEFORE_FINAL_CALL' };
    else expected = { events: ['FinalCallMade'] };
    expect(run(r, makeFinalCall(at(deadline), at(m.now), userId))).toEqual(expected);
    if ('events' in expected) {
      m.phase = 'finalCall';
      m.deadline = deadline;
    }
    agree(m, r);
  }
  toString = () => `FinalCall(${this.byOwner}, +${this.inMinutes})`;
}

class OwnerCloses implements fc.Command<Model, Real> {
  constructor(readonly byOwner: boolean) {}
  check = () => true;
  run(m: Model, r: Real) {
    const userId = this.byOwner ? OWNER.userId : MEENA.userId;
    let expected: Outcome;
    if (m.phase === 'none') expected = { error: 'AD_NOT_FOUND' };
    else if (!this.byOwner) expected = { error: 'NOT_AD_OWNER' };
    else if (over(m)) expected = { error: 'BIDDING_CLOSED' };
    else expected = { events: ['BiddingClosed'] };
    expect(run(r, closeByOwner(at(m.now), userId))).toEqual(expected);
    if ('events' in expected) m.phase = 'closed';
    agree(m, r);
  }
  toString = () => `OwnerCloses(${this.byOwner})`;
}

class TimerFires implements fc.Command<Model, Real> {
  /** `skew` minutes off the real deadline: 0 is the timer scheduled for this final call. */
  constructor(readonly skew: number) {}
  check = () => true;
  run(m: Model, r: Real) {
    const expectedDeadline = (m.deadline ?? 0) + this.skew;
    const fires =
      m.phase === 'finalCall' && this.skew === 0 && m.deadline !== null && m.now >= m.deadline;
    expect(run(r, closeByTimer(at(expectedDeadline), at(m.now)))).toEqual({
      events: fires ? ['BiddingClosed'] : [],
    });
    if (fires) m.phase = 'closed';
    agree(m, r);
  }
  toString = () => `TimerFires(${this.skew})`;
}

// Small waits and deadlines make "exactly at the deadline" a common case, not a rare one.
const commands = [
  fc.constant(new Post()),
  fc.oneof(fc.constantFrom(1, 2, 5), fc.integer({ min: 1, max: 120 })).map((n) => new Wait(n)),
  fc
    .tuple(
      fc.constantFrom<Who>('owner', 'meena', 'arjun', 'meena'),
      fc.boolean(),
      fc.integer({ min: -100, max: 10_000_000 }),
    )
    .map(([who, entitled, amount]) => new Bid(who, entitled, amount)),
  fc
    .tuple(
      fc.boolean(),
      fc.oneof(fc.constantFrom(-1, 0, 1, 2, 5), fc.integer({ min: -30, max: 240 })),
    )
    .map(([byOwner, inMinutes]) => new FinalCall(byOwner, inMinutes)),
  fc.boolean().map((byOwner) => new OwnerCloses(byOwner)),
  fc.constantFrom(0, 0, -1, 1).map((skew) => new TimerFires(skew)),
];

describe('the ad lifecycle, against a simpler model', () => {
  it('agrees on every step of any sequence of commands', () => {
    fc.assert(
      fc.property(fc.commands(commands, { maxCommands: 60 }), (cmds) => {
        const model: Model = {
          phase: 'none',
          now: 0,
          deadline: null,
          bidsBefore: 0,
          bidsAfter: 0,
          nextBid: 1,
        };
        fc.modelRun(() => ({ model, real: { state: adDecider.initialState() } }), cmds);
      }),
      { numRuns: 300 },
    );
  });
});
