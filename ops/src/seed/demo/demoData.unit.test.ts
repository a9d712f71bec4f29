import { describe, expect, it } from 'vitest';
import { accountDecider, type AccountState } from '@boli/engine/accounts/account.decider';
import type { AccountEvent } from '@boli/engine/accounts/account.events';
import { status as accountStatus } from '@boli/engine/accounts/account.state';
import { adDecider } from '@boli/engine/ads/ad.decider';
import type { AdEvent } from '@boli/engine/ads/ad.events';
import { hasVehicleFields } from '@boli/engine/ads/ad.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { canonicalJson } from '@boli/engine/eventStore/hashChain';
import { validateBidAlias } from '@boli/engine/accounts/account.rules';
import { fillProfile, nextMemberCommand } from './accounts.ts';
import { adForm, subcategoriesOf } from './ads.ts';
import { auctionCommands, demoCatalogue, demoVerifiedAt } from './catalogue.ts';
import { ITEMS } from './items.ts';
import { demoMembers } from './members.ts';
import { seededRandom } from './random.ts';
import { syntheticAdId, syntheticAdStream, syntheticPostAd } from './synthetic.ts';
import { demoReference, localityOf } from './reference.ts';

const NOW = '2026-11-20T09:30:00.000Z';
const reference = demoReference();
const members = demoMembers(reference);
const catalogue = demoCatalogue(reference, members, NOW);

const fold = <S, E>(evolve: (s: S, e: E) => S, initial: S, events: readonly E[]): S =>
  events.reduce(evolve, initial);

describe('the demo members', () => {
  it('each become an active member with a free trial and a full address, step by step', () => {
    const verifiedAt = demoVerifiedAt(NOW);
    for (const member of members) {
      const events: AccountEvent[] = [];
      let state: AccountState = accountDecider.initialState();
      for (let step = 0; step < 6; step++) {
        const command = nextMemberCommand(member, state, events.length - 1, verifiedAt, 'hash');
        if (command === undefined) break;
        const decided = accountDecider.decide(command, state);
        events.push(...decided);
        state = fold(accountDecider.evolve, state, decided);
      }
      events.push(...accountDecider.decide(fillProfile(member, verifiedAt), state));
      expect(
        accountStatus(fold(accountDecider.evolve, accountDecider.initialState(), events)),
      ).toBe('active');
      expect(events.map((e) => e.type)).toEqual([
        'AccountRegistered',
        'EmailVerified',
        'OtpIssued',
        'MobileVerified',
        'TrialStarted',
        'ProfileEdited',
      ]);
    }
  });

  it('have distinct usernames, emails and phones, and aliases the bid form accepts', () => {
    for (const key of ['username', 'email', 'phone', 'userId'] as const) {
      expect(new Set(members.map((m) => m[key])).size).toBe(members.length);
    }
    for (const member of members)
      expect(validateBidAlias(member.bidAlias, member.username)).toEqual([]);
  });
});

describe('the demo catalogue', () => {
  it('is the same for the same clock', () => {
    const again = demoCatalogue(reference, demoMembers(reference), NOW);
    expect(again.ads.map((ad) => ad.command)).toEqual(catalogue.ads.map((ad) => ad.command));
    expect(again.bids.map((bid) => bid.command)).toEqual(catalogue.bids.map((bid) => bid.command));
  });

  it('covers every subcategory of the reference data, in many states and districts', () => {
    const seen = new Set(
      catalogue.ads.map(({ command: { data } }) => `${data.categoryname}|${data.subcategory}`),
    );
    for (const [category, subcategory] of subcategoriesOf(reference)) {
      expect(seen, `${category} / ${subcategory}`).toContain(`${category}|${subcategory}`);
    }
    expect(catalogue.ads).toHaveLength(300);
    expect(new Set(catalogue.ads.map((ad) => ad.command.data.state)).size).toBeGreaterThan(20);
    expect(new Set(catalogue.ads.map((ad) => ad.command.data.district)).size).toBeGreaterThan(100);
  });

  it('has an item list for exactly the reference subcategories', () => {
    const listed = Object.entries(ITEMS).flatMap(([c, subs]) =>
      Object.keys(subs).map((s) => `${c}|${s}`),
    );
    expect(listed.sort()).toEqual(
      subcategoriesOf(reference)
        .map(([c, s]) => `${c}|${s}`)
        .sort(),
    );
  });

  it('posts ads the ads decider accepts as they are, with 1 to 3 photos', () => {
    for (const ad of catalogue.ads) {
      const events = adDecider.decide(ad.command, adDecider.initialState());
      const posted = events.find((e) => e.type === 'AdPosted');
      expect(posted, ad.command.data.itemName).toBeDefined();
      if (posted?.type !== 'AdPosted') continue;
      // Nothing the form held was dropped or changed by the rules.
      const { media: _media, adId: _adId, ...form } = ad.command.data;
      expect(posted.data).toMatchObject(form);
      expect(ad.pictures.length).toBeGreaterThanOrEqual(1);
      expect(ad.pictures.length).toBeLessThanOrEqual(3);
      expect(Array.from(posted.data.description).length).toBeLessThan(
        LIMITS.descriptionMaxExclusive,
      );
      expect(posted.data.price).toBeGreaterThan(0);
    }
  });

  it('gives vehicles a real make and model, a year and kilometres', () => {
    const vehicles = catalogue.ads.filter(({ command: { data } }) => hasVehicleFields(data));
    expect(vehicles.length).toBeGreaterThan(30);
    const cars = reference.makes.Cars;
    for (const { command } of vehicles) {
      const { make, model, yearOfManufacture, mileage, subcategory, categoryname } = command.data;
      expect(make && model && yearOfManufacture && mileage !== null).toBeTruthy();
      if (categoryname === 'Automobiles' && subcategory === 'Cars') {
        expect(cars[make!]).toContain(model);
      }
    }
  });

  it('takes every auction, bids and ending in order, through the ads decider', () => {
    expect(catalogue.bids.length).toBeGreaterThan(20);
    const endings = new Map(catalogue.endings.map((ending) => [ending.adId, ending]));
    for (const ad of catalogue.ads) {
      let state = fold(
        adDecider.evolve,
        adDecider.initialState(),
        adDecider.decide(ad.command, adDecider.initialState()),
      );
      const bids = catalogue.bids.filter((bid) => bid.adId === ad.adId);
      for (const command of auctionCommands(bids, endings.get(ad.adId))) {
        const events: AdEvent[] = adDecider.decide(command, state);
        expect(events).toHaveLength(1);
        if (command.type === 'PlaceBid') expect(command.data.userId).not.toBe(state.postedBy);
        state = fold(adDecider.evolve, state, events);
      }
    }
  });

  it('ends some auctions each way: closed early, a final call running, one passed', () => {
    const at = (iso: string) => Date.parse(iso);
    const closed = catalogue.endings.filter((e) => e.kind === 'closedEarly');
    const finalCalls = catalogue.endings.filter((e) => e.kind === 'finalCall');
    const running = finalCalls.filter((e) => at(e.deadline) > at(NOW));
    const passed = finalCalls.filter((e) => at(e.deadline) <= at(NOW));
    expect(closed.length).toBeGreaterThan(0);
    expect(running.length).toBeGreaterThan(0);
    expect(passed.length).toBeGreaterThan(0);
    // Some running final calls have bids after them, which is what the second tab shows.
    const bidsOn = (adId: string) => catalogue.bids.filter((bid) => bid.adId === adId).length;
    expect(running.some((e) => e.bidsBefore < bidsOn(e.adId))).toBe(true);
    for (const ending of catalogue.endings) expect(at(ending.at)).toBeLessThan(at(NOW));
  });
});

/** `count` ads drawn from `seed` in one subcategory, each at a random place. */
function drawForms(seed: number, count: number, category: string, subcategory: string) {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    adForm(random, reference, {
      category,
      subcategory,
      place: random.pick(reference.places),
      now: NOW,
    }),
  );
}

describe('one ad form', () => {
  it('is accepted by the decider for every subcategory and many random draws', () => {
    const random = seededRandom(99);
    for (let i = 0; i < 2_000; i++) {
      const [category, subcategory] = random.pick(subcategoriesOf(reference));
      const form = adForm(random, reference, {
        category,
        subcategory,
        place: random.pick(reference.places),
        now: NOW,
      });
      const events = adDecider.decide(
        {
          type: 'PostAd',
          data: {
            ...form,
            phone: '',
            displayPhone: false,
            adId: `a${i}`,
            uid: `x-${i}`,
            postedBy: 'u',
            postedByUsername: 'user',
            media: [{ galleryType: 'photos', name: 'p.jpg', thumbnail: 't.jpg' }],
          },
          metadata: { eventId: `e${i}`, now: NOW },
        },
        adDecider.initialState(),
      );
      expect(events[0]?.type).toBe('AdPosted');
    }
  });

  it('lists a spare part with a real vehicle it fits, not its own name split in two', () => {
    const cars = reference.makes.Cars;
    const bikes = reference.makes.Bikes;
    for (const form of drawForms(7, 200, 'Automobiles', 'Spare Parts')) {
      expect(ITEMS.Automobiles!['Spare Parts']!.items).toContain(form.itemName);
      const fitted = /helmet/i.test(form.itemName!) ? bikes : cars;
      expect(fitted[form.make!]).toContain(form.model);
      expect(form.description).toContain(`fits ${form.make} ${form.model}`);
      if (form.newOrused === 'New') expect(form.mileage).toBe(0);
    }
  });

  it('gives an ad a street of its own, not its locality again', () => {
    for (const form of drawForms(11, 50, 'Electronics & Appliances', 'TVs, Video - Audio')) {
      expect(form.street).not.toBe(form.neighbourHood);
      expect(form.street).not.toBe(form.city);
    }
  });
});

describe('the synthetic ads of seed-scale', () => {
  it('are the events PostAd decides, with the canonical JSON the hash chain uses', () => {
    const now = Date.parse(NOW);
    for (let index = 0; index < 3_000; index += 7) {
      const command = syntheticPostAd(reference, index, 3_000, now);
      const stream = syntheticAdStream(command);
      const decided = adDecider.decide(command, adDecider.initialState());
      expect(stream.streamId).toBe(`ad-${syntheticAdId(index)}`);
      expect(stream.events.map(({ type, data }) => ({ type, data }))).toEqual(decided);
      for (const event of stream.events) {
        expect(event.canonicalData).toBe(canonicalJson(event.data));
        expect(event.canonicalMetadata).toBe(canonicalJson(event.metadata));
      }
      expect(new Set(stream.events.map((e) => e.metadata.eventId)).size).toBe(3);
    }
  });

  it('are the same on every run and spread over many categories and places', () => {
    const now = Date.parse(NOW);
    const ads = Array.from({ length: 2_000 }, (_, i) => syntheticPostAd(reference, i, 2_000, now));
    expect(syntheticPostAd(reference, 42, 2_000, now)).toEqual(ads[42]);
    expect(new Set(ads.map((ad) => ad.data.subcategory)).size).toBeGreaterThan(100);
    expect(new Set(ads.map((ad) => ad.data.district)).size).toBeGreaterThan(300);
    expect(new Set(ads.map((ad) => ad.data.make).filter(Boolean)).size).toBeGreaterThan(50);
  });
});

describe('a post office’s locality', () => {
  it('is its name without the office suffix, in the case an ad would write it', () => {
    expect(
      [
        'Faridabad NIT HO',
        'JHANSI HO',
        'SIDDHARTH NAGAR H.O',
        'PRAYAGRAJ HPO',
        'Ramnagar S.O (West Tripura)',
        'Diu Bazar ND TSO',
        'Amritsar GPO',
        'Rajgarh(Bia) H.O',
        'Dhand S.O',
        'Kanad B.O',
      ].map(localityOf),
    ).toEqual([
      'Faridabad NIT',
      'Jhansi',
      'Siddharth Nagar',
      'Prayagraj',
      'Ramnagar',
      'Diu Bazar',
      'Amritsar',
      'Rajgarh(Bia)',
      'Dhand',
      'Kanad',
    ]);
  });

  it('leaves no office suffix and no name in capitals among the demo places', () => {
    for (const { locality } of demoReference().places) {
      expect(locality).not.toMatch(/\s(H\.?P\.?O|G\.?P\.?O|T\.?S\.?O|H\.?O|S\.?O|B\.?O)\.?\b/);
      expect(locality === locality.toUpperCase() && /[A-Z]{2}/.test(locality), locality).toBe(
        false,
      );
    }
  });
});
