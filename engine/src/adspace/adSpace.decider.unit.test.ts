import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { ActivateAdSpace, UploadCreative } from './adSpace.commands.ts';
import { adSpaceDecider } from './adSpace.decider.ts';
import type { AdSpaceActivated, AdSpaceEvent, CreativeUploaded } from './adSpace.events.ts';
import { ADSPACE_MESSAGES } from './adspace.messages.ts';
import { cycleEnd } from './adSpace.rules.ts';
import { LIMITS } from '../shared/limits.ts';
import { ASHA, at, CHITRA, metadata, SLOT_DATE, SLOT_START, T0 } from './adspace.fixtures.ts';

const given = DeciderSpecification.for(adSpaceDecider);

const activate = (data: Partial<ActivateAdSpace['data']> = {}, now = T0): ActivateAdSpace => ({
  type: 'ActivateAdSpace',
  data: {
    spaceId: 'p-1',
    userId: CHITRA,
    spaceType: 'inStream',
    cycle: 'monthly',
    source: { kind: 'purchase', purchaseId: 'p-1' },
    ...data,
  },
  metadata: metadata(now),
});

const activated = (data: Partial<AdSpaceActivated['data']> = {}): AdSpaceActivated => ({
  type: 'AdSpaceActivated',
  data: {
    spaceId: 'p-1',
    userId: CHITRA,
    spaceType: 'inStream',
    cycle: 'monthly',
    source: { kind: 'purchase', purchaseId: 'p-1' },
    startsAt: T0,
    endsAt: '2026-06-01T04:30:00.000Z',
    company: '',
    activatedAt: T0,
    ...data,
  },
});

const upload = (data: Partial<UploadCreative['data']> = {}, now = at(10)): UploadCreative => ({
  type: 'UploadCreative',
  data: {
    spaceId: 'p-1',
    userId: CHITRA,
    galleryType: 'photos',
    name: 'banner.jpg',
    thumbnail: 'banner-t.jpg',
    company: 'Chitra Textiles',
    link: '',
    ...data,
  },
  metadata: metadata(now, data.userId ?? CHITRA),
});

const uploaded = (data: Partial<CreativeUploaded['data']> = {}): AdSpaceEvent => ({
  type: 'CreativeUploaded',
  data: {
    spaceId: 'p-1',
    userId: CHITRA,
    galleryType: 'photos',
    name: 'banner.jpg',
    thumbnail: 'banner-t.jpg',
    company: 'Chitra Textiles',
    link: '',
    uploadedAt: at(10),
    ...data,
  },
});

describe('activating a bought space', () => {
  it('starts it now for the length of its cycle', () => {
    given([]).when(activate()).then(activated());
  });

  it('activates once: the purchase delivered again changes nothing', () => {
    given(activated())
      .when(activate({}, at(60)))
      .thenNothingHappened();
  });

  it('starts a won slot at 00:00 India time of its date, for that one day', () => {
    given([])
      .when(
        activate(
          {
            spaceId: `slot-sidePanels-${SLOT_DATE}`,
            userId: ASHA,
            spaceType: 'sidePanels',
            cycle: 'daily',
            source: { kind: 'slot', slotdate: SLOT_DATE, bidId: 'b-1' },
            startsAt: SLOT_START,
            company: 'Asha Sweets',
          },
          at(1, SLOT_START),
        ),
      )
      .thenState((state) => {
        expect(state.space).toMatchObject({
          startsAt: SLOT_START,
          endsAt: '2026-05-10T18:30:00.000Z',
          company: 'Asha Sweets',
        });
      });
  });
});

describe('the length of a cycle', () => {
  it.each([
    ['yearly', '2027-05-01T04:30:00.000Z'],
    ['halfyearly', '2026-11-01T04:30:00.000Z'],
    ['quarterly', '2026-08-01T04:30:00.000Z'],
    ['monthly', '2026-06-01T04:30:00.000Z'],
    // A day ends at midnight in India.
    ['daily', '2026-05-01T18:30:00.000Z'],
  ] as const)('%s from 10:00 IST on 1 May 2026 ends at %s', (cycle, end) => {
    expect(cycleEnd(T0, cycle)).toBe(end);
  });

  it('ends a month from 31 January on the last day of February', () => {
    expect(cycleEnd('2026-01-31T06:30:00.000Z', 'monthly')).toBe('2026-02-28T06:30:00.000Z');
  });
});

describe('the creative', () => {
  it('is uploaded by the owner and shown from then on', () => {
    given(activated()).when(upload()).then(uploaded());
  });

  it('replaces the one before, keeping its company when none is given', () => {
    given([activated(), uploaded()])
      .when(upload({ galleryType: 'videos', name: 'clip.mp4', thumbnail: 'clip.jpg', company: '' }))
      .then(uploaded({ galleryType: 'videos', name: 'clip.mp4', thumbnail: 'clip.jpg' }));
  });

  it("links to the advertiser's page when given one, an http or https address", () => {
    const link = 'https://chitra-textiles.example/sale?utm_source=boli';
    given(activated())
      .when(upload({ link: `  ${link} ` }))
      .then(uploaded({ link }));
    // The next upload says where it links, or that it links nowhere.
    given([activated(), uploaded({ link })])
      .when(upload({ name: 'new.jpg' }))
      .then(uploaded({ name: 'new.jpg' }));
  });

  it('refuses a link that is not a web address, or is too long', () => {
    for (const link of ['chitra.example', 'javascript:alert(1)', 'ftp://chitra.example/x']) {
      given(activated())
        .when(upload({ link }))
        .thenThrows('CREATIVE_LINK_INVALID', { message: ADSPACE_MESSAGES.creativeLinkInvalid });
    }
    const long = `https://chitra.example/${'a'.repeat(LIMITS.creativeLinkChars)}`;
    given(activated())
      .when(upload({ link: long }))
      .thenThrows('CREATIVE_LINK_INVALID', { message: ADSPACE_MESSAGES.creativeLinkTooLong });
  });

  it("refuses anyone but the space's owner", () => {
    given(activated())
      .when(upload({ userId: ASHA }))
      .thenThrows('NOT_SPACE_OWNER', { message: ADSPACE_MESSAGES.notSpaceOwner });
  });

  it('refuses a space that was never activated', () => {
    given([]).when(upload()).thenThrows('SPACE_NOT_FOUND');
  });

  it('refuses a space whose cycle has ended', () => {
    given(activated())
      .when(upload({}, '2026-06-01T04:30:00.000Z'))
      .thenThrows('SPACE_ENDED', { message: ADSPACE_MESSAGES.spaceEnded });
  });
});
