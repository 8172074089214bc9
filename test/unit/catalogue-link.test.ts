import { describe, expect, it } from 'vitest';
import { parseCatalogueLink } from '../../shared/catalogue-link.ts';

describe('parseCatalogueLink', () => {
  it('takes a path of this site and an https address', () => {
    expect(parseCatalogueLink('/lineup/hoshino_mirai')).toEqual({ kind: 'site', path: '/lineup/hoshino_mirai' });
    expect(parseCatalogueLink('/')).toEqual({ kind: 'site', path: '/' });
    expect(parseCatalogueLink('https://example.com/event?id=1')).toEqual({ kind: 'external', url: 'https://example.com/event?id=1' });
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(1)'],
    ['java\tscript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['http://example.com/'],
    ['https://user:pass@evil.example/'],
    ['https://'],
    [' /lineup'],
    ['/lineup\n'],
    ['lineup'],
    ['mailto:a@example.com'],
    [`/${'a'.repeat(500)}`],
    [''],
    [null],
  ])('refuses %j', (value) => {
    expect(parseCatalogueLink(value)).toBeNull();
  });
});
