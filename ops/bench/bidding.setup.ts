import { randomUUID } from 'node:crypto';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { memberRegistered } from '@boli/engine/accounts/account.fixtures';
import { START, type EventStore, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import type { Infrastructure } from '@boli/api/infrastructure';
import { sessionService } from '@boli/api/http/auth';
import { allProjections, waitForProjections } from '@boli/projections';
import { postAd } from '../src/jobs/finalCallExpiry.fixtures.ts';

/*
 * The bidding bench's marketplace, written straight to the event log (no HTTP sign-ups): members
 * who finished sign-up and are in their free trial, each with a live session, and ads to bid on.
 */

export type BenchMember = {
  readonly userId: string;
  readonly username: string;
  readonly bidAlias: string;
  readonly token: string;
};

/** The latest position the read models must pass: seeded, or read up to by `readModelsIdle`. */
let lastAppended: GlobalPosition = START;
const appendedAt = (position: GlobalPosition): void => {
  const later =
    position.commit > lastAppended.commit ||
    (position.commit === lastAppended.commit && position.prepare > lastAppended.prepare);
  if (later) lastAppended = position;
};

const DAY_MS = 24 * 3_600_000;

async function inBatches<T>(items: T[], size: number, each: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    await Promise.all(items.slice(i, i + size).map(each));
  }
}

/**
 * A bid alias sharing no three characters in a row with any bench username (which holds only
 * b, m, hex digits): the number spelt in the letters p to y.
 */
const aliasFor = (n: number): string =>
  `zq-${[...String(n)].map((digit) => String.fromCharCode(112 + Number(digit))).join('')}`;

/** `count` verified members in their trial, signed in. */
export async function seedMembers(
  infra: Infrastructure,
  prefix: string,
  count: number,
): Promise<BenchMember[]> {
  const now = new Date();
  const at = now.toISOString();
  const members = Array.from({ length: count }, (_, i) => ({
    userId: randomUUID(),
    username: `${prefix}${String(i).padStart(5, '0')}`,
    bidAlias: aliasFor(i),
  }));
  await inBatches(members, 16, async ({ userId, username, bidAlias }) => {
    const phone = `9${String(100_000_000 + Math.floor(Math.random() * 800_000_000))}`;
    const events: AccountEvent[] = [
      memberRegistered(userId, username, at, {
        email: `${username}@bench.example`,
        phone,
        firstname: 'Bench',
        lastname: 'Member',
        bidAlias,
      }),
      { type: 'EmailVerified', data: { userId, verifiedAt: at } },
      { type: 'MobileVerified', data: { userId, phone, verifiedAt: at } },
      {
        type: 'TrialStarted',
        data: { userId, startsAt: at, endsAt: new Date(now.getTime() + 7 * DAY_MS).toISOString() },
      },
    ];
    const appended = await infra.store.append(
      accountStream(userId),
      events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: at } })),
      'no-stream',
    );
    appendedAt(appended.lastPosition);
  });
  const sessions = sessionService(infra);
  const signedIn: BenchMember[] = [];
  for (const member of members) {
    const { token } = await sessions.issue(member.userId, ['member'], now);
    signedIn.push({ ...member, token });
  }
  return signedIn;
}

/** `count` ads (ids `<prefix>-<n>`), spread over the owners. */
export async function seedAds(
  store: EventStore,
  prefix: string,
  count: number,
  owners: readonly BenchMember[],
): Promise<string[]> {
  const adIds = Array.from({ length: count }, (_, i) => `${prefix}-${i}`);
  await inBatches(adIds, 8, async (adId) => {
    const owner = owners[Math.floor(Math.random() * owners.length)]!;
    appendedAt((await postAd(store, adId, owner)).position);
  });
  return adIds;
}

/** Waits until every read model has processed everything the seeding appended. */
export async function readModelsCaughtUp(
  infra: Infrastructure,
  names: readonly string[] = allProjections.map((projection) => projection.name),
): Promise<void> {
  const ok = await waitForProjections(infra.db, names, lastAppended, 120_000);
  if (!ok) throw new Error('the read models did not catch up with the seeded marketplace');
}

/**
 * Waits until every read model has processed the whole log as it stands: a saturating load leaves
 * the slower read models (notifications, say) a backlog, and a latency run started before they
 * finish measures their catching up, not the steady state it is meant to.
 */
export async function readModelsIdle(infra: Infrastructure): Promise<void> {
  let head = lastAppended;
  for (let more = await infra.store.readAll(head, 1_000); more.length > 0;) {
    head = more.at(-1)!.position;
    more = await infra.store.readAll(head, 1_000);
  }
  // The next call reads on from here, not the whole log of bids again (and, in this process, the
  // api's: parsing it just before a latency run left that run the garbage to collect).
  appendedAt(head);
  const names = allProjections.map((projection) => projection.name);
  if (!(await waitForProjections(infra.db, names, head, 120_000)))
    throw new Error('the read models did not catch up with the log');
}
