/*
 * Words for the post-ad and gallery refusals the spec does not word itself (section 5 gives the
 * rules, not the sentences). Worded in the style of the spec's neighbours; the api answers with
 * them (api/src/http/domainErrors.ts) and the web may show them beside its own checks.
 */

import { inMegabytes, LIMITS } from '../shared/limits.ts';

export const AD_MESSAGES = {
  adNotFound: 'Ad not found',
  fillRequiredFields: 'Please fill all the required fields.',
  descriptionTooLong: `Description must be below ${LIMITS.descriptionMaxExclusive} characters.`,
  itemNameTooLong: `Item name must be at most ${LIMITS.itemNameMax} characters.`,
  placeTooLong: `At most ${LIMITS.adPlaceMax} characters.`,
  invalidPrice: 'Price must be a number, 0 or more.',
  invalidCurrency: 'Please choose a valid currency.',
  unknownCategory: 'Please choose a category from the list.',
  unknownSubcategory: 'Please choose a subcategory of this category.',
  unknownMake: 'Please choose a manufacturer from the list for this subcategory.',
  unknownModel: 'Please choose a model of this manufacturer from the list.',
  sportsTypeRequired: 'Please select the type: Team or Player.',
  vehicleFieldsRequired:
    'Manufacturer, model, year, mileage, owner/dealer and new/used are required for this category.',
  /** The limit is LIMITS.adMileageMaxKm, 10 crore km, named as India counts. */
  invalidMileage: 'Mileage must be a number from 0 to 10 crore km.',
  invalidYear: 'Please select a valid year of manufacture.',
  invalidVehicleField: 'Please choose Owner or Dealer, and New or Used.',
  notAdOwner: 'Only the owner of this ad can change it.',
  adClosed: 'Bidding on this ad is closed; it can no longer be changed.',
  adChangedElsewhere:
    'This ad was changed in the meantime (in another tab?). The form now shows it as it is, with your changes kept: check them, then update again.',
  mediaRequired: 'Please add at least one photo or video.',
  tooManyMedia: `At most ${LIMITS.adMedia.maxFiles} photos and videos can be uploaded.`,
  mediaTooLarge: `Each photo or video must be at most ${inMegabytes(LIMITS.adMedia.maxBytes)} MB.`,
  mediaNotAllowed: `Only ${LIMITS.adMedia.extensions.slice(0, -1).join(', ')} or ${LIMITS.adMedia.extensions.at(-1)} files can be uploaded.`,
  mediaUnreadable: 'This file could not be read. Please choose another one.',
  /** A file of no bytes (a download cut short, a photo not yet synced from the cloud). */
  mediaEmpty: 'This file is empty. Please choose another one.',
  /** An allowed name ('car.jpg') on content of another kind, or of none. */
  mediaNotWhatNamed:
    'This file is not the photo or video its name says it is. Please choose another one.',
  mediaNotFound: 'This photo or video is not in the gallery.',
  lastMedia: 'An ad needs at least one photo or video. Add another before removing this one.',
  mediaOrderStale:
    'The photos and videos changed in the meantime (in another tab?). Here they are now: arrange them again.',
  stagedMediaNotFound: 'An uploaded file has expired. Please add it again.',
  notMultipart: 'Please send the ad as multipart/form-data.',
} as const;
