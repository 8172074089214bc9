import { countText, ITEMS } from '../../shared/counts.ts';
import type { PlanContents } from '../../shared/api/types.ts';
import { useLang, useT } from '../lang.tsx';
import { useLocalize } from './catalogue-text.tsx';

/** What every box of a tier holds: the number of goods, what is sure to be in it, limited goods. */
export function PlanContentsList({ contents }: { contents: PlanContents }) {
  const t = useT();
  const { english } = useLang();
  const localize = useLocalize();
  const separator = english ? ', ' : '・';
  return (
    <div className="plan-contents">
      <p className="plan-contents-title">{t({ ja: 'BOXの中身', en: 'In each box' })}</p>
      <ul>
        <li>
          {t({ ja: `グッズ${countText(contents.goodsCount, ITEMS).ja}`, en: countText(contents.goodsCount, ITEMS).en })}
        </li>
        {contents.limitedCount > 0 ? (
          <li className="plan-contents-limited">
            {t({ ja: `うち限定グッズ${contents.limitedCount}点`, en: `${contents.limitedCount} limited` })}
          </li>
        ) : null}
        {contents.guaranteed.length > 0 ? (
          <li>
            {t({ ja: '必ず入る：', en: 'Always: ' })}
            {contents.guaranteed.map((item, i) => {
              const { text, lang } = localize(item.ja, item.en);
              return (
                <span key={i}>
                  {i > 0 ? separator : null}
                  <span lang={lang}>{text}</span>
                </span>
              );
            })}
          </li>
        ) : null}
      </ul>
    </div>
  );
}
