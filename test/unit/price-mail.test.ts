import { describe, expect, it } from 'vitest';
import { renderPriceChangeMail } from '../../api/mail/price-templates.ts';

/** The price change mail (issue 19), in the subscriber's language, as the other subscription mails are. */
const FACTS = {
  to: 'fan@example.com', artistName: '星野ミライ', planName: 'ライトプラン', count: 1, period: 1,
  before: { price: 3300, shipFee: 660, fee: 0, total: 3960 },
  after: { price: 4400, shipFee: 660, fee: 0, total: 5060 },
  round: { endDate: '2026-12-31T15:00:00.000Z', shipDate: '2027-01-25T01:00:00.000Z' },
};
const VARS = { brand: 'OshiBox', origin: 'https://shop.example' };

describe('the price change mail', () => {
  it('says in Japanese from which issue, the prices, and the last minute to act', () => {
    const mail = renderPriceChangeMail({ ...FACTS, lang: 'ja' }, VARS);
    expect(mail.subject).toBe('[OshiBox] 価格改定のお知らせ（1月号から）星野ミライ「ライトプラン」');
    expect(mail.text).toContain('1回のお届け ¥3,960（税込・送料込） → ¥5,060（税込・送料込）（変更後の内訳: 商品 ¥4,400 ＋ 送料（1回分） ¥660）');
    expect(mail.text).toContain('1月号の申込締切（2026/12/31 23:59）');
    expect(mail.text).toContain('https://shop.example/mypage/plan');
    expect(mail.html).toContain('<html lang="ja">');
  });

  it('states a round of several months with its per-month figure, as the pages do', () => {
    const mail = renderPriceChangeMail({ ...FACTS, lang: 'ja', period: 3, before: { price: 9900, shipFee: 660, fee: 0, total: 10560 }, after: { price: 13200, shipFee: 660, fee: 0, total: 13860 } }, VARS);
    expect(mail.text).toContain('1回のお届け（3か月ごと） ¥10,560（税込・送料込） → ¥13,860（税込・送料込）、1か月あたり ¥4,620');
  });

  it('says the same in English', () => {
    const mail = renderPriceChangeMail({ ...FACTS, lang: 'en' }, VARS);
    expect(mail.subject).toBe('[OshiBox] Price change from the Jan 2027 box: 星野ミライ "ライトプラン"');
    expect(mail.text).toContain('Per delivery ¥3,960 (tax and shipping incl.) → ¥5,060 (tax and shipping incl.) (from then: Box ¥4,400 + Shipping (per round) ¥660)');
    expect(mail.text).toContain('close at 2026/12/31 23:59 (Japan time)');
    expect(mail.text).toContain('Rounds already charged keep the price you paid.');
  });
});
