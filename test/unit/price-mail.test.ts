import { describe, expect, it } from 'vitest';
import { renderPriceChangeMail } from '../../api/mail/price-templates.ts';

/** The price change mail (issue 19), in the subscriber's language, as the other subscription mails are. */
const FACTS = {
  to: 'fan@example.com', artistName: '星野ミライ', planName: 'ライトプラン', before: 3300, after: 4400,
  round: { endDate: '2026-12-31T15:00:00.000Z', shipDate: '2027-01-25T01:00:00.000Z' },
};
const VARS = { brand: 'OshiBox', origin: 'https://shop.example' };

describe('the price change mail', () => {
  it('says in Japanese from which issue, the prices, and the last minute to act', () => {
    const mail = renderPriceChangeMail({ ...FACTS, lang: 'ja' }, VARS);
    expect(mail.subject).toBe('[OshiBox] 価格改定のお知らせ（1月号から）星野ミライ「ライトプラン」');
    expect(mail.text).toContain('1回あたり ¥3,300（税込） → ¥4,400（税込）（送料別）');
    expect(mail.text).toContain('1月号の申込締切（2026/12/31 23:59）');
    expect(mail.text).toContain('https://shop.example/mypage/plan');
    expect(mail.html).toContain('<html lang="ja">');
  });

  it('says the same in English', () => {
    const mail = renderPriceChangeMail({ ...FACTS, lang: 'en' }, VARS);
    expect(mail.subject).toBe('[OshiBox] Price change from the January issue: 星野ミライ "ライトプラン"');
    expect(mail.text).toContain('¥3,300 (tax incl.) → ¥4,400 (tax incl.) per box');
    expect(mail.text).toContain('close at 2026/12/31 23:59 (Japan time)');
    expect(mail.text).toContain('Rounds already charged keep the price you paid.');
  });
});
