import { LIMITS } from './limits.ts';

/**
 * The spec's user-facing messages (sections 5 and 8), word for word — typos included, because
 * they are the contract. Code refers to them by name; nothing else spells them out.
 */
export const MESSAGES = {
  generic: 'Something went wrong. Please try again.',
  sessionExpired: 'Your session expired. Please login again.',
  /** Section 4: the msg of the 403 that says the access token expired (the web then renews it). */
  tokenExpired: 'TOKEN_EXPIRED',
  /** Ours: this tab's session ended because another tab of the browser logged out. */
  loggedOutElsewhere: 'You logged out in another tab.',
  /** Ours: the stored login could not be checked (the connection or the server), not refused. */
  sessionUnchecked: 'We could not check your login just now. Please try again.',
  /** Ours: a call failed while the browser knows it has no connection. */
  offline: 'You are offline. Check your connection and try again.',
  /** Ours: under a spinner turning longer than LIMITS.slowLoadHintMs. */
  slowLoad: 'Still loading: the connection seems slow.',
  /** Ours: a screen's script, fetched on first use, did not arrive (a dropped connection). */
  pageNotLoaded: 'This page could not be loaded. Check your connection and try again.',
  /** Ours: a bid was sent but its answer was lost; a retry carries the same Idempotency-Key. */
  bidUnconfirmed: 'We could not confirm your bid. Press Bid again: it will not be placed twice.',
  /** Ours, as bidUnconfirmed: the answer to Post Ad! was lost; a retry posts no second ad. */
  adUnconfirmed:
    'We could not confirm your ad was posted. Press Post Ad! again: it will not be posted twice.',
  shareBidUnconfirmed:
    'We could not confirm your bid. Press Post Bid again: it will not be placed twice.',
  slotBidUnconfirmed:
    'We could not confirm your bid. Press Post Ad Bid again: it will not be placed twice.',
  reviewUnconfirmed:
    'We could not confirm your review was posted. Press Post Review again: it will not be posted twice.',
  /**
   * Ours: a request sent again with the Idempotency-Key of one still being handled (or of one
   * whose process stopped, till its claim on the key lapses): done once, answered once it is.
   */
  requestInProgress:
    'Your earlier try is still being handled. Wait a few seconds and try again: it will not be done twice.',
  contactUnconfirmed:
    'We could not confirm your message was sent. Press Submit again: it will not be sent twice.',
  loginRequired: 'Login Required!! Please login to continue',
  addressRequired: 'Address Required!! Please fill the address',
  pageNotFound: 'Page not found',
  noUsersFound: 'No Users Found',
  /**
   * Ours: a /{user_name} address whose name is nobody's shown (the page is 'Page not found'):
   * nobody's, or a blocked member's, whom it does not tell apart.
   */
  noMemberNamed: (name: string) => `No member called “${name}” can be shown.`,
  noBidsPosted: 'No bids are posted',
  noAdsAvailable: 'No Ads Available',
  enterAllBidDetails: 'Enter all bid details',
  /**
   * Not in the spec: a bid or price beyond what money can be (money.ts, isTooLargeForPaise: above
   * about ₹90.07 lakh crore, the most integer paise hold exactly). The limit is named rounded down.
   */
  amountTooLarge: 'This amount is too large: amounts up to ₹90 lakh crore are taken.',
  pleaseLoginFirst: 'Please login first',
  pleaseEnterAllDetails: 'Please enter all details',
  biddingClosed: 'Bidding Closed',
  // Success dialogs
  reviewPosted: 'Review Posted!',
  bidPosted: 'Bid Posted!',
  finalCallDone: 'Done!',
  bidClosed: 'Bid Closed!',
  adPosted: 'Ad posted successfully.',
  adUpdated: 'Ad Updated!',
  adBidPosted: 'Ad Bid Posted!',
  passwordChangedLogin: 'Password changed successfully. Please login with the new password.',
  // Sign-up
  alreadySignedUp: 'Already signed up.',
  emailExists: 'This email already exists.',
  phoneExists: 'This phone number already exists.',
  agreeToTermsToMoveForward: 'Please agree to terms and conditions to move forward.',
  // Forgot / reset password
  noAccountSignupFirst: "You don't have an account. Signup first.",
  resetEmailSent: 'We have sent you an email to reset your password.',
  passwordChanged: 'Password changed successfully.',
  resetPasswordMismatch: 'Password do not match. Enter the same password again.',
  // Email verification
  emailNotValidated: 'Your email is not validated.',
  emailSent: 'Email sent successfully.',
  resendFailed: 'Sorry! Failed to resend OTP',
  // OTP
  dailyLimitServer: 'You reached daily limit',
  dailyLimitClient: 'You reached daily limit, Try after 24 Hours.',
  dailyLimitReached: 'Daily limit reached',
  otpSent: 'Otp sent successfully.',
  /** Not the spec's: a send on load that found the code sent a moment ago standing sent none. */
  otpStillStands: 'We sent you a code a moment ago: enter that one.',
  phoneVerified: 'Phone verified successfully.',
  incorrectOtp: 'Incorrect OTP.',
  // Profile
  profileUpdated: 'Profile updated successfully!',
  profileNotUpdated: 'Could not update your profile.',
  profilePicUpdated: 'Profile pic updated.',
  // Contact
  contactSent: 'Details Sent successfully. You will hear from us shortly.',
  contactAllDetails: 'Please enter all details.',
  contactMessageNotFound: 'This message was not found.',
  // Subscription
  pleaseSubscribe: 'Please subscribe to bid and sell.',
  lifetimeSubscription: 'Lifetime Subscription',
  // Bid alias
  bidAliasTooShort: 'Mininum bid username length is 3',
  // Ours: section 9 gives aliases at most 15 characters; the spec words no message for it.
  bidAliasTooLong: `Maximum bid username length is ${LIMITS.bidAlias.max}`,
  bidAliasContainsUsername:
    'Bid username can’t contain any 3 consecutive characters of the login user name.',
  // Ours: bidders see aliases alone, so an alias must not pass for another member.
  bidAliasIsUsername: 'This bid alias is another member’s username. Please choose another.',
  // Slot bids
  slotBidBelowBase: 'Please Enter amount more than base amount.',
  slotBidBelowBaseAction: 'Ad Bid Amount has to be higher than Base Amount',
  // Validation (section 5)
  cannotBeBlank: 'cannot be blank',
  max15: 'maximum 15 characters allowed',
  max20: 'maximum 20 characters allowed',
  max100: 'maximum 100 characters allowed',
  /**
   * The spec's 'minimum 6 and maximum 15 characters allowed', with the minimum of the more
   * permissive reading LIMITS.username chose (4).
   */
  usernameLength: `minimum ${LIMITS.username.min} and maximum ${LIMITS.username.max} characters allowed`,
  noSpecialCharacters: "cannot contain special characters except '-', '_', '.'",
  confirmationMismatch: 'confirmation password do not match password',
  invalidGender: 'please select a valid Gender',
  invalidDate: 'Please provide a valid date',
  digitsOnly: 'can only contains digits',
  invalidMobile: 'Please provide a valid Mobile Number',
  pincodeMax: 'Maximum of 6 digits allowed',
  agreeToTerms: 'Please agree to the terms of services',
  invalidForm: 'Please provide valid details in the form.',
  /** Ours: PostgreSQL cannot store U+0000, so no field or address may carry it. */
  nulCharacter: 'The request holds a NUL character, which no field or link may contain.',
  bodyNotJson:
    'The request body could not be read: send a JSON object or array, without __proto__ or constructor keys.',
  bodyEncodingUnsupported:
    'The request body’s Content-Encoding is not one this server reads: send gzip, deflate, br or none.',
  bodyNotDecodable: 'The request body does not match its Content-Encoding (gzip, deflate or br).',
  bodyTooLarge: `The request body is too large: at most ${LIMITS.requestBodyMaxMegabytes} MB of JSON or form (uploads have their own limits).`,
  bodyTypeUnsupported:
    'The request body’s Content-Type is not one this call reads: send application/json (or a form; multipart only with an upload).',
  requestTooLong:
    'The request’s address or headers are too long (over 16 KB): send long input in a JSON body.',
  requestNotHttp: 'The request could not be read as HTTP.',
  requestTooSlow: `The upload took over ${LIMITS.requestArrivalMinutes} minutes and was stopped. Please try again, on a faster connection if you can.`,
  pageAddressTooLong: 'This address is too long to open.',
  methodNotAllowed: (method: string, allowed: string) =>
    `This address does not take ${method}: send ${allowed.split(', ').join(' or ')}.`,
  methodNotImplemented: (method: string) => `This server takes no ${method} requests.`,
  bodyCharsetUnsupported: 'The request body must be UTF-8: send charset=utf-8, or no charset.',
  brokenCharacter:
    'The request holds half of a character (a broken emoji or symbol), which no field may contain. Please type it again.',
  /** Ours: a control or bidi override character makes text read otherwise than it is stored. */
  controlCharacter:
    'The request holds an invisible control character (a right-to-left override, say), which no field may contain. Please type it again.',
  /** Ours: marks piled on one letter (8 or more) paint over the lines around it. */
  stackedMarks:
    'The request holds a letter with more marks stacked on it than any language uses. Please type it again.',
  confirmDetailsWarning:
    'Please check the below details properly, as you will not be able to change them in the future.',
  changePasswordTooShort: 'Password has to be longer than 5 characters',
  cannotBeEmpty: 'Cannot be empty',
  passwordsDoNotMatch: 'Passwords do not match',
  enterAllFields: 'Please enter all fields.',
  // Social (issue #9): reviews, mobile-number requests, contact. The spec gives no words for
  // these refusals; each is worded in the style of its neighbours.
  reviewTextRequired: 'Please write your review.',
  reviewTooLong: `A review can have at most ${LIMITS.reviewTextMax} characters.`,
  /** Ours: the staff's Ad history lookup, given more than any id, username or name holds. */
  staffLookupTooLong: `Type at most ${LIMITS.staffLookupKeyMax} characters: an id, a username or words of a name.`,
  reviewSelf: 'You cannot review yourself.',
  reviewUpdated: 'Review Updated!',
  reviewDeleted: 'Review deleted.',
  reviewNotFound: 'This review is no longer there.',
  reviewNotYours: 'Only its writer can change this review.',
  reviewChanged:
    'This review was changed in the meantime (in another tab?). Here it is now: change it again if you wish.',
  mobileRequestSent: 'Request sent.',
  mobileRequestSelf: 'You cannot request your own mobile number.',
  mobileRequestBlockedMember: 'This member is not available.',
  mobileRequestNotFound: 'This request does not exist.',
  mobileRequestNotYours: 'Only the member whose number was asked for can answer this request.',
  mobileRequestNotApproved: 'Only an approved request can be revoked.',
  mobileRequestStatusInvalid: 'Status must be approved, rejected or revoked.',
  mobileRequestApproved: 'Request approved.',
  mobileRequestRejected: 'Request rejected.',
  mobileRequestRevoked: 'Access revoked.',
  /** A Settings switch saved (the api's answer; the screen says it as a snackbar). */
  settingsUpdated: 'Settings updated.',
  /** Reject or Revoke on a request already said no to (rejected, or approved and taken back). */
  mobileRequestAlreadyNo: 'Nothing to change: your number is not shared with them.',
  contactMobileTooLong: `Maximum of ${LIMITS.contactMobileMaxDigits} digits allowed`,
  contactDescriptionTooLong: `Description must be below ${LIMITS.descriptionMaxExclusive} characters.`,
  contactSubjectInvalid: 'Please select a valid subject',
  invalidEmail: 'Please provide a valid Email',
  // Bidding (issue #6): refusals the spec states as rules without words.
  ownAdBid: 'You cannot bid on your own ad.',
  finalCallAlreadyMade: 'The final call has already been made.',
  finalCallInPast: 'The final call cannot be in the past.',
  finalCallDateRequired: 'Please select the final call date and time.',
  // Share bids (issue #8): refusals the spec states as rules without words.
  shareFeeRequired: 'Please pay the buy-share bid fee to post your bid.',
  shareFeeAlreadyPaid:
    'You have already paid the buy-share bid fee. Your bids are posted directly.',
  companyNameTaken: 'Another bidder uses this company name. Please choose another.',
  bidAliasTaken: 'Another bidder on this ad uses this bid alias. Please choose another.',
  /** A member's later bid on an ad under another alias than their first there. */
  bidAliasChanged: (alias: string) =>
    `You bid on this ad as ${alias}: please bid under the same alias.`,
  bidAliasHidingCharacters: 'A bid alias cannot hold invisible characters. Please type it again.',
  /** Ours: the pages mark bids in brackets ('(you)', '(staff)'); an alias must not fake a mark. */
  bidAliasBrackets: 'A bid alias cannot hold ( or ): the page marks bids with them, as “(you)”.',
} as const;

export type MessageKey = keyof typeof MESSAGES;
