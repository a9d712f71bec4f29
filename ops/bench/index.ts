import { measureSearchUser } from './accounts.search.ts';
import { measureSignin } from './accounts.signin.ts';
import { measureAppends } from './eventstore.append.ts';
import { measureProjectionLag } from './eventstore.lag.ts';
import { measureBidding } from './bidding.ts';
import { measureCatalogue } from './catalogue.ts';
import { measurePayments } from './payments.ts';
import type { BenchGroup } from './types.ts';

/** Every benchmark group `npm run bench` knows, by the names the issues give. */
export const benchGroups: BenchGroup[] = [
  {
    name: 'eventstore',
    async run(context) {
      return { ...(await measureAppends(context)), ...(await measureProjectionLag(context)) };
    },
  },
  {
    name: 'accounts',
    async run(context) {
      return { ...(await measureSignin(context)), ...(await measureSearchUser(context)) };
    },
  },
  { name: 'bidding', run: measureBidding },
  { name: 'catalogue', run: measureCatalogue },
  { name: 'payments', run: measurePayments },
];
