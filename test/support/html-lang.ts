/** Kana and kanji (with the ideographic punctuation and full-width forms): text that reads as Japanese. */
const JAPANESE = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'title', 'template', 'noscript']);
const TOKEN = /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:"[^"]*"|'[^']*'|[^'">])*)>|[^<]+/g;

function langOf(attributes: string): string | undefined {
  return /\slang="([^"]*)"/.exec(attributes)?.[1];
}

/** The document's language: `<html lang>`. */
export function documentLang(html: string): string | undefined {
  return langOf(/<html\b([^>]*)>/.exec(html)?.[1] ?? '');
}

/**
 * The Japanese text of a server-rendered page's body whose language (the nearest `lang`, or the
 * document's) is not `ja`, each with the tag it sits in: what a screen reader would read with an
 * English voice. The HTML is React's own output, so a small tokenizer is enough.
 */
export function japaneseOutsideJa(html: string): string[] {
  const body = html.slice(html.indexOf('<body'));
  const stack: { tag: string; lang: string }[] = [{ tag: 'html', lang: documentLang(html) ?? '' }];
  const found: string[] = [];
  let rawUntil: string | null = null;
  for (const [token, closing, name, attributes = ''] of body.matchAll(TOKEN)) {
    const tag = name?.toLowerCase();
    if (rawUntil) {
      if (closing && tag === rawUntil) rawUntil = null;
      continue;
    }
    const top = stack[stack.length - 1] ?? { tag: 'html', lang: '' };
    if (!tag) {
      if (!token.startsWith('<!--') && JAPANESE.test(token) && top.lang !== 'ja') found.push(`<${top.tag}> ${token.trim().slice(0, 40)}`);
    } else if (closing) {
      const at = stack.map((s) => s.tag).lastIndexOf(tag);
      if (at > 0) stack.length = at;
    } else if (RAW_TEXT.has(tag)) {
      if (!attributes.trimEnd().endsWith('/')) rawUntil = tag;
    } else if (!VOID.has(tag) && !attributes.trimEnd().endsWith('/')) {
      stack.push({ tag, lang: langOf(attributes) ?? top.lang });
    }
  }
  return found;
}
