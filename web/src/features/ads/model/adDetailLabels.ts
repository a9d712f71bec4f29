import type { AD_DETAIL_FIELDS } from '@boli/engine/ads/ad.events';

/** One of the ad's details (engine/src/ads/ad.events.ts, AdDetails). */
export type AdDetailField = (typeof AD_DETAIL_FIELDS)[number];

/** The ad's details by the names the Post Ad form gives them. */
const DETAIL_LABELS: Record<AdDetailField, string> = {
  itemName: 'Item name',
  categoryname: 'Category',
  subcategory: 'Subcategory',
  type: 'Type',
  price: 'Price',
  currencycode: 'Currency',
  description: 'Description',
  phone: 'Phone',
  displayPhone: 'Phone shown on the ad',
  houseno: 'House number',
  street: 'Street',
  city: 'Town/Village',
  neighbourHood: 'Neighbourhood',
  district: 'District',
  pincode: 'Pincode',
  state: 'State',
  country: 'Country',
  make: 'Manufacturer',
  model: 'Model',
  mileage: 'Mileage (km)',
  yearOfManufacture: 'Year of manufacture',
  ownerOrDealer: 'Owner or Dealer',
  newOrused: 'New or Used',
};

export const detailLabel = (field: AdDetailField): string => DETAIL_LABELS[field];
