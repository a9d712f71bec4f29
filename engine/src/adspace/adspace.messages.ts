import { LIMITS } from '../shared/limits.ts';

/*
 * Words the ad space screens need that the spec does not give (its own messages — 'Please login
 * first', 'Please Enter amount more than base amount.', 'Ad Bid Posted!' … — are in MESSAGES).
 */
export const ADSPACE_MESSAGES = {
  selectDatesInCalendar: 'Select dates in the calendar',
  slotDatePassed: 'Slots dated yesterday or earlier cannot be opened.',
  slotDateTooFar: `Slots can be bid for up to ${LIMITS.slotBidDaysAhead} days ahead.`,
  spaceNotFound: 'Ad space not found.',
  notSpaceOwner: 'This ad space is not yours.',
  spaceEnded: 'This ad space has ended.',
  creativeRequired: 'Please choose a photo or video.',
  creativeLinkInvalid: 'Enter the link as a web address starting with https://',
  creativeLinkTooLong: `The link can have at most ${LIMITS.creativeLinkChars} characters.`,
  slotHasNoBids: 'Nobody has bid for this slot.',
  slotOfferLapsed: 'The time to pay for this slot ran out, so it is no longer yours.',
  /** After the slot's line name, in the refund of a payment that came after its offer ran out. */
  slotPaidTooLate:
    'the time to pay for it ran out before this payment arrived, so the payment has been refunded.',
} as const;
