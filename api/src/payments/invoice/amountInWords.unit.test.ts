import { describe, expect, it } from 'vitest';
import { amountInWords, wholeNumberInWords } from './amountInWords.ts';

describe('an invoice total in words, in Indian English', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [100, 'Rupees One Only'],
    [1, 'One Paise Only'],
    [9950, 'Rupees Ninety-Nine and Fifty Paise Only'],
    [1_00_000_00, 'Rupees One Lakh Only'],
    [
      12_34_56_789_05,
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    ],
    [1180_00, 'Rupees One Thousand One Hundred Eighty Only'],
    [590_00, 'Rupees Five Hundred Ninety Only'],
    [20_01_011_10, 'Rupees Twenty Lakh One Thousand Eleven and Ten Paise Only'],
  ])('%i paise is "%s"', (paise, words) => {
    expect(amountInWords(paise)).toBe(words);
  });

  it('counts crores in words beyond ninety-nine crore', () => {
    expect(wholeNumberInWords(1_000_00_00_000)).toBe('One Thousand Crore');
    expect(wholeNumberInWords(99_99_99_999)).toBe(
      'Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine',
    );
  });

  it('writes every number below a hundred without gaps', () => {
    expect(wholeNumberInWords(19)).toBe('Nineteen');
    expect(wholeNumberInWords(20)).toBe('Twenty');
    expect(wholeNumberInWords(21)).toBe('Twenty-One');
    expect(wholeNumberInWords(100)).toBe('One Hundred');
    expect(wholeNumberInWords(101)).toBe('One Hundred One');
  });

  it('refuses what is not a whole amount of paise', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
