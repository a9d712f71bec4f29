import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { isTooLargeAmount } from '../../../components/bidDetails.ts';
import { companyTakenRefusal, quotableSlotBid, slotBidRefusal } from './slotBidInput.ts';

describe('a slot bid as typed', () => {
  it('needs a type and an amount, naming the field to mend', () => {
    expect(slotBidRefusal('', '250000')).toEqual({
      msg: 'Please enter all details',
      field: 'type',
    });
    expect(slotBidRefusal('sidePanels', ' ')).toEqual({
      msg: 'Please enter all details',
      field: 'amount',
    });
  });

  it('must be more than the 2,00,000 rupee base amount', () => {
    const belowBase = {
      msg: 'Please Enter amount more than base amount.',
      action: 'Ad Bid Amount has to be higher than Base Amount',
      field: 'amount',
    };
    expect(slotBidRefusal('authPages', '200000')).toEqual(belowBase);
    expect(slotBidRefusal('authPages', '150000')).toEqual(belowBase);
    expect(slotBidRefusal('authPages', '200000.01')).toBeNull();
    expect(slotBidRefusal('sidePanels', '250000')).toBeNull();
  });

  it('is refused as too large beyond what paise hold, before any quote or confirmation', () => {
    const tooLarge = { msg: MESSAGES.amountTooLarge, field: 'amount' };
    expect(slotBidRefusal('authPages', '950000000000000')).toEqual(tooLarge);
    // Twenty digits, which a number holds only rounded: refused, not shown as another amount.
    expect(slotBidRefusal('authPages', '99999999999999999999')).toEqual(tooLarge);
    expect(slotBidRefusal('authPages', '90000000000000')).toBeNull();
    expect(isTooLargeAmount('950000000000000')).toBe(true);
    expect(isTooLargeAmount('250000')).toBe(false);
    expect(isTooLargeAmount('')).toBe(false);
  });
});

describe('the amount whose GST and total are shown as it is typed', () => {
  it('is the amount typed once it could be bid, paise and all', () => {
    expect(quotableSlotBid('sidePanels', '200000.50')).toBe(200_000.5);
    expect(quotableSlotBid('authPages', '250000')).toBe(250_000);
  });

  it('is none while the bid could not be sent: no type, no amount, not above the base', () => {
    expect(quotableSlotBid('', '250000')).toBeNull();
    expect(quotableSlotBid('sidePanels', '')).toBeNull();
    expect(quotableSlotBid('sidePanels', '200000')).toBeNull();
    expect(quotableSlotBid('sidePanels', '150000')).toBeNull();
    expect(quotableSlotBid('sidePanels', '950000000000000')).toBeNull();
  });
});

describe('a slot bid under a company name', () => {
  const bids = [
    { _id: 'b1', mine: false, company: 'Meridian Corp' },
    { _id: 'b2', mine: true, company: 'Kaveri Traders' },
  ];

  it('is refused before it is confirmed when another bidder goes by the name, as they write it or not', () => {
    const taken = { msg: MESSAGES.companyNameTaken, field: 'company' };
    expect(companyTakenRefusal('Meridian Corp', bids)).toEqual(taken);
    expect(companyTakenRefusal('  meridian  CORP.', bids)).toEqual(taken);
  });

  it("is let through under the viewer's own name, a new name, or none", () => {
    expect(companyTakenRefusal('kaveri traders', bids)).toBeNull();
    expect(companyTakenRefusal('Godavari Logistics', bids)).toBeNull();
    expect(companyTakenRefusal('', bids)).toBeNull();
    expect(companyTakenRefusal('Meridian Corp', [])).toBeNull();
  });
});
