import { Form, Link } from 'react-router';
import type { PricePreview } from '../../../shared/api/catalogue-admin.ts';
import { formatDateTime, formatPrice, lastAcceptedMoment } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { SubmitButton } from '../../components/form/submit-button.tsx';
import { useLang, useT } from '../../lang.tsx';

const COPY = {
  title: { ja: '価格変更の確認', en: 'Confirm the price change' },
  cancel: { ja: 'やめる', en: 'Cancel' },
  confirm: { ja: 'この内容で価格を変更する', en: 'Change the price' },
  noRound: {
    ja: '新しい価格を適用できる回（未決済で、締切まで3日より長い回）がありません。先に次の回を作成してください。',
    en: 'No round can take the new price yet (one not charged, with its deadline more than 3 days away): create the next round first.',
  },
  charged: { ja: 'それより前の回（決済済み・決済予定のもの）の価格は変わりません。', en: 'Earlier rounds (charged or reserved) keep their price.' },
} as const satisfies Record<string, Text>;

/**
 * The step before a price change is saved (issue 19): exactly which round it applies from, that
 * round's deadline, and how many subscribers get the mail. Confirming posts what was shown; the
 * API refuses it if the round has changed meanwhile.
 */
export function PriceConfirm({ preview, cancelTo }: { preview: PricePreview; cancelTo: string }) {
  const t = useT();
  const { english } = useLang();
  const round = preview.fromRound;
  const price = (p: { price: number; preTaxPrice: number }) => `${formatPrice(p.price, english)} ${english ? `(before tax ¥${p.preTaxPrice.toLocaleString('en')})` : `（税抜 ¥${p.preTaxPrice.toLocaleString('ja')}）`}`;
  return (
    <section aria-labelledby="price-confirm" className="console-confirm">
      <h2 id="price-confirm">{t(COPY.title)}</h2>
      <p>{english ? `From ${price(preview.before)} to ${price(preview.after)} per box.` : `1回あたり ${price(preview.before)} → ${price(preview.after)}`}</p>
      {round ? (
        <>
          <p>
            {english
              ? `It applies from the round "${round.name}", whose deadline is ${formatDateTime(lastAcceptedMoment(round.endDate))} (Japan time).`
              : `新しい価格は「${round.name}」（申込締切 ${formatDateTime(lastAcceptedMoment(round.endDate))}）から適用します。`}
          </p>
          <p>{t(COPY.charged)}</p>
          <p>
            {english
              ? `${preview.subscribers} subscriber(s) are told by mail as soon as you save, before that deadline.`
              : `定期便の会員 ${preview.subscribers} 名に、保存と同時に（締切より前に）メールでお知らせします。`}
          </p>
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="confirm" />
            <input type="hidden" name="preTaxPrice" value={preview.after.preTaxPrice} />
            <input type="hidden" name="fromRoundId" value={round.id} />
            <SubmitButton label={COPY.confirm} />
          </Form>
        </>
      ) : <p role="alert">{t(COPY.noRound)}</p>}
      <p><Link to={cancelTo}>{t(COPY.cancel)}</Link></p>
    </section>
  );
}
