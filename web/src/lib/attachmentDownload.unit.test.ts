import { describe, expect, it } from 'vitest';
import { attachmentName } from './attachmentDownload.ts';

describe('a downloaded document’s file name', () => {
  it('is the one the api gives', () => {
    expect(attachmentName('attachment; filename="BL-26-27-000042.pdf"')).toBe(
      'BL-26-27-000042.pdf',
    );
    expect(attachmentName('attachment; filename="CN-26-27-000007.pdf"')).toBe(
      'CN-26-27-000007.pdf',
    );
  });

  it('is none when the api gives none', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('inline')).toBeNull();
  });
});
