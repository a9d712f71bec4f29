import { assign, initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import { AD_COMMAND_TYPES, type AdCommandType } from './ad.commands.ts';
import type { AdEvent, BidPlaced } from './ad.events.ts';

/*
 * Section 4's ad bidding lifecycle: none → open (bidOpen) → finalCallMade → closed, with the
 * owner able to close early from open or after the final call. The machine is driven by the
 * stream's events (in `evolve`, through the pure `transition()`), and says through its tags which
 * commands each state allows (in `decide`). No actors and no `after` timers: the final-call expiry
 * is a scheduled `CloseBidding` command, and a bid after the deadline is refused by `decide` on
 * the command's own time, whatever state the timer has left the machine in. No guards either: an
 * event is a fact `decide` already judged (a final call only with bids before it, an expiry only
 * after a final call), and `evolve` takes it as it is.
 */

type AllowsTag = `allows:${AdCommandType}`;

const allows = (...commands: AdCommandType[]): AllowsTag[] =>
  commands.map((command) => `allows:${command}` as const);

/** What the owner may do to a live ad, whether or not the final call was made. */
export const OWNER_MANAGEMENT = [
  'EditAd',
  'AddMedia',
  'RemoveMedia',
  'ChooseThumbnail',
  'ReorderMedia',
] as const satisfies readonly AdCommandType[];

export type AdMachineContext = {
  /** The final call's deadline, once made. */
  readonly deadline: string | null;
};

/**
 * What the machine is driven by: the ad's events but its bids, which change no lifecycle state
 * and are counted by the ad's bid book.
 */
export type AdMachineEvent = Exclude<AdEvent, BidPlaced>;

export const adMachine = setup({
  types: {
    context: {} as AdMachineContext,
    events: {} as AdMachineEvent,
    tags: {} as AllowsTag,
  },
  actions: {
    recordDeadline: assign({
      deadline: ({ event }) => (event.type === 'FinalCallMade' ? event.data.deadline : null),
    }),
  },
}).createMachine({
  id: 'ad',
  context: { deadline: null },
  initial: 'none',
  states: {
    /** No ad on this stream yet. */
    none: {
      tags: allows('PostAd'),
      on: { AdPosted: 'open' },
    },
    /** bidOpen: bids are taken; the owner may make the final call or close early. */
    open: {
      tags: allows(...OWNER_MANAGEMENT, 'PlaceBid', 'MakeFinalCall', 'CloseBidding'),
      on: {
        FinalCallMade: { target: 'finalCallMade', actions: 'recordDeadline' },
        BiddingClosed: 'closed',
      },
    },
    /** Bids are taken until the deadline; the owner may still close early. */
    finalCallMade: {
      tags: allows(...OWNER_MANAGEMENT, 'PlaceBid', 'CloseBidding'),
      on: {
        BiddingClosed: 'closed',
      },
    },
    /** 'Bidding Closed': the ad is settled and no longer changes. */
    closed: {
      type: 'final',
    },
  },
});

export type AdSnapshot = SnapshotFrom<typeof adMachine>;

export const AD_STATUSES = ['none', 'open', 'finalCallMade', 'closed'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

const [initialSnapshot] = initialTransition(adMachine);

export const initialAdSnapshot = (): AdSnapshot => initialSnapshot;

/** Pure: the snapshot after one event. Events the current state does not take change nothing. */
export const nextAdSnapshot = (snapshot: AdSnapshot, event: AdMachineEvent): AdSnapshot =>
  transition(adMachine, snapshot, event)[0];

export const adStatus = (snapshot: AdSnapshot): AdStatus => snapshot.value;

export const allowsCommand = (snapshot: AdSnapshot, command: AdCommandType): boolean =>
  snapshot.hasTag(`allows:${command}`);

export const allowedCommands = (snapshot: AdSnapshot): AdCommandType[] =>
  AD_COMMAND_TYPES.filter((command) => allowsCommand(snapshot, command));
