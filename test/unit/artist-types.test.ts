import { describe, expect, it } from 'vitest';
import { ARTIST_TYPE_LABELS, ARTIST_TYPES, listedPlans } from '../../shared/artist-types.ts';

describe('artist types', () => {
  it('label EVENT as SPECIAL in both languages (docs/spec.md §3)', () => {
    expect(ARTIST_TYPE_LABELS.EVENT).toEqual({ ja: 'SPECIAL', en: 'SPECIAL' });
    expect(ARTIST_TYPES).toHaveLength(16);
  });
});

describe('listedPlans', () => {
  it('keeps SPECIAL_LIST plans off the list and the others in order', () => {
    const plans = [
      { id: 1, displayType: 'NORMAL' },
      { id: 2, displayType: 'SPECIAL_LIST' },
      { id: 3, displayType: 'SPECIAL' },
      { id: 4, displayType: 'NORMAL2' },
    ] as const;
    expect(listedPlans(plans).map((p) => p.id)).toEqual([1, 3, 4]);
  });
});
