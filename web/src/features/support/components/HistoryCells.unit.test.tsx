import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { BidderCell } from './HistoryCells.tsx';

const textOf = (html: string) =>
  html.replace(/<style[^>]*>.*?<\/style>/g, '').replace(/<[^>]+>/g, '');

const cell = (staff?: boolean) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <table>
        <tbody>
          <tr>
            <BidderCell
              bid={{ bidAlias: 'tigerlily', bidderId: 'u-2', username: 'arjun_p' }}
              staff={staff}
            />
          </tr>
        </tbody>
      </table>
    </MemoryRouter>,
  );

describe('who bid, in the ad history', () => {
  it('is the alias, then the member behind it, linked to their profile', () => {
    const html = cell();
    expect(textOf(html)).toBe('tigerlilyarjun_p');
    expect(html).toContain('href="/user_profile/u-2"');
  });

  it('says when the member holds a staff role', () => {
    expect(textOf(cell(true))).toBe('tigerlilyarjun_p (staff)');
  });
});
