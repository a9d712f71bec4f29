import type { ReactNode } from 'react';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import type { AdView } from '../ads.api.ts';
import type { useAdPages } from '../useAdPages.ts';
import { AdCard, AdGrid, type CardHeading } from './AdCard.tsx';
import { AdListFooter } from './AdListFooter.tsx';

type Props = {
  /** What `useAdPages` holds of the list. */
  pages: ReturnType<typeof useAdPages>;
  /** What the spinner says while a page loads ('Loading your ads'). */
  loadingLabel: string;
  /** What is shown when the list has no ads. */
  empty: ReactNode;
  /** Buttons under a card (My Ads' Edit and Media), if any. */
  actions?: (ad: AdView) => ReactNode;
  /** The cards' heading level: h2 under the page's h1, h3 under a section's h2. */
  cardHeading?: CardHeading;
};

/**
 * A member's list of ad cards (My Ads, My Bids, a seller's ads): the cards, a failure with Retry,
 * a spinner while a page loads, what an empty list says, and Load More.
 */
export function AdCardList({ pages, loadingLabel, empty, actions, cardHeading }: Props) {
  const { ads, loading, error, retry } = pages;
  return (
    <>
      {error && <LoadFailure message={error} onRetry={retry} />}
      {ads.length > 0 && (
        <AdGrid>
          {ads.map((ad, index) => (
            <AdCard
              key={ad._id}
              ad={ad}
              index={index}
              actions={actions?.(ad)}
              heading={cardHeading}
            />
          ))}
        </AdGrid>
      )}
      {loading && <CenteredSpinner label={loadingLabel} />}
      {!loading && !error && ads.length === 0 && empty}
      <AdListFooter list={pages} />
    </>
  );
}
