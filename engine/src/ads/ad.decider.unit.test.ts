import { describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { AdCommand } from './ad.commands.ts';
import { adDecider } from './ad.decider.ts';
import { adStream, type AdEvent } from './ad.events.ts';
import {
  AD_ID,
  ARJUN,
  DEADLINE,
  MEENA,
  OWNER,
  PHOTO,
  POSTED,
  VIDEO,
  adPosted,
  at,
  bidPlaced,
  biddingClosed,
  closeByOwner,
  closeByTimer,
  finalCallMade,
  makeFinalCall,
  mediaAdded,
  metadata,
  photo,
  placeBid,
  postAd,
  thumbnailChosen,
} from './ad.fixtures.ts';
import { adStatus, allowedCommands } from './ad.machine.ts';
import { statusAt } from './ad.state.ts';

const given = DeciderSpecification.for(adDecider);

const fold = (events: readonly AdEvent[]) =>
  events.reduce(adDecider.evolve, adDecider.initialState());

const OPEN_WITH_A_BID: AdEvent[] = [...POSTED, bidPlaced()];
const AFTER_FINAL_CALL: AdEvent[] = [...OPEN_WITH_A_BID, finalCallMade()];
const CLOSED_EARLY: AdEvent[] = [...OPEN_WITH_A_BID, biddingClosed()];
const EXPIRED: AdEvent[] = [...AFTER_FINAL_CALL, biddingClosed('finalCallExpired', DEADLINE)];

const edit = (changes: Record<string, unknown>, userId: string = OWNER.userId, now = at(5)) =>
  ({
    type: 'EditAd',
    data: { userId, changes },
    metadata: metadata(now),
  }) as AdCommand;
const addMedia = (item = VIDEO, userId: string = OWNER.userId, now = at(5)): AdCommand => ({
  type: 'AddMedia',
  data: { userId, ...item },
  metadata: metadata(now),
});
const removeMedia = (name: string, userId: string = OWNER.userId, now = at(5)): AdCommand => ({
  type: 'RemoveMedia',
  data: { userId, name },
  metadata: metadata(now),
});
const reorderMedia = (order: string[], userId: string = OWNER.userId, now = at(5)): AdCommand => ({
  type: 'ReorderMedia',
  data: { userId, order },
  metadata: metadata(now),
});
const chooseThumbnail = (name: string, userId: string = OWNER.userId, now = at(5)): AdCommand => ({
  type: 'ChooseThumbnail',
  data: { userId, name },
  metadata: metadata(now),
});

describe('the ad stream', () => {
  it('is ad-<adId>', () => {
    expect(adStream('42')).toBe('ad-42');
  });
});

describe('the ad lifecycle machine', () => {
  it('allows each state exactly its commands', () => {
    const management = ['EditAd', 'AddMedia', 'RemoveMedia', 'ChooseThumbnail', 'ReorderMedia'];
    expect(allowedCommands(fold([]).machine)).toEqual(['PostAd']);
    expect(allowedCommands(fold(OPEN_WITH_A_BID).machine)).toEqual([
      ...management,
      'PlaceBid',
      'MakeFinalCall',
      'CloseBidding',
    ]);
    expect(allowedCommands(fold(AFTER_FINAL_CALL).machine)).toEqual([
      ...management,
      'PlaceBid',
      'CloseBidding',
    ]);
    expect(allowedCommands(fold(CLOSED_EARLY).machine)).toEqual([]);
  });

  it('walks none → open → finalCallMade → closed, and reads a passed deadline as closed', () => {
    expect(adStatus(fold([]).machine)).toBe('none');
    expect(adStatus(fold(POSTED).machine)).toBe('open');
    expect(adStatus(fold(AFTER_FINAL_CALL).machine)).toBe('finalCallMade');
    expect(adStatus(fold(EXPIRED).machine)).toBe('closed');
    expect(statusAt(fold(AFTER_FINAL_CALL), at(-1, DEADLINE))).toBe('finalCallMade');
    expect(statusAt(fold(AFTER_FINAL_CALL), DEADLINE)).toBe('closed');
  });

  it('takes each recorded event as the fact it is: decide judged it when it was made', () => {
    // decide makes no final call without a bid before it, and no expiry without a final call;
    // a fold re-judging them would disagree with the stream's own record.
    expect(adStatus(fold([...POSTED, finalCallMade()]).machine)).toBe('finalCallMade');
    expect(adStatus(fold([...POSTED, biddingClosed('finalCallExpired')]).machine)).toBe('closed');
  });
});

describe('before the ad is posted', () => {
  it('posts the ad with its media, and the first photo as thumbnail', () => {
    given([])
      .when(postAd({ media: [VIDEO, PHOTO] }))
      .then([adPosted(), mediaAdded(VIDEO), mediaAdded(PHOTO), thumbnailChosen(PHOTO)]);
  });

  it('defaults the currency to INR and keeps a given one, upper-cased', () => {
    given([])
      .when(postAd({ currencycode: 'usd' }))
      .thenState((state) => expect(state.details?.currencycode).toBe('USD'));
    given([])
      .when(postAd({ currencycode: 'RUPEE' }))
      .thenThrows('INVALID_CURRENCY');
  });

  it('needs the starred fields', () => {
    for (const field of ['itemName', 'categoryname', 'subcategory', 'description'] as const) {
      given([])
        .when(postAd({ [field]: '  ' }))
        .thenThrows('REQUIRED_FIELD_MISSING', { message: MESSAGES.cannotBeBlank });
    }
  });

  it('needs the address: country, state, city and street', () => {
    for (const field of ['country', 'state', 'city', 'street'] as const) {
      given([])
        .when(postAd({ [field]: '' }))
        .thenThrows('ADDRESS_REQUIRED', {
          message: MESSAGES.addressRequired,
          details: {
            errors: [{ field, code: 'ADDRESS_REQUIRED', message: MESSAGES.addressRequired }],
          },
        });
    }
  });

  it('takes a pincode of digits only, at most 6 of them, or none', () => {
    given([])
      .when(postAd({ pincode: '56A001' }))
      .thenThrows('INVALID_PINCODE', {
        details: {
          errors: [{ field: 'pincode', code: 'INVALID_PINCODE', message: MESSAGES.digitsOnly }],
        },
      });
    given([])
      .when(postAd({ pincode: '5600011' }))
      .thenThrows('INVALID_PINCODE', {
        details: {
          errors: [{ field: 'pincode', code: 'INVALID_PINCODE', message: MESSAGES.pincodeMax }],
        },
      });
    for (const pincode of ['', '560001', ' 560001 ']) {
      given([])
        .when(postAd({ pincode }))
        .thenState((_, events) =>
          expect(events[0]).toMatchObject({ type: 'AdPosted', data: { pincode: pincode.trim() } }),
        );
    }
  });

  it('needs a 10-digit phone, and a phone at all when it is displayed', () => {
    given([])
      .when(postAd({ phone: '98765' }))
      .thenThrows('INVALID_PHONE', { message: MESSAGES.invalidMobile });
    given([])
      .when(postAd({ phone: '', displayPhone: true }))
      .thenThrows('REQUIRED_FIELD_MISSING');
    given([])
      .when(postAd({ phone: '', displayPhone: false }))
      .thenState((state) => expect(state.details?.phone).toBe(''));
  });

  it(`keeps the description below ${LIMITS.descriptionMaxExclusive} characters`, () => {
    const max = LIMITS.descriptionMaxExclusive;
    given([])
      .when(postAd({ description: 'x'.repeat(max - 1) }))
      .thenState((state) => expect(state.details?.description).toHaveLength(max - 1));
    given([])
      .when(postAd({ description: 'x'.repeat(max) }))
      .thenThrows('DESCRIPTION_TOO_LONG');
  });

  it(`keeps the item name to ${LIMITS.itemNameMax} characters, on posting and editing`, () => {
    const max = LIMITS.itemNameMax;
    given([])
      .when(postAd({ itemName: 'x'.repeat(max) }))
      .thenState((state) => expect(state.details?.itemName).toHaveLength(max));
    given([])
      .when(postAd({ itemName: 'x'.repeat(max + 1) }))
      .thenThrows('ITEM_NAME_TOO_LONG');
  });

  it(`keeps house number, street and town to ${LIMITS.adPlaceMax} characters each`, () => {
    const max = LIMITS.adPlaceMax;
    given([])
      .when(postAd({ city: 'Sri Potti Sriramulu Nellore', street: 's'.repeat(max) }))
      .thenState((state) => expect(state.details?.street).toHaveLength(max));
    for (const field of ['houseno', 'street', 'city'] as const) {
      given([])
        .when(postAd({ [field]: 'x'.repeat(max + 1) }))
        .thenThrows('PLACE_TOO_LONG');
    }
  });

  it('takes the price as non-negative integer paise', () => {
    given([])
      .when(postAd({ price: 0 }))
      .thenState((state) => expect(state.details?.price).toBe(0));
    for (const price of [-1, 10.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      given([]).when(postAd({ price })).thenThrows('INVALID_PRICE');
    }
  });

  it('needs every vehicle field for Automobiles, Ships Boats and Bank Auctions Cars/Bikes', () => {
    const vehicleAds = [
      { categoryname: 'Automobiles', subcategory: 'Cars' },
      { categoryname: 'Ships Boats', subcategory: 'Yachts' },
      { categoryname: 'Bank Auctions', subcategory: 'Cars' },
      { categoryname: 'Bank Auctions', subcategory: 'Bikes' },
    ];
    const fields = ['make', 'model', 'yearOfManufacture', 'mileage', 'ownerOrDealer', 'newOrused'];
    for (const ad of vehicleAds) {
      for (const field of fields) {
        given([])
          .when(postAd({ ...ad, [field]: null }))
          .thenThrows('VEHICLE_FIELDS_REQUIRED', { details: { errors: [{ field }] } });
      }
    }
  });

  it('drops the vehicle fields of other ads, Bank Auctions Property included', () => {
    given([])
      .when(
        postAd({ categoryname: 'Bank Auctions', subcategory: 'Property', make: null, mileage: -5 }),
      )
      .thenState((state) => {
        expect(state.details?.make).toBeNull();
        expect(state.details?.mileage).toBeNull();
        expect(state.details?.newOrused).toBeNull();
      });
  });

  it('takes mileage as a number from 0 to 10 crore km', () => {
    given([])
      .when(postAd({ mileage: -1 }))
      .thenThrows('INVALID_MILEAGE');
    // A slip of digits (QA typed 17 nines, which came back as another number) is refused.
    given([])
      .when(postAd({ mileage: LIMITS.adMileageMaxKm + 1 }))
      .thenThrows('INVALID_MILEAGE');
    given([])
      .when(postAd({ mileage: Number('9'.repeat(17)) }))
      .thenThrows('INVALID_MILEAGE');
    given([])
      .when(postAd({ mileage: LIMITS.adMileageMaxKm }))
      .thenState((state) => expect(state.details?.mileage).toBe(LIMITS.adMileageMaxKm));
    given([])
      .when(postAd({ mileage: Number.NaN }))
      .thenThrows('INVALID_MILEAGE');
    given([])
      .when(postAd({ mileage: 0 }))
      .thenState((state) => expect(state.details?.mileage).toBe(0));
  });

  it('takes a year of manufacture from 1950 to this year, and the listed owner/dealer, new/used', () => {
    given([])
      .when(postAd({ yearOfManufacture: 1949 }))
      .thenThrows('INVALID_YEAR_OF_MANUFACTURE');
    given([])
      .when(postAd({ yearOfManufacture: 2027 }))
      .thenThrows('INVALID_YEAR_OF_MANUFACTURE');
    given([])
      .when(postAd({ yearOfManufacture: 2026 }))
      .thenState((state) => expect(state.details?.yearOfManufacture).toBe(2026));
    given([])
      .when(postAd({ ownerOrDealer: 'Broker' }))
      .thenThrows('INVALID_VEHICLE_FIELD');
    given([])
      .when(postAd({ newOrused: 'Refurbished' }))
      .thenThrows('INVALID_VEHICLE_FIELD');
  });

  it('needs Team or Player for Sports, and keeps no type elsewhere', () => {
    const sports = { categoryname: 'Sports', subcategory: 'Cricket', make: null };
    given([])
      .when(postAd({ ...sports, type: null }))
      .thenThrows('SPORTS_TYPE_REQUIRED');
    given([])
      .when(postAd({ ...sports, type: 'Coach' }))
      .thenThrows('SPORTS_TYPE_REQUIRED');
    given([])
      .when(postAd({ ...sports, type: 'Team' }))
      .thenState((state) => expect(state.details?.type).toBe('Team'));
    given([])
      .when(postAd({ type: 'Team' }))
      .thenState((state) => expect(state.details?.type).toBeNull());
  });

  it(`needs 1 to ${LIMITS.adMedia.maxFiles} distinct media files`, () => {
    given([])
      .when(postAd({ media: [] }))
      .thenThrows('MEDIA_REQUIRED');
    const seven = Array.from({ length: LIMITS.adMedia.maxFiles + 1 }, (_, i) => photo(i));
    given([])
      .when(postAd({ media: seven }))
      .thenThrows('TOO_MANY_MEDIA');
    given([])
      .when(postAd({ media: seven.slice(0, LIMITS.adMedia.maxFiles) }))
      .thenState((state) => expect(state.media).toHaveLength(LIMITS.adMedia.maxFiles));
    given([])
      .when(postAd({ media: [PHOTO, PHOTO] }))
      .thenThrows('INVALID_MEDIA');
  });

  it('needs a uid with a hyphen', () => {
    given([])
      .when(postAd({ uid: 'royalenfield' }))
      .thenThrows('INVALID_UID');
  });

  it('refuses a command time that is no time', () => {
    given([]).when(postAd({}, 'yesterday')).thenThrows('COMMAND_TIME_INVALID');
  });

  it('has nothing to bid on, edit or close', () => {
    given([]).when(placeBid()).thenThrows('AD_NOT_FOUND');
    given([])
      .when(edit({ price: 1 }))
      .thenThrows('AD_NOT_FOUND');
    given([]).when(closeByOwner()).thenThrows('AD_NOT_FOUND');
    given([]).when(makeFinalCall()).thenThrows('AD_NOT_FOUND');
  });

  it('lets the expiry timer do nothing', () => {
    given([]).when(closeByTimer()).thenNothingHappened();
  });
});

describe('when bidding is open', () => {
  it('refuses to post the same ad again', () => {
    given(POSTED).when(postAd()).thenThrows('AD_ALREADY_POSTED');
  });

  describe('the owner manages the ad', () => {
    it('edits, recording only the fields that changed', () => {
      given(POSTED)
        .when(edit({ price: 12_000_000, itemName: 'Royal Enfield Classic 350', phone: undefined }))
        .then({
          type: 'AdEdited',
          data: { adId: AD_ID, changes: { price: 12_000_000 }, editedAt: at(5) },
        });
      given(POSTED)
        .when(edit({ itemName: 'Royal Enfield Classic 350' }))
        .thenNothingHappened();
    });

    it('judges an edit by the whole ad it leaves behind', () => {
      given(POSTED)
        .when(edit({ categoryname: 'Sports', subcategory: 'Cricket' }))
        .thenThrows('SPORTS_TYPE_REQUIRED');
      given(POSTED)
        .when(edit({ description: 'x'.repeat(LIMITS.descriptionMaxExclusive) }))
        .thenThrows('DESCRIPTION_TOO_LONG');
      given(POSTED)
        .when(edit({ itemName: 'x'.repeat(LIMITS.itemNameMax + 1) }))
        .thenThrows('ITEM_NAME_TOO_LONG');
      given(POSTED)
        .when(edit({ categoryname: 'Electronics', subcategory: 'Phones' }))
        .thenState((state, events) => {
          expect(state.details?.make).toBeNull();
          expect(events[0]).toMatchObject({ data: { changes: { make: null, mileage: null } } });
        });
    });

    it('counts a title and description in the letters a reader sees, in any script', () => {
      // 70 Hindi letters of six code points each; 149 family emoji of seven.
      const title = 'स्त्री'.repeat(LIMITS.itemNameMax);
      const description = '👨\u200D👩\u200D👧\u200D👦'.repeat(LIMITS.descriptionMaxExclusive - 1);
      given(POSTED)
        .when(edit({ itemName: title, description }))
        .then({
          type: 'AdEdited',
          data: { adId: AD_ID, changes: { itemName: title, description }, editedAt: at(5) },
        });
      given(POSTED)
        .when(edit({ itemName: `${title}क` }))
        .thenThrows('ITEM_NAME_TOO_LONG');
    });

    it('refuses an edit whose form showed a field another edit has changed since', () => {
      const price = fold(POSTED).details!.price;
      const shown = (basis: Record<string, unknown>) =>
        ({
          type: 'EditAd',
          data: { userId: OWNER.userId, changes: { description: 'From the second tab.' }, basis },
          metadata: metadata(at(6)),
        }) as AdCommand;
      const editedFirst: AdEvent = {
        type: 'AdEdited',
        data: { adId: AD_ID, changes: { price: price + 100 }, editedAt: at(5) },
      };
      given([...POSTED, editedFirst])
        .when(shown({ price }))
        .thenThrows('AD_CHANGED', { details: { fields: ['price'] } });
      // A field nobody changed meanwhile goes through.
      given([...POSTED, editedFirst])
        .when(shown({ description: fold(POSTED).details!.description, price: price + 100 }))
        .then({
          type: 'AdEdited',
          data: { adId: AD_ID, changes: { description: 'From the second tab.' }, editedAt: at(6) },
        });
    });

    it('adds, removes and chooses media', () => {
      given(POSTED)
        .when(addMedia())
        .then(mediaAdded(VIDEO, at(5)));
      given(POSTED).when(addMedia(PHOTO)).thenNothingHappened();
      given([...POSTED, mediaAdded(VIDEO)])
        .when(removeMedia(PHOTO.name))
        .then({ type: 'MediaRemoved', data: { adId: AD_ID, name: PHOTO.name, removedAt: at(5) } });
      given([...POSTED, mediaAdded(VIDEO)])
        .when(chooseThumbnail(VIDEO.name))
        .then(thumbnailChosen(VIDEO, at(5)));
      given(POSTED).when(chooseThumbnail(PHOTO.name)).thenNothingHappened();
    });

    it(`keeps at most ${LIMITS.adMedia.maxFiles} media files`, () => {
      const full = [...POSTED, ...[2, 3, 4, 5, 6].map((n) => mediaAdded(photo(n)))];
      given(full).when(addMedia()).thenThrows('TOO_MANY_MEDIA');
      given(POSTED)
        .when(addMedia({ ...VIDEO, galleryType: 'audio' as 'videos' }))
        .thenThrows('INVALID_MEDIA');
    });

    it('arranges the gallery in the order given, which must name each item once', () => {
      const three = [...POSTED, mediaAdded(VIDEO), mediaAdded(photo(2))];
      const order = [photo(2).name, PHOTO.name, VIDEO.name];
      const reordered = (list: string[]) =>
        ({
          type: 'MediaReordered',
          data: { adId: AD_ID, order: list, reorderedAt: at(5) },
        }) satisfies AdEvent;
      // The thumbnail was the lead (the first photo): it follows the new lead.
      given(three)
        .when(reorderMedia(order))
        .then([reordered(order), thumbnailChosen(photo(2), at(5))]);
      // One the owner chose from further back stays; so does the lead's when it keeps the lead.
      given([...three, thumbnailChosen(VIDEO, at(1))])
        .when(reorderMedia(order))
        .then(reordered(order));
      const videoFirst = [VIDEO.name, PHOTO.name, photo(2).name];
      given(three).when(reorderMedia(videoFirst)).then(reordered(videoFirst));
      given(three)
        .when(reorderMedia(order))
        .thenState((state) => expect(state.media.map((item) => item.name)).toEqual(order));
      // The order it has already: nothing to record.
      given(three)
        .when(reorderMedia([PHOTO.name, VIDEO.name, photo(2).name]))
        .thenNothingHappened();
      // Made against a gallery that has changed since: one left out, one unknown, one twice.
      for (const stale of [
        [PHOTO.name, VIDEO.name],
        [PHOTO.name, VIDEO.name, 'gone.jpg'],
        [PHOTO.name, VIDEO.name, VIDEO.name],
      ]) {
        given(three).when(reorderMedia(stale)).thenThrows('MEDIA_ORDER_STALE');
      }
    });

    it('cannot remove or choose a file the ad does not have', () => {
      given(POSTED).when(removeMedia('nope.jpg')).thenThrows('MEDIA_NOT_FOUND');
      given(POSTED).when(chooseThumbnail('nope.jpg')).thenThrows('MEDIA_NOT_FOUND');
    });

    it('keeps the last photo or video: an ad is never left without one', () => {
      given(POSTED).when(removeMedia(PHOTO.name)).thenThrows('LAST_MEDIA');
    });

    it('clears the thumbnail when its file is removed', () => {
      given([...POSTED, mediaAdded(VIDEO)])
        .when(removeMedia(PHOTO.name))
        .thenState((state) => expect(state.thumbnail).toBeNull());
    });
  });

  it('lets no one but the owner manage the ad', () => {
    const other = MEENA.userId;
    for (const command of [
      reorderMedia([PHOTO.name], other),
      edit({ price: 1 }, other),
      addMedia(VIDEO, other),
      removeMedia(PHOTO.name, other),
      chooseThumbnail(PHOTO.name, other),
      makeFinalCall(DEADLINE, at(60), other),
      closeByOwner(at(90), other),
    ]) {
      given(OPEN_WITH_A_BID).when(command).thenThrows('NOT_AD_OWNER');
    }
  });

  describe('a member bids', () => {
    it('places an Open or a Hidden bid before the final call', () => {
      given(POSTED).when(placeBid()).then(bidPlaced());
      given(POSTED)
        .when(placeBid({ type: 'Hidden', amount: 1 }))
        .then(bidPlaced({ type: 'Hidden', amount: 1 }));
    });

    it('does not take a retried bid twice', () => {
      given(OPEN_WITH_A_BID).when(placeBid()).thenNothingHappened();
    });

    it('keeps the same bid sent twice once: from two tabs, or resent without its key', () => {
      given(OPEN_WITH_A_BID)
        .when(placeBid({ bidId: 'bid-again' }))
        .thenNothingHappened();
      // Another amount, another type, or the same after the final call: another bid.
      given(OPEN_WITH_A_BID)
        .when(placeBid({ bidId: 'bid-2', amount: 13_000_100 }))
        .then(bidPlaced({ bidId: 'bid-2', amount: 13_000_100 }));
      given(OPEN_WITH_A_BID)
        .when(placeBid({ bidId: 'bid-2', type: 'Hidden' }))
        .then(bidPlaced({ bidId: 'bid-2', type: 'Hidden' }));
      given(AFTER_FINAL_CALL)
        .when(placeBid({ bidId: 'bid-2' }, at(-1, DEADLINE)))
        .then(bidPlaced({ bidId: 'bid-2', phase: 'afterFinalCall', placedAt: at(-1, DEADLINE) }));
      // Only the member's newest bid is compared: an older amount again is a bid of its own.
      given([...OPEN_WITH_A_BID, bidPlaced({ bidId: 'bid-2', amount: 13_000_100 })])
        .when(placeBid({ bidId: 'bid-3' }))
        .then(bidPlaced({ bidId: 'bid-3' }));
      // Another member's bid of the same amount is theirs.
      given(OPEN_WITH_A_BID)
        .when(placeBid({ bidId: 'bid-2' }, at(10), ARJUN))
        .then(bidPlaced({ bidId: 'bid-2' }, ARJUN));
    });

    it('cannot bid on their own ad', () => {
      given(POSTED)
        .when(placeBid({}, at(10), { ...OWNER, bidAlias: 'seller99' }))
        .thenThrows('OWN_AD');
    });

    it('needs an active subscription or trial', () => {
      given(POSTED)
        .when(placeBid({ bidderEntitled: false }))
        .thenThrows('NOT_ENTITLED', { message: MESSAGES.pleaseSubscribe });
    });

    it('needs a type and a positive amount', () => {
      for (const data of [
        { type: 'Select Type' },
        { type: null },
        { amount: null },
        { amount: 0 },
        { amount: -100 },
        { amount: Number.NaN },
      ]) {
        given(POSTED)
          .when(placeBid(data))
          .thenThrows('BID_DETAILS_MISSING', {
            message: MESSAGES.enterAllBidDetails,
            details: { fields: 'type' in data ? ['type'] : ['amount'] },
          });
      }
      given(POSTED)
        .when(placeBid({ type: null, amount: 0 }))
        .thenThrows('BID_DETAILS_MISSING', { details: { fields: ['type', 'amount'] } });
    });

    it('refuses an amount too large to be money as such, not as missing', () => {
      given(POSTED)
        .when(placeBid({ amount: null, amountSent: '1e20', amountTooLarge: true }))
        .thenThrows('AMOUNT_TOO_LARGE', {
          message: MESSAGES.amountTooLarge,
          details: { fields: ['amount'] },
        });
    });

    it('takes amounts in whole paise', () => {
      given(POSTED)
        .when(placeBid({ amount: 100.5 }))
        .thenThrows('INVALID_BID_AMOUNT');
    });

    it(`needs an alias of at least ${LIMITS.bidAlias.min} characters`, () => {
      given(POSTED)
        .when(placeBid({ bidAlias: 'ab' }))
        .thenThrows('BID_ALIAS_TOO_SHORT', {
          message: MESSAGES.bidAliasTooShort,
          details: { fields: ['bidAlias'] },
        });
      given(POSTED)
        .when(placeBid({ bidAlias: 'abc' }))
        .then(bidPlaced({ bidAlias: 'abc' }));
    });

    it('keeps an alias as a page shows it, and refuses one that would fake its marks', () => {
      given(POSTED)
        .when(placeBid({ bidAlias: '  red \u00A0  fox ' }))
        .then(bidPlaced({ bidAlias: 'red fox' }));
      // The page marks the viewer's own bid '(you)': no alias may pass for that mark.
      for (const alias of ['redfox (you)', 'fox(', 'fox\uFF09'])
        given(POSTED)
          .when(placeBid({ bidAlias: alias }))
          .thenThrows('BID_ALIAS_BRACKETS', {
            message: MESSAGES.bidAliasBrackets,
            details: { fields: ['bidAlias'] },
          });
    });

    it('refuses an alias with 3 consecutive characters of the username, case-sensitively', () => {
      given(POSTED)
        .when(placeBid({ bidAlias: 'xxmeexx' }))
        .thenThrows('ALIAS_TOO_CLOSE_TO_USERNAME', {
          message: MESSAGES.bidAliasContainsUsername,
        });
      given(POSTED)
        .when(placeBid({ bidAlias: 'xxMEExx' }))
        .then(bidPlaced({ bidAlias: 'xxMEExx' }));
    });

    it('refuses another bidder’s alias on this ad, whatever its case, and keeps it for its holder', () => {
      const meenas = [...POSTED, bidPlaced()];
      for (const alias of [
        MEENA.bidAlias,
        ` ${MEENA.bidAlias.toUpperCase()} `,
        // A full-width copy reads the same.
        MEENA.bidAlias.replace(/[a-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
        // So does one with a Cyrillic е, and one with a capital I for its l.
        MEENA.bidAlias.replaceAll('e', '\u0435'),
        MEENA.bidAlias.replace('l', 'I'),
      ]) {
        given(meenas)
          .when(placeBid({ bidId: 'bid-2', bidAlias: alias }, at(20), ARJUN))
          .thenThrows('BID_ALIAS_TAKEN', { message: MESSAGES.bidAliasTaken });
      }
      // Spaces within an alias: a page draws a run of them, a no-break one too, as one space.
      const redFox = [...POSTED, bidPlaced({ bidAlias: 'red fox' })];
      for (const alias of ['red   fox', 'red\u00A0fox', ' red \t fox']) {
        given(redFox)
          .when(placeBid({ bidId: 'bid-2', bidAlias: alias }, at(20), ARJUN))
          .thenThrows('BID_ALIAS_TAKEN', { message: MESSAGES.bidAliasTaken });
      }
      // …and one bid before this rule kept a run of them: it holds the alias all the same.
      const keptWithRun = [...POSTED, bidPlaced({ bidAlias: 'bl  ue' })];
      for (const alias of ['bl ue', 'bl   ue']) {
        given(keptWithRun)
          .when(placeBid({ bidId: 'bid-2', bidAlias: alias }, at(20), ARJUN))
          .thenThrows('BID_ALIAS_TAKEN', { message: MESSAGES.bidAliasTaken });
      }
      // Its holder bids under it again; another alias is anyone's.
      given(meenas)
        .when(placeBid({ bidId: 'bid-2', amount: 14_000_000 }, at(20)))
        .then(bidPlaced({ bidId: 'bid-2', amount: 14_000_000, placedAt: at(20) }));
      given(meenas)
        .when(placeBid({ bidId: 'bid-2' }, at(20), ARJUN))
        .then(bidPlaced({ bidId: 'bid-2', placedAt: at(20) }, ARJUN));
    });

    it('keeps a bidder to the alias they first bid under on this ad, whatever its case', () => {
      const meenas = [...POSTED, bidPlaced()];
      given(meenas)
        .when(placeBid({ bidId: 'bid-2', bidAlias: 'otherfox' }, at(20)))
        .thenThrows('BID_ALIAS_CHANGED', {
          message: MESSAGES.bidAliasChanged(MEENA.bidAlias),
          details: { fields: ['bidAlias'], alias: MEENA.bidAlias },
        });
      given(meenas)
        .when(
          placeBid(
            { bidId: 'bid-2', bidAlias: ` ${MEENA.bidAlias.toUpperCase()} `, amount: 13_000_100 },
            at(20),
          ),
        )
        .then(
          bidPlaced({
            bidId: 'bid-2',
            amount: 13_000_100,
            // Kept as a page shows it: without the spaces around it.
            bidAlias: MEENA.bidAlias.toUpperCase(),
            placedAt: at(20),
          }),
        );
    });
  });

  describe('the owner makes the final call', () => {
    it('with a deadline not in the past, after at least one bid', () => {
      given(OPEN_WITH_A_BID).when(makeFinalCall()).then(finalCallMade());
      given(OPEN_WITH_A_BID)
        .when(makeFinalCall(at(60), at(60)))
        .then(finalCallMade(at(60), at(60)));
    });

    it('stores the deadline as UTC ISO, whatever offset it came in', () => {
      given(OPEN_WITH_A_BID)
        .when(makeFinalCall('2026-03-02T15:30:00+05:30'))
        .then(finalCallMade('2026-03-02T10:00:00.000Z'));
    });

    it('not with a deadline in the past, or no deadline', () => {
      given(OPEN_WITH_A_BID)
        .when(makeFinalCall(at(59), at(60)))
        .thenThrows('FINAL_CALL_IN_PAST');
      given(OPEN_WITH_A_BID).when(makeFinalCall('')).thenThrows('INVALID_DEADLINE');
    });

    it('not before anyone has bid', () => {
      given(POSTED).when(makeFinalCall()).thenThrows('NO_BIDS_BEFORE_FINAL_CALL');
    });
  });

  it('closes early at the owner’s word', () => {
    given(OPEN_WITH_A_BID).when(closeByOwner()).then(biddingClosed());
    given(POSTED).when(closeByOwner()).then(biddingClosed());
  });

  it('ignores the expiry timer: there is no final call to expire', () => {
    given(OPEN_WITH_A_BID).when(closeByTimer()).thenNothingHappened();
  });
});

describe('after the final call', () => {
  it('takes bids as after-final-call bids until the deadline', () => {
    given(AFTER_FINAL_CALL)
      .when(placeBid({ bidId: 'bid-2' }, at(-1, DEADLINE), ARJUN))
      .then(
        bidPlaced({ bidId: 'bid-2', phase: 'afterFinalCall', placedAt: at(-1, DEADLINE) }, ARJUN),
      );
  });

  it('refuses a bid at or past the deadline, before the timer has run', () => {
    for (const now of [DEADLINE, at(1, DEADLINE)]) {
      given(AFTER_FINAL_CALL)
        .when(placeBid({ bidId: 'late' }, now, ARJUN))
        .thenThrows('BIDDING_CLOSED', { message: MESSAGES.biddingClosed });
    }
  });

  it('refuses a second final call', () => {
    given(AFTER_FINAL_CALL)
      .when(makeFinalCall(at(48 * 60)))
      .thenThrows('FINAL_CALL_ALREADY_MADE');
  });

  it('still lets the owner close early', () => {
    given(AFTER_FINAL_CALL).when(closeByOwner()).then(biddingClosed());
  });

  it('lets the owner edit until the deadline, not after', () => {
    given(AFTER_FINAL_CALL)
      .when(edit({ price: 1 }))
      .thenState((state) => expect(state.details?.price).toBe(1));
    given(AFTER_FINAL_CALL)
      .when(edit({ price: 1 }, OWNER.userId, DEADLINE))
      .thenThrows('AD_CLOSED');
  });

  it('has the timer close it at the deadline, dated the deadline however late it runs', () => {
    given(AFTER_FINAL_CALL)
      .when(closeByTimer(DEADLINE, at(7, DEADLINE)))
      .then(biddingClosed('finalCallExpired', DEADLINE));
    given(AFTER_FINAL_CALL)
      .when(closeByTimer('2026-03-02T15:30:00+05:30', DEADLINE))
      .then(biddingClosed('finalCallExpired', DEADLINE));
  });

  it('ignores an early timer and a timer for another deadline', () => {
    given(AFTER_FINAL_CALL)
      .when(closeByTimer(DEADLINE, at(-1, DEADLINE)))
      .thenNothingHappened();
    given(AFTER_FINAL_CALL)
      .when(closeByTimer(at(5, DEADLINE), at(5, DEADLINE)))
      .thenNothingHappened();
  });

  it('refuses the owner’s close once the deadline has passed: bidding is already over', () => {
    given(AFTER_FINAL_CALL)
      .when(closeByOwner(DEADLINE))
      .thenThrows('BIDDING_CLOSED', { message: MESSAGES.biddingClosed });
  });
});

describe('once closed', () => {
  for (const [how, history] of [
    ['early by the owner', CLOSED_EARLY],
    ['on expiry', EXPIRED],
  ] as const) {
    describe(how, () => {
      it('takes no bids, final call or second close', () => {
        given(history)
          .when(placeBid({ bidId: 'bid-9' }, at(100), ARJUN))
          .thenThrows('BIDDING_CLOSED', { message: MESSAGES.biddingClosed });
        given(history)
          .when(makeFinalCall(at(48 * 60), at(100)))
          .thenThrows('BIDDING_CLOSED');
        given(history)
          .when(closeByOwner(at(100)))
          .thenThrows('BIDDING_CLOSED');
      });

      it('answers a repeated expiry timer with no events', () => {
        given(history)
          .when(closeByTimer(DEADLINE, at(5, DEADLINE)))
          .thenNothingHappened();
      });

      it('is no longer edited or given media', () => {
        given(history)
          .when(edit({ price: 1 }, OWNER.userId, at(100)))
          .thenThrows('AD_CLOSED');
        given(history)
          .when(addMedia(VIDEO, OWNER.userId, at(100)))
          .thenThrows('AD_CLOSED');
        given(history)
          .when(removeMedia(PHOTO.name, OWNER.userId, at(100)))
          .thenThrows('AD_CLOSED');
        given(history)
          .when(chooseThumbnail(PHOTO.name, OWNER.userId, at(100)))
          .thenThrows('AD_CLOSED');
      });

      it('is still not the others’ to manage', () => {
        given(history)
          .when(closeByOwner(at(100), MEENA.userId))
          .thenThrows('NOT_AD_OWNER');
      });
    });
  }

  it('records why it closed', () => {
    expect(fold(CLOSED_EARLY).closedReason).toBe('closedEarlyByOwner');
    expect(fold(EXPIRED).closedReason).toBe('finalCallExpired');
  });
});
