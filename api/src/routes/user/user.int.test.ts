import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '@boli/engine/accounts/account.events';
import { LIMITS } from '@boli/engine/shared/limits';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { subcommands } from '../../../../ops/src/commands/ops.ts';
import { apiKit, type ApiKit, type TestMember } from '../../../../ops/src/testing/apiKit.ts';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { UPLOAD_MESSAGES } from '../../media/upload.ts';
import { thumbnailOfPicture } from '@boli/engine/shared/pictureNames';

type Json = Record<string, unknown>;

let app: TestApp;
let kit: ApiKit;
let mediaDir: string;
const previousMediaDir = process.env.MEDIA_DIR;

/** A member as signing up leaves one: no address and no trial yet; verified unless told. */
const member = (
  username: string,
  firstname: string,
  { blocked = false, verified = true } = {},
): Promise<TestMember> =>
  kit.member(username, {
    firstname,
    lastname: 'Kulkarni',
    phone: '9876543210',
    address: false,
    entitled: false,
    blocked,
    verified,
  });

const upload = (token: string, bytes: Uint8Array, filename = 'photo.jpg', type = 'image/jpeg') => {
  const form = new FormData();
  form.append('Photo', new Blob([bytes], { type }), filename);
  return kit.api('/api/user/uploadProfilePic', { token, form });
};

const scratchFiles = async () =>
  (await readdir(join(mediaDir, '.uploads')).catch(() => [] as string[])).length;

const fullProfile = {
  bnr: 'Kulkarni Motors',
  username: 'asha_k',
  firstname: 'Asha',
  lastname: 'Kulkarni',
  bidAlias: 'bluekite',
  houseno: '12B',
  street: 'MG Road',
  city: 'Pune',
  neighbourHood: 'Camp',
  district: 'Pune',
  state: 'Maharashtra',
  country: { name: 'India' },
  pincode: '411001',
  dob: '15-08-1995',
  gender: 'Female',
  education: 'B.Com',
  industry: 'Film & Television',
};

let asha: TestMember;
let ravi: TestMember;
let ashwin: TestMember;
let ashley: TestMember;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'boli-media-'));
  process.env.MEDIA_DIR = mediaDir;
  app = await startApp();
  kit = apiKit(app);
  asha = await member('asha_k', 'Asha');
  ravi = await member('ravi_m', 'Ravi');
  ashwin = await member('ashwin_b', 'Ashwin', { blocked: true });
  ashley = await member('ashley_p', 'Ashley', { verified: false });
}, 180_000);

afterAll(async () => {
  await kit?.close();
  await app?.stop();
  if (previousMediaDir === undefined) delete process.env.MEDIA_DIR;
  else process.env.MEDIA_DIR = previousMediaDir;
  await rm(mediaDir, { recursive: true, force: true });
});

describe('the member’s own account', () => {
  it('answers the userDetail of the contract, without the password hash', async () => {
    const { status, body } = await kit.api('/api/user', { token: asha.token });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      _id: asha.userId,
      username: 'asha_k',
      email: 'asha_k@example.in',
      phone: '9876543210',
      phoneCode: '+91',
      dob: '15-08-1995',
      gender: 'Female',
      emailValidated: true,
      mobileValidated: true,
      showEmail: false,
      roles: ['member'],
      userType: 'member',
      hasPaidToBuyShare: false,
    });
    expect(JSON.stringify(body)).not.toContain('not-a-real-hash');
  });

  it('needs a token', async () => {
    expect((await kit.api('/api/user')).status).toBe(401);
  });

  it('lists the pages a member may open, fewer before the phone is checked', async () => {
    const full = (await kit.api('/api/user/getUserAccessPages', { token: asha.token })).body
      .data as string[];
    expect(full).toEqual(expect.arrayContaining(['/', '/myAds', '/postAd', '/profile-me', '/tc']));
    expect(full).not.toContain('/login');
    // Staff pages for the roles that open them only.
    expect(full).not.toContain('/audit');
    expect(full).not.toContain('/support/ads');
    const staff = await kit.member('sita_support', { roles: ['member', 'support'] });
    const staffPages = (await kit.api('/api/user/getUserAccessPages', { token: staff.token })).body
      .data as string[];
    expect(staffPages).toEqual(
      expect.arrayContaining(['/support/ads', '/support/ads/:adId', '/support/messages']),
    );
    expect(staffPages).not.toContain('/audit');
    const pending = (await kit.api('/api/user/getUserAccessPages', { token: ashley.token })).body
      .data as string[];
    expect(pending).toContain('/otp-phone-verify');
    expect(pending).not.toContain('/postAd');
    expect(pending).not.toContain('/');
  });

  it('gives the industries list to anyone', async () => {
    const { body } = await kit.api('/api/auth/industries');
    expect(body.data).toEqual(expect.arrayContaining(['Film & Television', 'Other']));
  });
});

describe('editing the profile', () => {
  it('lists every required field sent blank, with the form summary', async () => {
    const required = ['firstname', 'lastname', 'houseno', 'street', 'city', 'country', 'state'];
    const blanks = [...required, 'neighbourHood', 'pincode', 'dob', 'gender', 'district'];
    const { status, body } = await kit.api('/api/user/editProfile', {
      token: asha.token,
      json: Object.fromEntries(blanks.map((field) => [field, ''])),
    });
    expect(status).toBe(400);
    expect(body.msg).toBe(MESSAGES.invalidForm);
    const blank = (field: string) => ({ field, message: MESSAGES.cannotBeBlank });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        blank('firstname'),
        blank('lastname'),
        blank('houseno'),
        blank('street'),
        blank('city'),
        blank('country'),
        blank('state'),
        blank('neighbourHood'),
        blank('pincode'),
        { field: 'dob', message: MESSAGES.invalidDate },
        { field: 'gender', message: MESSAGES.invalidGender },
      ]),
    );
    // District belongs to India alone.
    expect(body.errors?.some((e) => e.field === 'district')).toBe(false);
    const india = await kit.api('/api/user/editProfile', {
      token: asha.token,
      json: { ...fullProfile, district: '', pincode: '1234567' },
    });
    expect(india.body.errors).toEqual([
      { field: 'district', message: MESSAGES.cannotBeBlank },
      { field: 'pincode', message: MESSAGES.pincodeMax },
    ]);
  });

  it('keeps username, gender and date of birth as they were', async () => {
    const { status, body } = await kit.api('/api/user/editProfile', {
      token: asha.token,
      json: { ...fullProfile, dob: '16-08-1995', gender: 'Male' },
    });
    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.field)).toEqual(['gender', 'dob']);
  });

  it('refuses an alias that is another member’s username', async () => {
    // The kit's members skip sign-up: ravi's username is claimed as sign-up claims it.
    await kit
      .db('account_identities')
      .insert({ kind: 'username', value: ravi.username, user_id: ravi.userId })
      .onConflict(['kind', 'value'])
      .ignore();
    const { status, body } = await kit.api('/api/user/editProfile', {
      token: asha.token,
      json: { ...fullProfile, bidAlias: ravi.username },
    });
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: 'bidAlias', message: MESSAGES.bidAliasIsUsername }]);
  });

  it('saves a valid profile and answers the new userDetail', async () => {
    const { status, body } = await kit.api('/api/user/editProfile', {
      token: asha.token,
      json: fullProfile,
    });
    expect(status).toBe(200);
    expect(body.msg).toBe(MESSAGES.profileUpdated);
    expect(body.userDetail).toMatchObject({
      street: 'MG Road',
      neighbourHood: 'Camp',
      district: 'Pune',
      country: 'India',
      industry: 'Film & Television',
      dob: '15-08-1995',
    });
    const address = await kit.api('/api/user/getUserAddress', { token: asha.token });
    expect(address.body.data).toMatchObject({ street: 'MG Road', complete: true });
    const bare = await kit.api('/api/user/getUserAddress', { token: ravi.token });
    expect(bare.body.data).toMatchObject({ street: '', complete: false });
  });

  it('takes a place from the pickers’ lists only, stored as the lists write it', async () => {
    const edit = (place: Record<string, string>) =>
      kit.api('/api/user/editProfile', { token: asha.token, json: { ...fullProfile, ...place } });
    const refusals = [
      [{ country: 'Atlantis' }, 'country', ACCOUNT_MESSAGES.unknownCountry],
      [{ state: 'Narnia' }, 'state', ACCOUNT_MESSAGES.unknownState],
      [{ district: 'Nowhere' }, 'district', ACCOUNT_MESSAGES.unknownDistrict],
      // Pune lists its neighbourhoods; 'Camp' is one, 'Nowhere' is not.
      [{ neighbourHood: 'Nowhere' }, 'neighbourHood', ACCOUNT_MESSAGES.unknownNeighbourhood],
    ] as const;
    for (const [place, field, message] of refusals) {
      const { status, body } = await edit(place);
      expect({ status, errors: body.errors }).toEqual({
        status: 400,
        errors: [{ field, message }],
      });
    }
    const typed = await edit({
      country: 'india',
      state: 'maharashtra',
      district: 'pune',
      neighbourHood: 'koregaon park',
    });
    expect(typed.body.userDetail).toMatchObject({
      country: 'India',
      state: 'Maharashtra',
      district: 'Pune',
      neighbourHood: 'Koregaon Park',
    });
    // A district without a list of neighbourhoods takes the member's own words.
    const unlisted = await edit({ district: 'Satara', neighbourHood: 'Shahupuri' });
    expect(unlisted.body.userDetail).toMatchObject({ neighbourHood: 'Shahupuri' });
    // Outside India the state is the member's own words: there is no list of them here.
    const abroad = await edit({ country: 'Nepal', state: 'Bagmati', district: '' });
    expect(abroad.status).toBe(200);
    expect(abroad.body.userDetail).toMatchObject({ country: 'Nepal', state: 'Bagmati' });
    expect((await edit({})).status).toBe(200);
  });

  it('keeps what a request leaves out: section 7 names only some of the fields', async () => {
    const { education: _education, industry: _industry, ...sectionSeven } = fullProfile;
    const { status, body } = await kit.api('/api/user/editProfile', {
      token: asha.token,
      json: { ...sectionSeven, street: 'FC Road' },
    });
    expect(status).toBe(200);
    expect(body.userDetail).toMatchObject({
      street: 'FC Road',
      education: 'B.Com',
      industry: 'Film & Television',
    });
    // Sent empty, an optional field is cleared.
    const cleared = await kit.api('/api/user/editProfile', {
      token: asha.token,
      json: { street: 'MG Road', industry: '' },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.userDetail).toMatchObject({ street: 'MG Road', education: 'B.Com' });
    expect(cleared.body.userDetail).not.toHaveProperty('industry');
  });
});

describe('another member’s profile (section 6)', () => {
  it('hides email and address and masks the phone until the owner shows them', async () => {
    const hidden = (await kit.api(`/api/user/id?user_id=${asha.userId}`, { token: ravi.token }))
      .body.data as Json;
    expect(hidden).toMatchObject({ username: 'asha_k', phone: '987*******', phoneMasked: true });
    for (const field of ['email', 'street', 'city', 'pincode', 'bidAlias', 'dob']) {
      expect(hidden).not.toHaveProperty(field);
    }
    for (const key of ['showEmail', 'showAddress', 'showMobileNumber']) {
      const { body } = await kit.api('/api/user/changeSetting', {
        token: asha.token,
        json: { key, value: true },
      });
      expect(body.data).toMatchObject({ [key]: true });
    }
    const settings = await kit.api('/api/user/getAll_User_Settings', { token: asha.token });
    expect(settings.body.data).toEqual({
      showMobileNumber: true,
      showEmail: true,
      showAddress: true,
      emailNotices: true,
    });
    const shown = (await kit.api('/api/user/name?user_name=ASHA_K', { token: ravi.token })).body
      .data as Json;
    expect(shown).toMatchObject({
      email: 'asha_k@example.in',
      street: 'MG Road',
      phone: '9876543210',
      phoneMasked: false,
      phoneShownBecause: 'shared',
    });
    expect(shown).not.toHaveProperty('bidAlias');
  });

  it('shows a bidder’s phone to the owner of the ad they bid on, who has it beside the bids', async () => {
    // Entitled, to post and to bid.
    const entitled = (username: string) => kit.member(username, { phone: '9123456780' });
    const [seller, bidder, stranger] = await Promise.all([
      entitled('seller_q'),
      entitled('bidder_q'),
      entitled('stranger_q'),
    ]);
    const profileOf = async (viewer: TestMember) =>
      (await kit.api(`/api/user/id?user_id=${bidder.userId}`, { token: viewer.token })).body
        .data as { phone: string; phoneMasked: boolean; phoneShownBecause?: string };
    expect(await profileOf(seller)).toMatchObject({ phoneMasked: true });

    const adId = await kit.ad(seller, { itemName: 'Cane chair' });
    const bid = await kit.bid(bidder, adId, { bidamt: 1200, type: 'Hidden' });
    expect(bid.status).toBe(200);
    const toSeller = await profileOf(seller);
    expect(toSeller.phoneMasked).toBe(false);
    // …and says why, the bidder's own switch being off.
    expect(toSeller.phoneShownBecause).toBe('bidOnYourAd');
    expect(toSeller.phone).not.toContain('*');
    // Nobody else: the bid gives the number to the ad's owner alone.
    expect(await profileOf(stranger)).toMatchObject({ phoneMasked: true });
  });

  it('mails notices until the member turns them off, and again once turned on', async () => {
    const turn = async (value: boolean) =>
      (
        await kit.api('/api/user/changeSetting', {
          token: ravi.token,
          json: { key: 'emailNotices', value },
        })
      ).body.data;
    expect(
      (await kit.api('/api/user/getAll_User_Settings', { token: ravi.token })).body.data,
    ).toMatchObject({ emailNotices: true });
    expect(await turn(false)).toMatchObject({ emailNotices: false });
    expect(
      (await kit.api('/api/user/getAll_User_Settings', { token: ravi.token })).body.data,
    ).toMatchObject({ emailNotices: false });
    expect(await turn(true)).toMatchObject({ emailNotices: true });
  });

  it('refuses an unknown setting', async () => {
    const { status } = await kit.api('/api/user/changeSetting', {
      token: asha.token,
      json: { key: 'showPassword', value: true },
    });
    expect(status).toBe(400);
  });

  it('does not show a blocked member, and needs a checked phone to look', async () => {
    const blocked = await kit.api(`/api/user/id?user_id=${ashwin.userId}`, { token: ravi.token });
    expect(blocked.status).toBe(404);
    const byName = await kit.api('/api/user/name?user_name=ashwin_b', { token: ravi.token });
    expect(byName.status).toBe(404);
    const pending = await kit.api(`/api/user/id?user_id=${asha.userId}`, { token: ashley.token });
    expect(pending.status).toBe(403);
  });
});

describe('a blocked member, to support staff', () => {
  it('is found by search and by name, and their profile shows, to unblock them', async () => {
    const support = await kit.member('shanti_support', { roles: ['member', 'support'] });
    const found = await kit.api('/api/user/searchUser?key=ashw', { token: support.token });
    expect((found.body.data as Json[]).map((hit) => hit.username)).toEqual(['ashwin_b']);
    // Marked blocked, so that staff know before they open the profile.
    expect((found.body.data as Json[])[0]).toMatchObject({ blocked: true });
    const byId = await kit.api(`/api/user/id?user_id=${ashwin.userId}`, {
      token: support.token,
    });
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({ _id: ashwin.userId, username: 'ashwin_b' });
    const byName = await kit.api('/api/user/name?user_name=ashwin_b', { token: support.token });
    expect(byName.status).toBe(200);
    // A plain member's search still leaves them out.
    const plain = await kit.api('/api/user/searchUser?key=ashw', { token: ravi.token });
    expect(plain.body.data).toEqual([]);
  });

  it('finds a member by their whole email or mobile number, as a caller gives them', async () => {
    const support = await kit.member('sunil_support', { roles: ['member', 'support'] });
    const usernamesFor = async (key: string, token = support.token) => {
      const found = await kit.api(`/api/user/searchUser?key=${encodeURIComponent(key)}`, {
        token,
      });
      expect(found.status).toBe(200);
      // Only the blocked member's hit is marked.
      return (found.body.data as Json[]).map((hit) =>
        hit.blocked === true ? `${String(hit.username)} (blocked)` : hit.username,
      );
    };
    expect(await usernamesFor(' Ashwin_B@Example.in ')).toEqual(['ashwin_b (blocked)']);
    // Everyone of this file shares one number; the unverified sign-up is not a member yet.
    const sharing = ['asha_k', 'ashwin_b (blocked)', 'ravi_m'];
    expect(await usernamesFor('+91 98765 43210')).toEqual(sharing);
    expect(await usernamesFor('9876543210')).toEqual(sharing);
    expect(await usernamesFor('nobody@example.in')).toEqual([]);
    // Members do not find one another by contact details.
    expect(await usernamesFor('asha_k@example.in', ravi.token)).toEqual([]);
    expect(await usernamesFor('9876543210', ravi.token)).toEqual([]);
  });
});

describe('searching members', () => {
  it('starts at 3 characters and leaves out the searcher and blocked members', async () => {
    const short = await kit.api('/api/user/searchUser?key=as&page=0&limit=10', {
      token: ravi.token,
    });
    expect(short.body).toMatchObject({ data: [], msg: MESSAGES.noUsersFound });
    const found = await kit.api('/api/user/searchUser?key=ash&page=0&limit=10', {
      token: ravi.token,
    });
    expect((found.body.data as Json[]).map((hit) => hit.username)).toEqual(['asha_k']);
    expect(Object.keys((found.body.data as Json[])[0]!).sort()).toEqual(
      ['_id', 'firstname', 'lastname', 'profilepic', 'username'].sort(),
    );
    const self = await kit.api('/api/user/searchUser?key=ash', { token: asha.token });
    expect(self.body.data).toEqual([]);
  });

  it('pages the member list for support, blocked members left out; not for members', async () => {
    const member = await kit.api('/api/user/getusers?page=0', { token: ravi.token });
    expect(member.status).toBe(403);
    const support = await kit.member('gita_support', { roles: ['member', 'support'] });
    const { body } = await kit.api('/api/user/getusers?page=0', { token: support.token });
    const names = (body.data as { users: Json[] }).users.map((user) => user.username);
    expect(names).toEqual(expect.arrayContaining(['asha_k', 'ravi_m']));
    expect(names).not.toContain('ashwin_b');
    expect(body.data).toMatchObject({ page: 0, pageSize: 20 });
  });
});

describe('the profile picture', () => {
  it('refuses a renamed executable, whatever its name says', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 7)]);
    const { status, body } = await upload(asha.token, exe, 'holiday.jpg', 'image/jpeg');
    expect(status).toBe(415);
    expect(body.msg).toBe(UPLOAD_MESSAGES.notAnImage);
    expect(await scratchFiles()).toBe(0);
  });

  it('refuses a file over 10 MB, and leaves no partial file behind', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const eleven = await upload(asha.token, big);
    expect(eleven.status).toBe(413);
    expect(eleven.body.msg).toBe(UPLOAD_MESSAGES.tooLarge);
    // One byte over: small enough to be read, cut off while streaming.
    const justOver = big.subarray(0, LIMITS.profilePicture.maxBytes + 1);
    const over = await upload(asha.token, justOver);
    expect(over.status).toBe(413);
    expect(await scratchFiles()).toBe(0);
  });

  it('refuses a corrupt image', async () => {
    const corrupt = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2048, 0x41),
    ]);
    const { status, body } = await upload(asha.token, corrupt, 'me.png', 'image/png');
    expect(status).toBe(400);
    expect(body.errors).toEqual([{ field: 'Photo', message: UPLOAD_MESSAGES.unreadable }]);
  });

  it('needs the Photo field', async () => {
    const form = new FormData();
    form.append('Picture', new Blob([Buffer.alloc(10)]), 'x.png');
    const { status } = await kit.api('/api/user/uploadProfilePic', { token: asha.token, form });
    expect(status).toBe(400);
  });

  it('re-encodes a real PNG without its metadata, with a thumbnail', async () => {
    const png = await sharp({
      create: { width: 900, height: 700, channels: 4, background: '#5f2f9d' },
    })
      .png()
      .withExif({ IFD0: { Copyright: 'GPS 18.52N 73.85E', Artist: 'Asha' } })
      .toBuffer();
    expect((await sharp(png).metadata()).exif).toBeDefined();
    const { status, body } = await upload(asha.token, png, 'me.png', 'image/png');
    expect(status).toBe(200);
    expect(body.msg).toBe(MESSAGES.profilePicUpdated);
    const url = (body.data as { profilepic: string }).profilepic;
    expect(url).toMatch(/^\/media\/[0-9a-f-]{36}\.jpg$/);

    const picture = await fetch(`${app.baseUrl}${url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();

    // Where the web app's small avatars look for it (thumbnailOfPicture).
    const thumb = await fetch(`${app.baseUrl}${thumbnailOfPicture(url)}`);
    expect(thumb.status).toBe(200);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(thumbMeta).toMatchObject({ width: 96, height: 96 });

    const own = await kit.api('/api/user', { token: asha.token });
    expect((own.body.data as Json).profilepic).toBe(url);
    expect(await scratchFiles()).toBe(0);
  });

  const photo = (background: string) =>
    sharp({ create: { width: 300, height: 300, channels: 3, background } })
      .jpeg()
      .toBuffer();
  const urlOf = (answer: { body: { data?: unknown } }) =>
    (answer.body.data as { profilepic: string }).profilepic;

  it('no longer serves a picture once another replaced it, nor its thumbnail', async () => {
    const first = urlOf(await upload(ravi.token, await photo('#aa3300')));
    expect((await fetch(`${app.baseUrl}${first}`)).status).toBe(200);
    const second = urlOf(await upload(ravi.token, await photo('#0033aa')));
    for (const gone of [first, thumbnailOfPicture(first)])
      expect((await fetch(`${app.baseUrl}${gone}`)).status).toBe(404);
    for (const kept of [second, thumbnailOfPicture(second)])
      expect((await fetch(`${app.baseUrl}${kept}`)).status).toBe(200);
  });

  it('serves only the picture kept of two uploads racing, each removing the one it replaced', async () => {
    const before = urlOf(await upload(ravi.token, await photo('#116611')));
    const [one, two] = (
      await Promise.all([
        upload(ravi.token, await photo('#661111')),
        upload(ravi.token, await photo('#111166')),
      ])
    ).map(urlOf);
    const kept = ((await kit.api('/api/user', { token: ravi.token })).body.data as Json).profilepic;
    expect([one, two]).toContain(kept);
    const served = async (url: string) => (await fetch(`${app.baseUrl}${url}`)).status === 200;
    for (const url of [before, one!, two!])
      expect({ url, served: await served(url) }).toEqual({ url, served: url === kept });
  });

  it('refuses two pictures sent at once rather than keeping one of them', async () => {
    const form = new FormData();
    const jpeg = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#336633' },
    })
      .jpeg()
      .toBuffer();
    form.append('Photo', new Blob([jpeg], { type: 'image/jpeg' }), 'one.jpg');
    form.append('Photo', new Blob([jpeg], { type: 'image/jpeg' }), 'two.jpg');
    const { status, body } = await kit.api('/api/user/uploadProfilePic', {
      token: ravi.token,
      form,
    });
    expect({ status, msg: body.msg }).toEqual({ status: 400, msg: UPLOAD_MESSAGES.onlyOne });
    expect(await scratchFiles()).toBe(0);
  });

  it('serves only names the server made', async () => {
    expect((await fetch(`${app.baseUrl}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/media/${randomUUID()}.jpg`)).status).toBe(404);
  });
});

describe('npm run ops -- grant-role', () => {
  it('grants a staff role through the event store, and says so for an unknown member or role', async () => {
    const grantRole = subcommands['grant-role']!;
    expect(await grantRole.run(['ravi_m', 'support'], app.databaseUrl)).toBe(0);
    const events = await kit.store.readStream(accountStream(ravi.userId));
    expect(events.at(-1)).toMatchObject({
      type: 'RoleGranted',
      data: { role: 'support', userId: ravi.userId },
      metadata: { actor: { role: 'admin' } },
    });
    await kit.caughtUp(['users'], events.at(-1)!.position);
    const detail = await kit.api('/api/user', { token: ravi.token });
    expect(detail.body.data).toMatchObject({ roles: ['member', 'support'], userType: 'support' });
    expect(await grantRole.run(['ravi_m', 'support'], app.databaseUrl)).toBe(0);
    expect(await kit.store.readStream(accountStream(ravi.userId))).toHaveLength(events.length);
    expect(await grantRole.run(['nobody_here', 'support'], app.databaseUrl)).toBe(1);
    expect(await grantRole.run(['ravi_m', 'superhero'], app.databaseUrl)).toBe(2);
  });
});
