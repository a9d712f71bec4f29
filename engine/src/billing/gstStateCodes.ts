/*
 * The two-digit GST state codes (the first two digits of a GSTIN, and the code a tax invoice
 * prints beside the state), by the state names of the reference data
 * (ops/src/seed/reference-data/india-states-districts.json). Source: the GST state code list of
 * the GST Network; Andhra Pradesh is 37 since 2014 (28 was the undivided state), Dadra and Nagar
 * Haveli and Daman and Diu 26 since their merger in 2020.
 */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
};

/** "Kerala (32)", as a tax invoice names a state; the name alone when it has no code. */
export function stateWithGstCode(state: string): string {
  const code = GST_STATE_CODES[state.trim()];
  return code ? `${state.trim()} (${code})` : state;
}
