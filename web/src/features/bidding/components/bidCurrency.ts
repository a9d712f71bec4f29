import { createContext, useContext } from 'react';

/**
 * The ad's currency, which its bids are in (rupees unless the ad says otherwise): the bid area
 * gives it to every amount it shows, as the notices and My Ads write them.
 */
export const BidCurrency = createContext('INR');

export const useBidCurrency = (): string => useContext(BidCurrency);
