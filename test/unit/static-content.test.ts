import { describe, expect, it } from 'vitest';
import { faqContent } from '../../client/content/faq.ts';
import { howtoContent } from '../../client/content/howto.ts';
import { privacyContent } from '../../client/content/privacy.ts';
import { DUE_DAYS, FEES } from '../../client/content/shop-facts.ts';
import { CARD_BRANDS } from '../../shared/payment.ts';
import { termsContent } from '../../client/content/terms.ts';
import { transactionsContent } from '../../client/content/transactions.ts';
import type { Block, StaticContent } from '../../client/content/types.ts';
import { parseConfig, toPublicConfig } from '../../shared/config.ts';
import { formatNumber } from '../../shared/format.ts';
import { DEFERRED_PAYMENT, DEFERRED_PAYMENT_FEE, SHIPPING_FEE, lateFeeTotal } from '../../shared/money.ts';
import type { Text } from '../../shared/text.ts';

const parsed = parseConfig({ COMPANY_NAME: '株式会社テスト推し箱', COMPANY_EMAIL: 'help@example.test' });
if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
const config = toPublicConfig(parsed.config);

const PAGES = {
  faq: faqContent(config),
  howto: howtoContent(config),
  transactions: transactionsContent(config),
  privacy: privacyContent(config),
  terms: termsContent(config),
} satisfies Record<string, StaticContent>;

interface Found {
  path: string;
  ja: unknown;
  en: unknown;
}

/** Every `{ ja, en }` in a content tree, found by shape so no kind of block can be missed. */
function findTexts(value: unknown, path = '$', found: Found[] = []): Found[] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => findTexts(item, `${path}[${i}]`, found));
  } else if (typeof value === 'object' && value !== null) {
    if ('ja' in value || 'en' in value) {
      found.push({ path, ja: 'ja' in value ? value.ja : undefined, en: 'en' in value ? value.en : undefined });
      return found;
    }
    for (const [key, child] of Object.entries(value)) findTexts(child, `${path}.${key}`, found);
  }
  return found;
}

function allText(content: StaticContent, lang: keyof Text): string {
  return findTexts(content).map((t) => String(t[lang])).join('\n');
}

function blocksOf(content: StaticContent): Block[] {
  return content.sections.flatMap((s) => s.blocks);
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;

describe.each(Object.entries(PAGES))('%s content', (_name, content) => {
  const texts = findTexts(content);

  it('has both languages in every text', () => {
    expect(texts.length).toBeGreaterThan(10);
    for (const { path, ja, en } of texts) {
      expect(typeof ja === 'string' && ja.trim().length > 0, `${path}.ja`).toBe(true);
      expect(typeof en === 'string' && en.trim().length > 0, `${path}.en`).toBe(true);
    }
  });

  it('is written in Japanese and translated into English', () => {
    const companyValues = Object.values(config.company);
    for (const { path, ja, en } of texts) {
      if (ja === en) continue; // names, addresses, e-mail
      expect(String(ja), `${path}.ja`).toMatch(JAPANESE);
      const english = companyValues.reduce((s, v) => s.replaceAll(v, ''), String(en));
      expect(english, `${path}.en`).not.toMatch(JAPANESE);
    }
  });

  it('has a title, a description and unique anchors', () => {
    expect(content.title.ja).not.toBe('');
    expect(content.description.ja.length).toBeGreaterThan(30);
    const ids = [...content.sections.map((s) => s.id), ...blocksOf(content).flatMap((b) => (b.kind === 'faq' ? b.items.map((q) => q.id) : []))];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9-]*$/);
  });
});

describe('fee texts', () => {
  it('quote the amounts of shared/money.ts, as docs/spec.md §9 states them', () => {
    expect(FEES.shipping.ja).toContain(`${formatNumber(SHIPPING_FEE.taxIncluded)}円（税込`);
    expect(FEES.shipping.ja).toContain('660');
    expect(FEES.shipping.ja).toContain('600');
    expect(FEES.shipping.en).toContain('¥660');
    expect(FEES.deferred.ja).toContain(formatNumber(DEFERRED_PAYMENT_FEE.taxIncluded));
    expect(FEES.deferred.ja).toContain('330');
    expect(FEES.deferred.ja).toContain('300');
    expect(FEES.lateFee.ja).toContain('297');
    expect(FEES.lateFeeMax.ja).toContain(formatNumber(lateFeeTotal(DEFERRED_PAYMENT.maxLateFees)));
    expect(FEES.lateFeeMax.ja).toContain('891');
    expect(FEES.deferredLimit.ja).toContain('55,000');
    expect(FEES.deferredLimit.en).toContain('¥55,000');
    expect(DUE_DAYS.ja).toContain('14');
    expect(DUE_DAYS.en).toContain('14 days');
  });

  it('reach the FAQ, the how-to and the notice', () => {
    const faq = allText(PAGES.faq, 'ja');
    for (const figure of ['660', '600', '330', '300', '297', '891', '55,000', '14日以内', '保護者の同意', '審査']) expect(faq).toContain(figure);
    for (const brand of CARD_BRANDS) expect(faq).toContain(brand);
    expect(allText(PAGES.howto, 'ja')).toContain('660円（税込');
    expect(allText(PAGES.howto, 'en')).toContain('¥660');
    const notice = allText(PAGES.transactions, 'ja');
    for (const figure of ['660', '330', '297', '891', '14日以内', '8日以内']) expect(notice).toContain(figure);
  });
});

describe('transactions notice', () => {
  const notice = PAGES.transactions;
  const dl = blocksOf(notice).find((b) => b.kind === 'dl');
  const terms = dl?.kind === 'dl' ? dl.items.map((row) => row.term.ja) : [];

  it.each([
    '販売業者', '運営統括責任者', '所在地', '電話番号', 'メールアドレス', '販売価格', '商品代金以外の必要料金',
    '支払方法', '支払時期', '商品の引渡時期', '申込の有効期限', '返品・交換', '解約', '動作環境', '定期購入',
  ])('lists %s', (item) => {
    expect(terms.some((term) => term.includes(item))).toBe(true);
  });

  it('shows the company details from configuration', () => {
    const text = allText(notice, 'ja');
    for (const value of Object.values(config.company).filter((v) => v !== config.company.url)) expect(text).toContain(value);
    expect(text).toContain('株式会社テスト推し箱');
    expect(text).toContain('発送予定日');
    expect(text).toContain('申込締切');
    expect(text).toContain('メールにて');
  });
});

describe('FAQ', () => {
  it('answers at least twelve questions in the five groups', () => {
    const faq = PAGES.faq;
    expect(faq.sections.map((s) => s.heading?.ja)).toEqual(['ご注文・お支払い', 'お届け', '解約・変更', '会員情報', 'その他']);
    const questions = blocksOf(faq).flatMap((b) => (b.kind === 'faq' ? b.items : []));
    expect(questions.length).toBeGreaterThanOrEqual(12);
    const asked = questions.map((q) => q.question.ja).join('\n');
    for (const topic of ['支払い方法', '後払い', 'いつ請求', '送料', 'いつ届き', '返品', '解約', 'プランを変更', 'お届け先', 'パスワード', '英語']) {
      expect(asked).toContain(topic);
    }
  });
});

describe('terms and privacy', () => {
  it('number the articles so that cross-references hold', () => {
    const headings = PAGES.terms.sections.map((s) => s.heading?.ja ?? '');
    expect(headings[0]).toBe('第1条（適用）');
    expect(headings[2]).toBe('第3条（会員登録）'); // referred to by the definitions
    expect(headings[7]).toMatch(/^第8条（解約/); // referred to by the subscription article
    for (const title of ['定義', 'アカウント', 'サブスクリプションの申込と自動継続', '料金と支払', '配送', '返品', '禁止事項', '知的財産', '免責', '規約の変更', '準拠法']) {
      expect(headings.some((h) => h.includes(title)), title).toBe(true);
    }
    const text = allText(PAGES.terms, 'ja');
    expect(text).toContain('転売');
    expect(text).toContain('東京地方裁判所');
  });

  it('covers what a privacy policy must say', () => {
    const text = allText(PAGES.privacy, 'ja');
    for (const topic of ['利用目的', '第三者', 'GMOペイメントサービス', '決済代行会社', '配送業者', '安全管理', 'Cookie', 'アクセス解析', 'オプトアウト', '開示', '訂正', '2026年11月1日', config.company.email]) {
      expect(text).toContain(topic);
    }
  });
});
