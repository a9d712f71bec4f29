import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { PaymentProgress } from './PaymentProgress.tsx';

const shown = (problemFinal: boolean, step: 'quoteFailed' | 'cancelled' = 'quoteFailed') =>
  renderToStaticMarkup(
    <PaymentProgress
      step={step}
      problem={MESSAGES.companyNameTaken}
      problemFinal={problemFinal}
      settled={null}
      onRetry={() => {}}
    />,
  );

describe('a payment that did not go through', () => {
  it('offers Try again only when asking again can help', () => {
    expect(shown(false)).toContain('Try again');
    const refused = shown(true);
    expect(refused).toContain(MESSAGES.companyNameTaken);
    expect(refused).not.toContain('Try again');
    // A closed checkout can always be opened again.
    expect(shown(true, 'cancelled')).toContain('Try again');
  });
});
