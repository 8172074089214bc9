import { describe, expect, it } from 'vitest';
import { splitPhrases } from '../../shared/phrases.ts';

describe('splitPhrases (BudouX)', () => {
  it('cuts Japanese between phrases, never inside a word, and keeps every character', () => {
    const text = '今日は天気です。';
    expect(splitPhrases(text)).toEqual(['今日は', '天気です。']);
    const title = '好評だったあのBOXを、もう一度お届けします';
    const parts = splitPhrases(title);
    expect(parts.join('')).toBe(title);
    expect(parts.length).toBeGreaterThan(2);
    // A word the eye reads as one stays in one piece.
    expect(parts.some((p) => p.includes('お届け'))).toBe(true);
  });

  it('leaves text without Japanese whole', () => {
    expect(splitPhrases('Mirai Hoshino')).toEqual(['Mirai Hoshino']);
    expect(splitPhrases('')).toEqual(['']);
  });
});
