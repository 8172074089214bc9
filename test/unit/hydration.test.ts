import { describe, expect, it } from 'vitest';
import { toScriptJson } from '../../server/ssr/hydration.server.ts';

describe('toScriptJson', () => {
  const hostile = {
    title: '</script><script>alert(1)</script>',
    comment: '<!-- not a comment -->',
    separators: 'line\u2028paragraph\u2029end',
    amp: 'Tom & Jerry',
    nested: [{ html: '<img src=x onerror=alert(1)>' }],
    plain: 'そのまま',
    count: 3,
    flag: null,
  };

  it('writes no character that could end the script or open a comment', () => {
    const text = toScriptJson(hostile);
    expect(text).not.toMatch(/[<>]/);
    expect(text).not.toContain('</script');
    expect(text).not.toContain('<!--');
    expect(text).not.toContain('\u2028');
    expect(text).not.toContain('\u2029');
    expect(text).not.toContain('&');
  });

  it('round-trips through JSON.parse to the original value', () => {
    expect(JSON.parse(toScriptJson(hostile))).toEqual(hostile);
  });

  it('also evaluates to the original value as a JavaScript expression', () => {
    const evaluated: unknown = new Function(`return ${toScriptJson(hostile)};`)();
    expect(evaluated).toEqual(hostile);
  });
});
