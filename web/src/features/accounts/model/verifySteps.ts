/**
 * Above Verify Your Email on Verify Mobile Number (/otp-phone-verify) while the email is not
 * verified: two steps' headings share that screen, so it says which comes first (section 2's
 * order: the email, then the phone) and what the second will ask.
 */
export const EMAIL_FIRST =
  'Step 1 of 2: verify your email. Then we send a code to your mobile number to enter here.';

/** Said when the email link brings someone to the OTP screen who is not signed in on that device. */
export const EMAIL_VERIFIED_NOW = 'Your email is verified.';
