/**
 * Above Verify Your Email on Verify Mobile Number (/otp-phone-verify) while the email is not
 * verified: two steps' headings share that screen, so it says which comes first (section 2's
 * order: the email, then the phone) and what the second will ask.
 */
export const EMAIL_FIRST =
  'Step 1 of 2: verify your email. Then we send a code to your mobile number to enter here.';

/** Said when the email link brings someone to the OTP screen who is not signed in on that device. */
export const EMAIL_VERIFIED_NOW = 'Your email is verified.';

const NUMBER_CHANGED = 'Mobile number changed.';

/**
 * What a number changed on Verify Mobile Number comes to, by the sends left today and Resend's
 * countdown: a code on its way to it, one to ask for, or none until tomorrow.
 */
export function numberChangedText(triesLeft: number | null, cooldown: number): string {
  if (triesLeft === 0) {
    return `${NUMBER_CHANGED} No more codes can be sent today: try again after 24 hours.`;
  }
  if (cooldown > 0) return `${NUMBER_CHANGED} Press Resend OTP to send a code to it.`;
  // The send's own notice ('Otp sent successfully.') says the rest, once.
  return NUMBER_CHANGED;
}
