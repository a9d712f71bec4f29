import type { DomainError } from '@boli/engine/shared/decider';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';

/**
 * Each domain error code's HTTP status and, where the spec words it, its message. The one place
 * where the engine's stable codes meet HTTP. Codes not listed answer 422 with the error's own text.
 */
export const DOMAIN_ERROR_STATUS: Record<string, { status: number; message?: string }> = {
  USER_ALREADY_EXISTS: { status: 409, message: MESSAGES.alreadySignedUp },
  COMMAND_CONFLICT: { status: 409, message: MESSAGES.generic },
  NOT_FOUND: { status: 404 },
  FORBIDDEN: { status: 403 },
  // Accounts (engine/src/accounts/account.decider.ts)
  COMMAND_TIME_INVALID: { status: 400, message: MESSAGES.generic },
  ACCOUNT_NOT_FOUND: { status: 404, message: MESSAGES.noAccountSignupFirst },
  ACCOUNT_BLOCKED: { status: 403, message: ACCOUNT_MESSAGES.accountBlocked },
  BLOCK_SELF: { status: 403, message: ACCOUNT_MESSAGES.cannotBlockSelf },
  BLOCK_STAFF: { status: 403, message: ACCOUNT_MESSAGES.onlyAdminBlocksStaff },
  EMAIL_NOT_VERIFIED: { status: 403, message: MESSAGES.emailNotValidated },
  MOBILE_NOT_VERIFIED: { status: 403, message: ACCOUNT_MESSAGES.mobileNotVerified },
  SIGNIN_MOBILE_NOT_VERIFIED: {
    status: 403,
    message: ACCOUNT_MESSAGES.otpSignInNeedsVerifiedMobile,
  },
  MOBILE_ALREADY_VERIFIED: { status: 409, message: ACCOUNT_MESSAGES.mobileAlreadyVerified },
  COMMAND_NOT_ALLOWED: { status: 409, message: MESSAGES.generic },
  VALIDATION_FAILED: { status: 400, message: MESSAGES.invalidForm },
  OTP_PURPOSE_UNKNOWN: { status: 400, message: MESSAGES.generic },
  OTP_DAILY_LIMIT: { status: 429, message: MESSAGES.dailyLimitServer },
  OTP_INVALID: { status: 400, message: MESSAGES.incorrectOtp },
  OTP_EXPIRED: { status: 400, message: ACCOUNT_MESSAGES.otpExpired },
  OTP_CODE_VOID: { status: 400, message: ACCOUNT_MESSAGES.otpCodeVoid },
  WRONG_PASSWORD: { status: 400, message: ACCOUNT_MESSAGES.wrongOldPassword },
  RESET_TOKEN_INVALID: { status: 400, message: ACCOUNT_MESSAGES.resetLinkInvalid },
  RESET_TOKEN_EXPIRED: { status: 400, message: ACCOUNT_MESSAGES.resetLinkExpired },
  ROLE_UNKNOWN: { status: 400, message: MESSAGES.generic },
  PRIVACY_SETTING_UNKNOWN: { status: 400, message: MESSAGES.generic },
  PROFILE_PICTURE_INVALID: { status: 400, message: ACCOUNT_MESSAGES.profilePictureInvalid },
  EMAIL_RESEND_DAILY_LIMIT: { status: 429, message: MESSAGES.dailyLimitServer },
  // A bid fee's bid that the member placed already (api/src/payments/bidFee.ts)
  BID_ALREADY_PLACED: { status: 409, message: BILLING_MESSAGES.bidFeeBidAlreadyPlaced },
  // Ads: posting, editing and the gallery (engine/src/ads/ad.decider.ts, ad.rules.ts)
  REQUIRED_FIELD_MISSING: { status: 400, message: AD_MESSAGES.fillRequiredFields },
  ADDRESS_REQUIRED: { status: 400, message: MESSAGES.addressRequired },
  INVALID_PHONE: { status: 400, message: MESSAGES.invalidMobile },
  // The field's own message (digits only, at most 6) comes in details.errors.
  INVALID_PINCODE: { status: 400, message: MESSAGES.invalidForm },
  DESCRIPTION_TOO_LONG: { status: 400, message: AD_MESSAGES.descriptionTooLong },
  ITEM_NAME_TOO_LONG: { status: 400, message: AD_MESSAGES.itemNameTooLong },
  PLACE_TOO_LONG: { status: 400, message: AD_MESSAGES.placeTooLong },
  INVALID_PRICE: { status: 400, message: AD_MESSAGES.invalidPrice },
  INVALID_CURRENCY: { status: 400, message: AD_MESSAGES.invalidCurrency },
  UNKNOWN_CATEGORY: { status: 400, message: AD_MESSAGES.unknownCategory },
  UNKNOWN_SUBCATEGORY: { status: 400, message: AD_MESSAGES.unknownSubcategory },
  UNKNOWN_MAKE: { status: 400, message: AD_MESSAGES.unknownMake },
  UNKNOWN_MODEL: { status: 400, message: AD_MESSAGES.unknownModel },
  SPORTS_TYPE_REQUIRED: { status: 400, message: AD_MESSAGES.sportsTypeRequired },
  VEHICLE_FIELDS_REQUIRED: { status: 400, message: AD_MESSAGES.vehicleFieldsRequired },
  INVALID_MILEAGE: { status: 400, message: AD_MESSAGES.invalidMileage },
  INVALID_YEAR_OF_MANUFACTURE: { status: 400, message: AD_MESSAGES.invalidYear },
  INVALID_VEHICLE_FIELD: { status: 400, message: AD_MESSAGES.invalidVehicleField },
  AD_NOT_FOUND: { status: 404, message: AD_MESSAGES.adNotFound },
  AD_ALREADY_POSTED: { status: 409, message: MESSAGES.generic },
  INVALID_UID: { status: 400, message: MESSAGES.generic },
  NOT_AD_OWNER: { status: 403, message: AD_MESSAGES.notAdOwner },
  AD_CLOSED: { status: 409, message: AD_MESSAGES.adClosed },
  MEDIA_REQUIRED: { status: 400, message: AD_MESSAGES.mediaRequired },
  TOO_MANY_MEDIA: { status: 400, message: AD_MESSAGES.tooManyMedia },
  INVALID_MEDIA: { status: 400, message: AD_MESSAGES.mediaUnreadable },
  MEDIA_NOT_FOUND: { status: 404, message: AD_MESSAGES.mediaNotFound },
  LAST_MEDIA: { status: 409, message: AD_MESSAGES.lastMedia },
  MEDIA_ORDER_STALE: { status: 409, message: AD_MESSAGES.mediaOrderStale },
  AD_CHANGED: { status: 409, message: AD_MESSAGES.adChangedElsewhere },
  // Bidding (engine/src/ads/ad.decider.ts: PlaceBid, MakeFinalCall, CloseBidding)
  BIDDING_CLOSED: { status: 409, message: MESSAGES.biddingClosed },
  OWN_AD: { status: 403, message: MESSAGES.ownAdBid },
  NOT_ENTITLED: { status: 403, message: MESSAGES.pleaseSubscribe },
  BID_DETAILS_MISSING: { status: 400, message: MESSAGES.enterAllBidDetails },
  INVALID_BID_AMOUNT: { status: 400, message: MESSAGES.enterAllBidDetails },
  AMOUNT_TOO_LARGE: { status: 400, message: MESSAGES.amountTooLarge },
  BID_ALIAS_TOO_SHORT: { status: 400, message: MESSAGES.bidAliasTooShort },
  BID_ALIAS_TOO_LONG: { status: 400, message: MESSAGES.bidAliasTooLong },
  BID_ALIAS_HIDING_CHARACTERS: { status: 400, message: MESSAGES.bidAliasHidingCharacters },
  BID_ALIAS_BRACKETS: { status: 400, message: MESSAGES.bidAliasBrackets },
  ALIAS_TOO_CLOSE_TO_USERNAME: { status: 400, message: MESSAGES.bidAliasContainsUsername },
  BID_ALIAS_TAKEN: { status: 409, message: MESSAGES.bidAliasTaken },
  // The decider's message names the alias the member bid under on the ad (`data.alias`).
  BID_ALIAS_CHANGED: { status: 409 },
  FINAL_CALL_ALREADY_MADE: { status: 409, message: MESSAGES.finalCallAlreadyMade },
  FINAL_CALL_IN_PAST: { status: 400, message: MESSAGES.finalCallInPast },
  INVALID_DEADLINE: { status: 400, message: MESSAGES.finalCallDateRequired },
  NO_BIDS_BEFORE_FINAL_CALL: { status: 409, message: MESSAGES.noBidsPosted },
  // Social (engine/src/social/: reviews, mobile-number requests, contact messages)
  REVIEW_TEXT_REQUIRED: { status: 400, message: MESSAGES.reviewTextRequired },
  REVIEW_TOO_LONG: { status: 400, message: MESSAGES.reviewTooLong },
  SELF_REVIEW: { status: 400, message: MESSAGES.reviewSelf },
  // The decider's message names when the requester may ask again.
  MOBILE_REQUEST_TOO_SOON: { status: 429 },
  REVIEW_NOT_FOUND: { status: 404, message: MESSAGES.reviewNotFound },
  REVIEW_NOT_YOURS: { status: 403, message: MESSAGES.reviewNotYours },
  REVIEW_CHANGED: { status: 409, message: MESSAGES.reviewChanged },
  // A blocked member's ad, bid on from a page left open: answered as its page is, not found.
  AD_WITHDRAWN: { status: 404, message: AD_MESSAGES.adNotFound },
  MOBILE_REQUEST_TO_SELF: { status: 400, message: MESSAGES.mobileRequestSelf },
  MOBILE_REQUEST_TO_BLOCKED_MEMBER: { status: 403, message: MESSAGES.mobileRequestBlockedMember },
  MOBILE_REQUEST_FROM_BLOCKED_MEMBER: {
    status: 403,
    message: MESSAGES.mobileRequestBlockedMember,
  },
  MOBILE_REQUEST_NOT_FOUND: { status: 404, message: MESSAGES.mobileRequestNotFound },
  MOBILE_REQUEST_NOT_YOURS: { status: 403, message: MESSAGES.mobileRequestNotYours },
  MOBILE_REQUEST_NOT_APPROVED: { status: 409, message: MESSAGES.mobileRequestNotApproved },
  // The decider's message is the form's: 'Please enter all details.' or the first field's.
  CONTACT_MESSAGE_INVALID: { status: 400 },
  CONTACT_MESSAGE_NOT_FOUND: { status: 404, message: MESSAGES.contactMessageNotFound },
  // Ad space and slot bids (engine/src/adspace/: adSpace.decider.ts, adSlot.decider.ts)
  SPACE_NOT_FOUND: { status: 404, message: ADSPACE_MESSAGES.spaceNotFound },
  NOT_SPACE_OWNER: { status: 403, message: ADSPACE_MESSAGES.notSpaceOwner },
  SPACE_ENDED: { status: 409, message: ADSPACE_MESSAGES.spaceEnded },
  // The decider's message says what is wrong with the link: not a web address, or too long.
  CREATIVE_LINK_INVALID: { status: 400 },
  SLOT_BID_DETAILS_MISSING: { status: 400, message: MESSAGES.pleaseEnterAllDetails },
  // The decider's details carry the action message ('Ad Bid Amount has to be higher …').
  SLOT_BID_BELOW_BASE: { status: 400, message: MESSAGES.slotBidBelowBase },
  SLOT_DATE_INVALID: { status: 400, message: MESSAGES.invalidDate },
  SLOT_DATE_PASSED: { status: 400, message: ADSPACE_MESSAGES.slotDatePassed },
  SLOT_DATE_TOO_FAR: { status: 400, message: ADSPACE_MESSAGES.slotDateTooFar },
  SLOT_CLOSED: { status: 409, message: MESSAGES.biddingClosed },
  SLOT_BIDDING_OPEN: { status: 409, message: MESSAGES.generic },
  SLOT_OFFER_OPEN: { status: 409, message: MESSAGES.generic },
  SLOT_OFFER_LAPSED: { status: 409, message: ADSPACE_MESSAGES.slotOfferLapsed },
  // Share bids (engine/src/shares/shareBid.decider.ts); the bid's own codes are the item bids'.
  COMPANY_NAME_TAKEN: { status: 409, message: MESSAGES.companyNameTaken },
  SHARE_FEE_NOT_PAID: { status: 403, message: MESSAGES.shareFeeRequired },
  // Purchases (engine/src/billing/purchase.decider.ts): a report that does not fit the purchase.
  PURCHASE_NOT_FOUND: { status: 404, message: BILLING_MESSAGES.purchaseNotFound },
  PURCHASE_COMMAND_NOT_ALLOWED: { status: 409, message: MESSAGES.generic },
  PURCHASE_LINES_INVALID: { status: 500, message: MESSAGES.generic },
  ORDER_AMOUNT_MISMATCH: { status: 502, message: MESSAGES.generic },
  ORDER_MISMATCH: { status: 400, message: BILLING_MESSAGES.paymentVerificationFailed },
  PAYMENT_NOT_CAPTURED: { status: 409, message: MESSAGES.generic },
  PURCHASE_NOT_EXPIRED: { status: 409, message: MESSAGES.generic },
};

export const statusOfDomainError = (code: string): { status: number; message?: string } =>
  DOMAIN_ERROR_STATUS[code] ?? { status: 422 };

/** A refusal as the member is told it: its code, and the message the api answers with. */
export const refusalOf = (error: DomainError): { code: string; message: string } => ({
  code: error.code,
  message: statusOfDomainError(error.code).message ?? error.message,
});
