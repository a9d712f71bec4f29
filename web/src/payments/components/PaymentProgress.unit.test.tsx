import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { PaymentProgress } from './PaymentProgress.tsx';

const shown = (problemFinal: boolean, step: 'quoteFailed' | 'cancelled' = 'quoteFailed') =>
  renderToStaticMarkup(
    <MemoryRouter>
      <PaymentProgress
        step={step}
        problem={MESSAGES.companyNameTaken}
        problemFinal={problemFinal}
        settled={null}
        onRetry={() => {}}
      />
    </MemoryRouter>,
  );

describe('a payment that did not go through', () => {
  it('offers Try again only when asking again can help', () => {
    expect(shown(false)).toContain('Try again');
    const refused = shown(true);
    expect(refused).toContain(MESSAGES.companyNameTaken);
    expect(refused).not.toContain('Try again');
    // A closed checkout can always be opened again, or paid later from Transactions (a link).
    const closed = shown(true, 'cancelled');
    expect(closed).toContain('Try again');
    expect(closed).toMatch(/<a [^>]*href="\/transactions"[^>]*>Transactions<\/a> before it lapses/);
  });
});

describe('a checkout still open after a failed attempt', () => {
  const paying = (failedAttempt: string | null) =>
    renderToStaticMarkup(
      <PaymentProgress
        step="paying"
        problem={null}
        failedAttempt={failedAttempt}
        settled={null}
        onRetry={() => {}}
      />,
    );

  it('says the attempt failed and why, and where to try again', () => {
    expect(paying('Card declined by the bank')).toContain(
      'That attempt failed: Card declined by the bank. Nothing was charged. Try again in the checkout window, or close it.',
    );
    expect(paying('')).toContain('That attempt failed. Nothing was charged.');
    expect(paying(null)).toContain('Complete the payment in the checkout window.');
  });
});

describe('a payment under way', () => {
  it('hides its spinners from screen readers, which the words beside them tell what it waits for', () => {
    for (const step of ['quoting', 'working', 'paying', 'pending'] as const) {
      const html = renderToStaticMarkup(
        <PaymentProgress step={step} problem={null} settled={null} onRetry={() => {}} />,
      );
      expect(html, step).toContain('role="progressbar"');
      // No progress bar without a name: each is hidden (axe's aria-progressbar-name).
      expect(
        html
          .match(/<[^>]*role="progressbar"[^>]*>/g)
          ?.every((tag) => tag.includes('aria-hidden="true"')),
      ).toBe(true);
    }
  });
});
