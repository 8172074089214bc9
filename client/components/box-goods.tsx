import type { OrderGoods } from '../../shared/api/types.ts';
import { useLang } from '../lang.tsx';

/** A box's goods with their pictures: past boxes on the artist page, and a fan's own box once it arrived. */
export function BoxGoods({ goods }: { goods: readonly OrderGoods[] }) {
  const { english } = useLang();
  // The operator's goods names are Japanese only.
  const ja = english ? 'ja' : undefined;
  return (
    <ul className="past-box-goods">
      {goods.map((item) => (
        <li key={item.id}>
          <img src={item.image || undefined} alt="" width={240} height={240} loading="lazy" />
          <span lang={ja}>{item.name}</span>
        </li>
      ))}
    </ul>
  );
}
