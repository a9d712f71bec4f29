/*
 * Words for the accounts refusals the spec does not word itself (its own, such as 'Incorrect
 * OTP', are in MESSAGES). Each is worded in the style of its neighbours; their numbers come from
 * LIMITS, as AD_MESSAGES' and ADSPACE_MESSAGES' do.
 */

import { inMegabytes, LIMITS } from '../shared/limits.ts';

export const ACCOUNT_MESSAGES = {
  /** A profile's place outside the reference data the address pickers offer. */
  unknownCountry: 'Please choose a country from the list.',
  unknownState: 'Please choose a state from the list.',
  unknownDistrict: 'Please choose a district from the list.',
  unknownNeighbourhood: 'Please choose a neighbourhood from the list.',
  /** The spec gives the password length (LIMITS.password) but no sign-up message for it. */
  passwordLength: `minimum ${LIMITS.password.min} and maximum ${LIMITS.password.max} characters allowed`,
  /** LIMITS.minimumAgeYears comes from the terms; the spec has no message for it. */
  underage: `You must be at least ${LIMITS.minimumAgeYears} years old`,
  invalidUrl: 'Please provide a valid URL',
  tooManyLinks: `Maximum of ${LIMITS.profileLinks} links allowed`,
  otpExpired: 'OTP expired. Please request a new one.',
  /** Not the spec's: the code is void after LIMITS.otp.failedAttemptsPerCode wrong ones. */
  otpCodeVoid: 'That code no longer works after too many wrong tries. Please press Resend OTP.',
  /** The wrong code that voided it. */
  otpWrongAndVoid: 'Incorrect OTP. That code no longer works: please press Resend OTP.',
  mobileNotVerified: 'Please verify your mobile number first.',
  mobileAlreadyVerified: 'Phone already verified.',
  /** Edit profile keeps a bid alias once set when the field comes empty (normalizeProfile). */
  bidAliasCannotBeRemoved: 'A bid alias cannot be removed. Type a new one to change it.',
  /** Not the spec's: a code is sent only to a verified phone; the password signs in to verify it. */
  otpSignInNeedsVerifiedMobile:
    'Your mobile number is not verified yet. Please login with your password to verify it.',
  /** Not the spec's: Login with OTP for an account whose email link was never opened. */
  otpSignInNeedsVerifiedEmail:
    'Your email is not verified yet. Please open the link we emailed you, or login with your password to have it sent again.',
  /** Not the spec's: Login with OTP for an account no code may sign in to (a blocked one). */
  otpSignInUnavailable: 'No code can be sent for this account. Please login with your password.',
  /** Not the spec's: Sign in with OTP's success, as 'Phone verified successfully.' is the check's. */
  otpSignedIn: 'Signed in successfully.',
  /** Not the spec's: the email link opened again once the email and the mobile are verified. */
  alreadyVerified: 'Your email and mobile are verified. Please login.',
  /** Not the spec's: a member's own link opened again, signed in. */
  ownEmailVerified: 'Your email is verified.',
  accountBlocked: 'Your account is blocked. Please contact customer care.',
  cannotBlockSelf: 'You cannot block your own account.',
  onlyAdminBlocksStaff: 'Only an admin can block a staff member.',
  wrongOldPassword: 'Old password is incorrect.',
  /** Not the spec's: a 'change' to the same password would only end every session. */
  samePassword: 'The new password must be different from the old one.',
  resetLinkInvalid: 'This reset link is not valid. Please request a new one.',
  resetLinkExpired: 'This reset link has expired. Please request a new one.',
  profilePictureInvalid: `Please choose one jpeg, jpg or png picture of at most ${inMegabytes(LIMITS.profilePicture.maxBytes)} MB.`,
  /** The Settings switch for the notices that also go by email, and what its emails call it. */
  emailNoticesSwitch: 'Email me notices',
} as const;
