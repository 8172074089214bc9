import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../support/stack.ts';

/** The five information pages as a browser without JavaScript (or a crawler) receives them. */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

function bodyBeforeScripts(html: string): string {
  return html.slice(0, html.indexOf('<script'));
}

const PAGES = [
  { path: '/faq', title: 'よくある質問', content: ['ご注文・お支払い', '<details', '<summary', '55,000円（税込）', '891円（税込）', 'GMO後払い'] },
  { path: '/howto', title: 'ご利用方法', content: ['ご利用の流れ', '申込締切', '発送予定日', '660円（税込', 'マイページ'] },
  { path: '/transactions', title: '特定商取引法に基づく表記', content: ['<dl', '販売業者', '運営統括責任者', '商品代金以外の必要料金', '動作環境'] },
  { path: '/privacy', title: 'プライバシーポリシー', content: ['利用目的', 'GMOペイメントサービス株式会社', 'Googleアナリティクス', '2026年11月1日'] },
  { path: '/terms', title: '利用規約', content: ['第1条（適用）', '禁止事項', '転売', '東京地方裁判所'] },
] as const;

describe.each(PAGES)('$path', ({ path, title, content }) => {
  it('renders its title, description and content on the server', async () => {
    const res = await request(stack.web).get(path).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html; charset=utf-8/);
    const html = bodyBeforeScripts(res.text);
    expect(html).toContain(`<title>${title} | OshiBox</title>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);
    expect(html).toContain(`<h1 class="page-title">${title}</h1>`);
    for (const text of content) expect(html).toContain(text);
  });
});

describe('page structure', () => {
  it('links the table of contents to the section anchors', async () => {
    const html = bodyBeforeScripts((await request(stack.web).get('/terms').expect(200)).text);
    // Only the table of contents: the shell has in-page links of its own (the menu).
    const toc = /<nav class="static-toc"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    const anchors = [...toc.matchAll(/<a href="#([a-z0-9-]+)"/g)].map((m) => m[1]);
    expect(anchors.length).toBeGreaterThan(10);
    for (const id of anchors) expect(html).toContain(`<section class="static-section" id="${id}"`);
  });

  it('shows the configured company on the legal notice and the privacy policy', async () => {
    const { COMPANY_NAME, COMPANY_ADDRESS, COMPANY_EMAIL, COMPANY_REPRESENTATIVE, COMPANY_TEL } = stack.config;
    const notice = bodyBeforeScripts((await request(stack.web).get('/transactions').expect(200)).text);
    for (const value of [COMPANY_NAME, COMPANY_ADDRESS, COMPANY_REPRESENTATIVE, COMPANY_TEL]) expect(notice).toContain(value);
    expect(notice).toContain(`href="mailto:${COMPANY_EMAIL}"`);
    const privacy = bodyBeforeScripts((await request(stack.web).get('/privacy').expect(200)).text);
    expect(privacy).toContain(COMPANY_NAME);
  });
});
