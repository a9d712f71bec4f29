import { uuidV5 } from '@boli/engine/commandHandling/eventIds';
import type { EditableProfile, Gender, Role } from '@boli/engine/accounts/account.events';
import { seededRandom } from './random.ts';
import type { DemoReference, Place } from './reference.ts';

/*
 * The demo members: verified (email and mobile), with a full address (so they may post) and the
 * free trial (so they may bid and sell); and one whose trial is over, to show what a member without
 * one meets. They share one password, printed by the seed.
 */

/** Namespace of every demo id: the same member, ad or bid gets the same id on every run. */
export const DEMO_NAMESPACE = '6f1c2b9e-4d7a-5e3f-8a10-2c4b6d8e0f13';
export const demoId = (name: string): string => uuidV5(name, DEMO_NAMESPACE);

export const DEMO_PASSWORD = 'BoliDemo#2026';

/**
 * Demo members who are staff too, so that the screens of the other two kinds of users can be
 * tried at once: support replays an ad's bid history to settle a dispute, the auditor checks
 * payments and their tax. Granted as `npm run ops -- grant-role` grants any role.
 */
export const DEMO_STAFF: Readonly<Record<string, Role>> = {
  shalini_menon: 'support',
  harish_gowda: 'auditor',
};

export const DEMO_EMAIL_DOMAIN = 'demo.boli.example';

export type DemoMember = {
  userId: string;
  username: string;
  email: string;
  phone: string;
  firstname: string;
  lastname: string;
  bidAlias: string;
  gender: Gender;
  /** YYYY-MM-DD */
  dob: string;
  profile: EditableProfile;
};

// firstname, lastname, gender, bid alias (no three letters in a row from the username).
const PEOPLE: readonly [string, string, Gender, string][] = [
  ['Priya', 'Iyer', 'Female', 'bluekite'],
  ['Rahul', 'Verma', 'Male', 'monsoon7'],
  ['Ananya', 'Banerjee', 'Female', 'tigerlily'],
  ['Arjun', 'Reddy', 'Male', 'desertfox'],
  ['Meena', 'Pillai', 'Female', 'sunbird'],
  ['Vikram', 'Singh', 'Male', 'redfort'],
  ['Kavya', 'Nair', 'Female', 'jasmine8'],
  ['Suresh', 'Patel', 'Male', 'cobalt'],
  ['Lakshmi', 'Rao', 'Female', 'peacock'],
  ['Imran', 'Khan', 'Male', 'nightowl'],
  ['Sneha', 'Kulkarni', 'Female', 'mangobite'],
  ['Gurpreet', 'Gill', 'Male', 'tealcup'],
  ['Fatima', 'Sheikh', 'Female', 'lotus22'],
  ['Deepak', 'Joshi', 'Male', 'silverfin'],
  ['Anjali', 'Mehta', 'Female', 'rainbow'],
  ['Joseph', 'Thomas', 'Male', 'quickfox'],
  ['Ritu', 'Agarwal', 'Female', 'kitefly'],
  ['Manoj', 'Das', 'Male', 'ganga9'],
  ['Shalini', 'Menon', 'Female', 'neemtree'],
  ['Harish', 'Gowda', 'Male', 'chaiwala'],
];

/** Street names common in Indian towns, for members' and ads' addresses. */
export const STREETS = [
  'MG Road',
  'Station Road',
  'Gandhi Nagar',
  '2nd Cross',
  'Nehru Street',
  'Temple Road',
  'Park Avenue',
  'Lake View Road',
  'Market Road',
  'Church Street',
];

/** At most 15 characters, as the profile form allows. */
const fits = (text: string): boolean => Array.from(text).length <= 15;

function homePlaces(reference: DemoReference): Place[] {
  // One member per district, in the bigger cities first (those with neighbourhood lists).
  const seen = new Set<string>();
  const unique = (place: Place): boolean => {
    const key = `${place.state}|${place.district}`;
    if (seen.has(key) || !fits(place.district)) return false;
    seen.add(key);
    return true;
  };
  const random = seededRandom(7);
  const cities = reference.places.filter((p) => p.neighbourhoods.length > 0).filter(unique);
  const towns = reference.places.filter(unique);
  return [...cities, ...towns.filter(() => random.chance(0.02))];
}

type Person = (typeof PEOPLE)[number];

export function demoMembers(reference: DemoReference): DemoMember[] {
  const random = seededRandom(2026);
  const places = homePlaces(reference);
  return PEOPLE.map((person, index) => memberOf(person, index, places, random));
}

/**
 * One more member, verified and with an address, whose free trial ran out before the demo began:
 * they may look around but must subscribe or pay the bid processing fee to bid. Not among the
 * catalogue's posters and bidders.
 */
const TRIAL_ENDED: Person = ['Nikhil', 'Sharma', 'Male', 'quietpine'];

export function demoMemberWhoseTrialEnded(reference: DemoReference): DemoMember {
  return memberOf(TRIAL_ENDED, PEOPLE.length, homePlaces(reference), seededRandom(2027));
}

function memberOf(
  [firstname, lastname, gender, bidAlias]: Person,
  index: number,
  places: readonly Place[],
  random: ReturnType<typeof seededRandom>,
): DemoMember {
  const username = `${firstname}_${lastname}`.toLowerCase().slice(0, 15);
  const place = places[index % places.length]!;
  const neighbourHood =
    place.neighbourhoods.length > 0 ? random.pick(place.neighbourhoods) : place.locality;
  const year = 1970 + random.int(0, 30);
  return {
    userId: demoId(`member/${username}`),
    username,
    email: `${username.replace('_', '.')}@${DEMO_EMAIL_DOMAIN}`,
    phone: `98${String(70_000_000 + index * 137).padStart(8, '0')}`,
    firstname,
    lastname,
    bidAlias,
    gender,
    dob: `${year}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
    profile: {
      bnr: '',
      firstname,
      lastname,
      bidAlias,
      houseno: `${random.int(1, 220)}${random.chance(0.3) ? '/B' : ''}`,
      street: random.pick(STREETS),
      city: place.district,
      neighbourHood,
      district: place.district,
      state: place.state,
      country: 'India',
      pincode: place.pincode,
      education: random.pick(['Graduate', 'Post Graduate', 'Diploma', '12th']),
    },
  };
}
