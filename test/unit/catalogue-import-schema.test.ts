import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  formatCatalogueProblem,
  parseCatalogueFile,
  type CatalogueProblem,
} from '../../shared/catalogue-import-problems.ts';
import { CATALOGUE_LIMITS, MAX_CATALOGUE_BYTES } from '../../shared/catalogue-import-schema.ts';

const EXAMPLE_TEXT = readFileSync(new URL('../../docs/examples/catalogue.json', import.meta.url), 'utf8');

type Key = string | number;

/** The example with one value replaced (`undefined`: removed), to break one field at a time. */
function exampleWith(path: readonly Key[], value: unknown): unknown {
  const file: unknown = JSON.parse(EXAMPLE_TEXT);
  let node = file;
  for (const key of path.slice(0, -1)) node = isObject(node) ? node[key] : undefined;
  const last = path.at(-1);
  if (!isObject(node) || last === undefined) throw new Error(`no such path: ${path.join('.')}`);
  if (value !== undefined) node[last] = value;
  else if (Array.isArray(node) && typeof last === 'number') node.splice(last, 1);
  else delete node[last];
  return file;
}

function isObject(value: unknown): value is Record<Key, unknown> {
  return typeof value === 'object' && value !== null;
}

const ROUND = ['artists', 0, 'plans', 0, 'rounds', 0] as const;

function problemsOf(input: unknown): CatalogueProblem[] {
  const result = parseCatalogueFile(input);
  if (result.ok) throw new Error('expected the file to be refused');
  return result.problems;
}

function problemAt(input: unknown, path: string): CatalogueProblem {
  const problems = problemsOf(input);
  const found = problems.find((p) => p.path === path);
  if (!found) throw new Error(`no problem at ${path}; got ${problems.map(formatCatalogueProblem).join('\n')}`);
  return found;
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

describe('the catalogue file schema', () => {
  it('parses the example, as text and as a value, with defaults filled in', () => {
    for (const input of [EXAMPLE_TEXT, JSON.parse(EXAMPLE_TEXT)]) {
      const result = parseCatalogueFile(input);
      if (!result.ok) throw new Error(result.problems.map(formatCatalogueProblem).join('\n'));
      const [artist] = result.file.artists;
      expect(artist?.slug).toBe('sakura_lumi');
      expect(artist?.plans.map((p) => p.name)).toEqual(['ライトプラン', 'プレミアムプラン']);
      expect(artist?.plans[1]?.attentionEn).toBeNull();
      expect(artist?.plans[0]?.rounds[0]?.endDate).toEqual(new Date('2026-12-20T14:59:59Z'));
      expect(result.file.banners[0]?.endsAt).toBeNull();
    }
  });

  it('names the path of a round whose deadline is not before its ship date, in both languages', () => {
    const file = exampleWith([...ROUND, 'shipDate'], '2026-12-20T23:59:59+09:00');
    const problem = problemAt(file, 'artists[0].plans[0].rounds[0].shipDate');
    expect(problem.message.ja).toMatch(JAPANESE);
    expect(problem.message.en).toMatch(/before shipDate/);
    expect(formatCatalogueProblem(problem)).toMatch(/^artists\[0\]\.plans\[0\]\.rounds\[0\]\.shipDate: 締切/);
  });

  it.each<[string, Key[], unknown, string, RegExp]>([
    ['a date-time without an offset', [...ROUND, 'startDate'], '2026-11-01T12:00:00', 'artists[0].plans[0].rounds[0].startDate', /offset/],
    ['a deadline after the ship date', [...ROUND, 'endDate'], '2027-02-01T00:00:00Z', 'artists[0].plans[0].rounds[0].shipDate', /before shipDate/],
    ['a start after the deadline', [...ROUND, 'startDate'], '2026-12-21T00:00:00+09:00', 'artists[0].plans[0].rounds[0].startDate', /before endDate/],
    ['a tax-included price that withTax does not give', ['artists', 0, 'plans', 1, 'price'], 6500, 'artists[0].plans[1].price', /withTax/],
    ['only one price of a round', [...ROUND, 'price'], 3300, 'artists[0].plans[0].rounds[0].price', /both/],
    ['a negative price', ['artists', 0, 'plans', 0, 'preTaxPrice'], -1, 'artists[0].plans[0].preTaxPrice', />=0/],
    ['a fractional price', ['artists', 0, 'plans', 0, 'preTaxPrice'], 2999.5, 'artists[0].plans[0].preTaxPrice', /int/i],
    ['a price as a string', ['artists', 0, 'plans', 0, 'price'], '3300', 'artists[0].plans[0].price', /number/],
    ['an unknown artist type', ['artists', 0, 'type'], 'IDOL', 'artists[0].type', /VTUBER/],
    ['a javascript: image', ['artists', 0, 'icon'], 'javascript:alert(1)', 'artists[0].icon', /media/],
    ['an http image', ['banners', 0, 'image'], 'http://example.com/a.png', 'banners[0].image', /media/],
    ['another site\'s https image (the CSP would block it)', ['banners', 0, 'image'], 'https://cdn.example.com/a.png', 'banners[0].image', /other sites/],
    ['a media path climbing out', ['artists', 0, 'coverImage'], '/api/media/../secret', 'artists[0].coverImage', /media/],
    ['a protocol-relative news link', ['news', 0, 'link'], '//evil.example/', 'news[0].link', /link/i],
    ['a javascript: social link', ['artists', 0, 'links', 0, 'url'], 'javascript:alert(1)', 'artists[0].links[0].url', /link/i],
    ['a slug with capitals', ['artists', 0, 'slug'], 'Sakura', 'artists[0].slug', /slug/],
    ['a plan name used twice', ['artists', 0, 'plans', 1, 'name'], 'ライトプラン', 'artists[0].plans[1].name', /twice/],
    ['a goods name used twice', [...ROUND, 'goods', 1, 'name'], '缶バッジ（冬）', 'artists[0].plans[0].rounds[0].goods[1].name', /twice/],
    ['malformed plan contents', ['artists', 0, 'plans', 0, 'contents', 'goodsCount'], 0, 'artists[0].plans[0].contents.goodsCount', />=1/],
    ['a banner that ends before it starts', ['banners', 0, 'endsAt'], '2026-10-01T00:00:00+09:00', 'banners[0].endsAt', /startsAt/],
    ['a missing required field', ['news', 0, 'title'], undefined, 'news[0].title', /undefined/],
    ['an unknown field (plans have no key column)', ['artists', 0, 'plans', 0, 'key'], 'light', 'artists[0].plans[0].key', /Unknown field/],
    ['a name over 100 characters', ['artists', 0, 'name'], 'あ'.repeat(101), 'artists[0].name', /100/],
    ['a name with a line break', ['artists', 0, 'name'], '桜\nルミ', 'artists[0].name', /line breaks/],
  ])('refuses %s at its path', (_what, at, value, path, en) => {
    const problem = problemAt(exampleWith(at, value), path);
    expect(problem.message.en).toMatch(en);
    expect(problem.message.ja).toMatch(JAPANESE);
  });

  it('refuses a file over 2 MB before reading it, and 10,000 artists by a bound', () => {
    const padding = ' '.repeat(MAX_CATALOGUE_BYTES);
    expect(problemsOf(`${EXAMPLE_TEXT}${padding}`)).toEqual([expect.objectContaining({ path: '$', message: expect.objectContaining({ en: expect.stringMatching(/2 MB/) }) })]);
    const artists = Array.from({ length: 10_000 }, (_, i) => ({ slug: `a${i}`, name: `A${i}`, type: 'OTHER' }));
    const problem = problemAt({ version: 1, artists }, 'artists');
    expect(problem.message.ja).toBe(`${CATALOGUE_LIMITS.artists}件以内にしてください。`);
  });

  it('reports at most 50 problems with the total, and text that is not JSON', () => {
    const artists = Array.from({ length: 150 }, (_, i) => ({ slug: `a${i}`, name: `A${i}`, type: 'NOPE' }));
    const result = parseCatalogueFile({ version: 1, artists });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.problems).toHaveLength(50);
      expect(result.total).toBe(150);
    }
    expect(problemsOf('{"version": 1,')[0]?.message.en).toMatch(/not valid JSON/);
    expect(problemAt({ artists: [] }, 'version').message.ja).toMatch(JAPANESE);
  });
});
