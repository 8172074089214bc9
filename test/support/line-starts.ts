/**
 * In the page (pass to `page.evaluate`): the lines of visible text where a line was broken badly,
 * each as `"…end of the line before⏎start of the bad line…"` with the reason. A line is found as
 * the browser laid it out: per character (Range.getClientRects), a new line where the next
 * character sits below the previous one in the same block. Only soft wraps count: a block's first
 * line, a <br>, a preserved newline or a block child in between is a break the page asked for.
 *
 * Bad: a wrapped line that starts with a small kana or 「ー」, which Japanese never starts a line
 * with, or with closing punctuation (issue 31); a wrapped price that stands alone (「¥660」 on its
 * own line, away from what it is the price of).
 */
export function findBadLineStarts(): string[] {
  const NEVER_FIRST = new Set([...'ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶー）」』】〕〉》］｝、。，．・：；！？)]}']);
  const LONE_PRICE = /^[¥￥][\d,]+$/;
  const PRESERVED = new Set(['pre', 'pre-wrap', 'pre-line', 'break-spaces']);
  const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SELECT', 'TEXTAREA']);
  interface Line { text: string; soft: boolean }
  interface Block { lines: Line[]; last: DOMRect | null; forced: boolean }
  const blocks = new Map<Element, Block>();
  const isInline = (el: Element) => ['inline', 'contents'].includes(getComputedStyle(el).display);
  const blockOf = (el: Element): Block => {
    let up: Element = el;
    while (up.parentElement && isInline(up)) up = up.parentElement;
    let block = blocks.get(up);
    if (!block) blocks.set(up, (block = { lines: [], last: null, forced: false }));
    return block;
  };
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (!(node instanceof Element)) return NodeFilter.FILTER_ACCEPT;
      const hidden = SKIPPED.has(node.tagName) || node instanceof SVGElement || node.matches('.visually-hidden') ||
        !node.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true, opacityProperty: true });
      return hidden ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Element) {
      // A <br>, or a block between two runs of its parent's text, starts the parent's next line on purpose.
      if (node.tagName === 'BR' || (node.parentElement && !getComputedStyle(node).display.startsWith('inline'))) {
        if (node.parentElement) blockOf(node.parentElement).forced = true;
      }
      continue;
    }
    const parent = node.parentElement;
    const text = node.textContent ?? '';
    if (!parent || !text.trim()) continue;
    const block = blockOf(parent);
    const preserved = PRESERVED.has(getComputedStyle(parent).whiteSpace);
    for (let i = 0; i < text.length; i += 1) {
      const char = text[i] ?? '';
      if (/\s/.test(char)) {
        if (char === '\n' && preserved) block.forced = true;
        const line = block.lines.at(-1);
        if (line) line.text += ' ';
        continue;
      }
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      if (!block.last || box.top >= block.last.bottom - 1) {
        block.lines.push({ text: '', soft: block.last !== null && !block.forced });
        block.forced = false;
      }
      const line = block.lines.at(-1);
      if (line) line.text += char;
      block.last = box;
    }
  }
  const found: string[] = [];
  for (const { lines } of blocks.values()) {
    lines.forEach((line, i) => {
      const text = line.text.trim();
      const around = `"…${(lines[i - 1]?.text ?? '').trim().slice(-16)}⏎${text.slice(0, 24)}${lines[i + 1] ? `⏎${lines[i + 1]?.text.trim().slice(0, 12) ?? ''}` : ''}…"`;
      if (line.soft && NEVER_FIRST.has(text[0] ?? '')) found.push(`a line starts with 「${text[0] ?? ''}」: ${around}`);
      if ((line.soft || lines[i + 1]?.soft) && LONE_PRICE.test(text)) found.push(`a price stands alone on a line: ${around}`);
    });
  }
  return found;
}
