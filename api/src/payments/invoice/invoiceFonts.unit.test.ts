import { describe, expect, it } from 'vitest';
import { NOT_WRITTEN, textRuns } from './invoiceFonts.ts';

describe('the runs a line is written in', () => {
  it('writes English, and Latin-1 letters, in Helvetica alone', () => {
    expect(textRuns('Billed to: Asha Kumari, Café Road')).toEqual([
      { text: 'Billed to: Asha Kumari, Café Road', font: null },
    ]);
  });

  it('writes each Indian script in its own font, the spaces and digits between in Helvetica', () => {
    expect(textRuns('For: मेरी कंपनी 12 சுப்ரமணியம்')).toEqual([
      { text: 'For: ', font: null },
      { text: 'मेरी', font: 'Noto Sans Devanagari' },
      { text: ' ', font: null },
      { text: 'कंपनी', font: 'Noto Sans Devanagari' },
      { text: ' 12 ', font: null },
      { text: 'சுப்ரமணியம்', font: 'Noto Sans Tamil' },
    ]);
    expect(textRuns('অনন্যা ગુજરાત').map((run) => run.font)).toEqual([
      'Noto Sans Bengali',
      null,
      'Noto Sans Gujarati',
    ]);
  });

  it('keeps a joiner and a danda with their script', () => {
    expect(textRuns('क्\u200dष।')).toEqual([{ text: 'क्\u200dष।', font: 'Noto Sans Devanagari' }]);
  });

  it('writes Latin letters beyond Latin-1 as their base letters, an accent joined to its letter', () => {
    expect(textRuns('Śrī e\u0301')).toEqual([{ text: 'Sri é', font: null }]);
  });

  it('writes a letter no font has as a mark of its own, never as another letter', () => {
    expect(textRuns('Shop 🦚\ufe0f!')).toEqual([{ text: `Shop ${NOT_WRITTEN}!`, font: null }]);
  });
});
