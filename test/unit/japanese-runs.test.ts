import { describe, expect, it } from 'vitest';
import { splitJapaneseRuns } from '../../shared/japanese-runs.ts';

describe('splitJapaneseRuns', () => {
  it('cuts the Japanese runs out of English text, keeping every character in order', () => {
    const text = '株式会社オシボックス (“we”) handles the personal information of users of OshiBox.';
    const runs = splitJapaneseRuns(text);
    expect(runs).toEqual([
      { text: '株式会社オシボックス', japanese: true },
      { text: ' (“we”) handles the personal information of users of OshiBox.', japanese: false },
    ]);
  });

  it('keeps the digits and hyphens inside an address in its run, and leaves the trailing number out', () => {
    expect(splitJapaneseRuns('〒150-0002 東京都渋谷区渋谷2-24-12')).toEqual([
      { text: '〒150-0002 東京都渋谷区渋谷', japanese: true },
      { text: '2-24-12', japanese: false },
    ]);
  });

  it('returns text without Japanese whole', () => {
    expect(splitJapaneseRuns('OshiBox Inc.')).toEqual([{ text: 'OshiBox Inc.', japanese: false }]);
    expect(splitJapaneseRuns('')).toEqual([]);
  });
});
