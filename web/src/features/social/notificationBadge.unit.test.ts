import { describe, expect, it } from 'vitest';
import type { MobileRequestStatus } from '@boli/engine/social/mobileRequest.machine';
import type { Notification } from './api/socialApi.ts';
import {
  answeredText,
  answersFor,
  arrivalNews,
  badgeCount,
  foldRepeats,
  laterSeen,
  mayBeMoreNew,
  notificationsInOrder,
  seenMarkOf,
  shownNotes,
  timesText,
  withOlder,
} from './notificationBadge.ts';

const note = (fields: Partial<Notification>): Notification => ({
  _id: 'n',
  kind: 'reviewReceived',
  message: '',
  requestId: null,
  requestStatus: null,
  canAnswer: false,
  adId: null,
  actorId: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});

const request = (requestStatus: MobileRequestStatus, createdAt = '2026-03-01T09:00:00.000Z') =>
  note({ kind: 'mobileRequest', requestId: 'r', requestStatus, canAnswer: true, createdAt });

describe('the bell’s count', () => {
  it('counts everything before the menu was ever opened', () => {
    expect(badgeCount([note({}), note({})], null)).toBe(2);
  });

  it('counts what arrived since the menu was opened, and requests still waiting', () => {
    const list = [
      note({ createdAt: '2026-03-01T11:00:00.000Z' }),
      note({ createdAt: '2026-03-01T09:30:00.000Z' }),
      request('pending'),
      request('approved'),
    ];
    expect(badgeCount(list, '2026-03-01T10:00:00.000Z')).toBe(2);
  });

  it('counts nothing shown again once the menu is opened, even dated after this browser’s now', () => {
    const ahead = note({ createdAt: '2026-03-01T10:05:00.000Z' });
    const list = [ahead, note({ createdAt: '2026-03-01T09:00:00.000Z' })];
    expect(seenMarkOf(list)).toBe(ahead.createdAt);
    expect(badgeCount(list, seenMarkOf(list))).toBe(0);
    // Nothing shown, nothing marked: the mark stays where it was.
    expect(seenMarkOf([])).toBeNull();
  });

  it('still counts a note recorded before the menu was opened that reached the list after', () => {
    const shown = [note({ createdAt: '2026-03-01T10:00:00.000Z' })];
    const mark = seenMarkOf(shown);
    // Recorded at 10:00:30, the bell opened at 10:01, the note listed at 10:02 (projection lag).
    const late = note({ _id: 'late', createdAt: '2026-03-01T10:00:30.000Z' });
    expect(badgeCount([late, ...shown], mark)).toBe(1);
  });
});

describe('the bell’s list', () => {
  it('puts the requests waiting for an answer first, the rest as they came', () => {
    const newest = note({ _id: 'newest' });
    const waiting = { ...request('pending'), _id: 'waiting' };
    const answered = { ...request('approved'), _id: 'answered' };
    const list = [newest, answered, waiting];
    expect(notificationsInOrder(list).map((n) => n._id)).toEqual(['waiting', 'newest', 'answered']);
  });
});

describe('the buttons of a notification', () => {
  it('are Approve and Reject for any request not yet approved, Revoke once approved', () => {
    expect(answersFor(request('pending'))).toEqual(['approved', 'rejected']);
    expect(answersFor(request('rejected'))).toEqual(['approved', 'rejected']);
    expect(answersFor(request('revoked'))).toEqual(['approved', 'rejected']);
    expect(answersFor(request('approved'))).toEqual(['revoked']);
  });

  it('are none for the requester, or for anything but a request', () => {
    expect(answersFor({ ...request('pending'), canAnswer: false })).toEqual([]);
    expect(answersFor(note({}))).toEqual([]);
  });
});

describe('where an answered request stands', () => {
  const request = (requestStatus: MobileRequestStatus): Notification => ({
    ...note({ kind: 'mobileRequest', requestId: 'r', canAnswer: true }),
    requestStatus,
  });

  it('is said once answered, so a Reject is told apart from no answer yet', () => {
    expect(answeredText(request('pending'))).toBeNull();
    expect(answeredText(request('rejected'))).toBe('You rejected this request.');
    expect(answeredText(request('revoked'))).toBe('You took back your approval.');
    expect(answeredText(request('approved'))).toBe('You approved: they can see your number.');
  });

  it('is not said to the requester, nor of anything but a request', () => {
    expect(answeredText({ ...request('rejected'), canAnswer: false })).toBeNull();
    expect(answeredText(note({}))).toBeNull();
  });
});

describe('the mark the count goes from, this browser’s or the account’s', () => {
  it('is the later of the two, either missing', () => {
    const early = '2026-05-10T09:00:00.000Z';
    const late = '2026-05-10T10:00:00.000Z';
    expect(laterSeen(early, late)).toBe(late);
    expect(laterSeen(late, early)).toBe(late);
    expect(laterSeen(null, early)).toBe(early);
    expect(laterSeen(early, null)).toBe(early);
    expect(laterSeen(null, null)).toBeNull();
  });
});

describe('outbids on one ad', () => {
  const outbid = (_id: string, adId: string) => note({ _id, kind: 'outbid', adId });

  it('are one line, the newest, saying how many times', () => {
    const listed = foldRepeats([
      outbid('o3', 'ad-1'),
      note({ _id: 'r1' }),
      outbid('o2', 'ad-1'),
      outbid('x1', 'ad-2'),
      outbid('o1', 'ad-1'),
    ]);
    expect(listed.map((each) => [each._id, each.times])).toEqual([
      ['o3', 3],
      ['r1', 1],
      ['x1', 1],
    ]);
    expect(timesText(listed[0]!)).toBe('Outbid 3 times on this ad');
    expect(timesText(listed[2]!)).toBeNull();
    // …and count once on the bell.
    expect(badgeCount(listed, null)).toBe(3);
  });

  it('and one member’s reviews are one line too, saying how many', () => {
    const review = (_id: string, actorId: string) => note({ _id, kind: 'reviewReceived', actorId });
    const listed = foldRepeats([review('v3', 'u-1'), review('w1', 'u-2'), review('v2', 'u-1')]);
    expect(listed.map((each) => [each._id, each.times])).toEqual([
      ['v3', 2],
      ['w1', 1],
    ]);
    expect(timesText(listed[0]!)).toBe('2 reviews');
  });

  it('and the edits of one ad are one line, the newest, saying how many', () => {
    const edit = (_id: string, adId: string) => note({ _id, kind: 'adEdited', adId });
    const listed = foldRepeats([edit('e3', 'ad-1'), edit('f1', 'ad-2'), edit('e2', 'ad-1')]);
    expect(listed.map((each) => [each._id, each.times])).toEqual([
      ['e3', 2],
      ['f1', 1],
    ]);
    expect(timesText(listed[0]!)).toBe('Edited 2 times');
    expect(timesText(listed[1]!)).toBeNull();
  });

  it('naming what any of the edits changed, not only the newest', () => {
    const edit = (_id: string, editedDetails: string[]) =>
      note({ _id, kind: 'adEdited', adId: 'ad-1', editedDetails });
    const [listed] = foldRepeats([
      edit('e3', ['price']),
      edit('e2', ['description', 'address']),
      edit('e1', ['price', 'description']),
    ]);
    expect(timesText(listed!)).toBe('Edited 3 times: price, description and address changed');
  });

  it('leaves every other note as it is', () => {
    const notes = [
      note({ _id: 'a', adId: 'ad-1', kind: 'finalCallMade' }),
      note({ _id: 'b', adId: 'ad-1', kind: 'finalCallMade' }),
    ];
    expect(foldRepeats(notes).map((each) => each._id)).toEqual(['a', 'b']);
  });
});

describe('older pages', () => {
  const page = [
    note({ _id: 'a', createdAt: '2026-03-01T10:00:00.000Z' }),
    note({ _id: 'b', createdAt: '2026-03-01T09:00:00.000Z' }),
  ];

  it('say the count may be more only when older notes exist and the oldest shown is new', () => {
    expect(mayBeMoreNew({ notifications: page, next: 'b' }, '2026-03-01T08:00:00.000Z')).toBe(true);
    expect(mayBeMoreNew({ notifications: page, next: 'b' }, null)).toBe(true);
    expect(mayBeMoreNew({ notifications: page, next: 'b' }, '2026-03-01T09:30:00.000Z')).toBe(
      false,
    );
    expect(mayBeMoreNew({ notifications: page, next: null }, null)).toBe(false);
  });

  it('follow the newest page, each note once', () => {
    const older = [note({ _id: 'b' }), note({ _id: 'c' })];
    expect(withOlder(page, older).map((n) => n._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('what a screen reader is told of notes that arrive', () => {
  const first = note({ _id: 'a', message: 'Asha reviewed you.' });
  const second = note({ _id: 'b', message: 'You were outbid on Brass lamp.' });
  const third = note({ _id: 'c', message: 'Final call on Teak chair.' });

  it('says nothing of the list as first read', () => {
    expect(arrivalNews(null, [first])).toBeNull();
  });

  it('says nothing when the list read again holds nothing new', () => {
    expect(arrivalNews([first], [first])).toBeNull();
    expect(arrivalNews([second, first], [second])).toBeNull();
  });

  it('says a new note in its words', () => {
    expect(arrivalNews([first], [second, first])).toBe(
      'New notification: You were outbid on Brass lamp.',
    );
  });

  it('says how many came, and the newest, when several did', () => {
    expect(arrivalNews([first], [third, second, first])).toBe(
      '2 new notifications. The newest: Final call on Teak chair.',
    );
  });
});

describe('the notes the menu shows', () => {
  const newer = note({ _id: 'new', createdAt: '2026-03-02T10:00:00.000Z' });
  const asked = (requestStatus: MobileRequestStatus, createdAt = '2026-03-01T08:00:00.000Z') => ({
    ...request(requestStatus, createdAt),
    _id: `asked-${createdAt}`,
  });

  it('shows a request answered here as answered over the older page read before the answer', () => {
    const answered = new Map([[asked('approved')._id, asked('approved')]]);
    expect(shownNotes([newer], [asked('pending')], answered)).toEqual([newer, asked('approved')]);
  });

  it('keeps a request answered here that no page read holds any more, oldest last', () => {
    const early = asked('rejected', '2026-02-01T08:00:00.000Z');
    const answered = new Map([
      [early._id, early],
      [asked('approved')._id, asked('approved')],
    ]);
    expect(shownNotes([newer], [], answered)).toEqual([newer, asked('approved'), early]);
  });

  it('takes the newest page’s own copy, read after the answer, over the one kept here', () => {
    const answered = new Map([[asked('approved')._id, asked('approved')]]);
    expect(shownNotes([newer, asked('revoked')], [], answered)).toEqual([newer, asked('revoked')]);
  });
});
