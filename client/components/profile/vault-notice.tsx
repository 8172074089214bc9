import { Link } from 'react-router';
import { href } from '../../../shared/routes.ts';
import { useT } from '../../lang.tsx';

/** My page's overview (issue 33): 「特典が届きました」 while 特典 opened lately, with the way to them. */
export function VaultNotice({ count }: { count: number }) {
  const t = useT();
  if (count === 0) return null;
  return (
    <p className="overview-vault" role="status">
      {t({ ja: `特典が届きました（${count}件）`, en: `Your bonuses are ready (${count})` })}{' '}
      <Link to={href('vault')}>{t({ ja: '特典を見る', en: 'See your bonuses' })}</Link>
    </p>
  );
}
