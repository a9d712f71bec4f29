import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PagePicker } from './PagePicker.tsx';

const render = (page: number, totalPages: number) =>
  renderToStaticMarkup(<PagePicker page={page} totalPages={totalPages} onPage={() => {}} />);

describe('PagePicker', () => {
  it('shows nothing while there is only one page', () => {
    expect(render(0, 1)).toBe('');
    expect(render(0, 0)).toBe('');
  });

  it('marks the zero-based page as the one-based number the member sees', () => {
    const markup = render(1, 3);
    expect(markup).toMatch(
      /aria-current="page"[^>]*aria-label="page 2"|aria-label="page 2"[^>]*aria-current="page"/,
    );
    expect(markup).toContain('aria-label="Go to page 3"');
  });
});
