import type { PastBox } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { useLang, useT } from '../lang.tsx';
import { useLocalize } from './catalogue-text.tsx';

/**
 * What earlier rounds contained, once they shipped: a surprise box is sold by showing past
 * surprises. The API sends the rounds with their goods in the artist's answer (no call per round).
 */
export function PastBoxes({ boxes }: { boxes: readonly PastBox[] }) {
  const t = useT();
  if (boxes.length === 0) return null;
  return (
    <section className="section past-boxes" aria-labelledby="past-boxes">
      <h2 id="past-boxes" className="section-title">{t({ ja: 'これまでのBOX', en: 'Past boxes' })}</h2>
      <p className="past-boxes-lead">
        {t({
          ja: 'お届け済みのBOXの中身です。次のBOXの中身は届くまでのお楽しみ。',
          en: 'What boxes already delivered held. The next box stays a surprise until it arrives.',
        })}
      </p>
      <ul className="past-box-list">
        {boxes.map((box) => (
          <li key={box.id}>
            <PastBoxCard box={box} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PastBoxCard({ box }: { box: PastBox }) {
  const t = useT();
  const { english } = useLang();
  const localize = useLocalize();
  const plan = localize(box.planName, box.planNameEn);
  const ja = english ? 'ja' : undefined;
  return (
    <article className="past-box" aria-labelledby={`past-box-${box.id}`}>
      <h3 id={`past-box-${box.id}`} className="past-box-title">
        <span>{t(issueLabel(box))}</span> <span className="past-box-plan" lang={plan.lang}>{plan.text}</span>
      </h3>
      <p className="past-box-shipped">
        {t({ ja: '発送', en: 'Shipped' })} <time dateTime={box.shipDate}>{formatDate(box.shipDate)}</time>
      </p>
      <ul className="past-box-goods">
        {box.goods.map((goods) => (
          <li key={goods.id}>
            <img src={goods.image || undefined} alt="" width={240} height={240} loading="lazy" />
            <span lang={ja}>{goods.name}</span>
          </li>
        ))}
      </ul>
    </article>
  );
}
