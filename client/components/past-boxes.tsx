import type { PastBox } from '../../shared/api/types.ts';
import { formatDate } from '../../shared/format.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import { useT } from '../lang.tsx';
import { BoxGoods } from './box-goods.tsx';
import { useLocalize } from './catalogue-text.tsx';

/**
 * What earlier rounds contained, once their delivery window closed (shared/spoilers.ts): a
 * surprise box is sold by showing past surprises. The API sends the rounds with their goods in the artist's answer (no call per round).
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
  const localize = useLocalize();
  const plan = localize(box.planName, box.planNameEn);
  return (
    <article className="past-box" aria-labelledby={`past-box-${box.id}`}>
      <h3 id={`past-box-${box.id}`} className="past-box-title">
        <span>{t(issueLabel(box))}</span> <span className="past-box-plan" lang={plan.lang}>{plan.text}</span>
      </h3>
      <p className="past-box-shipped">
        {t({ ja: '発送', en: 'Shipped' })} <time dateTime={box.shipDate}>{formatDate(box.shipDate)}</time>
      </p>
      <BoxGoods goods={box.goods} />
    </article>
  );
}
