import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { BILLING_STATES } from '../../../shared/api/dashboard.ts';
import { BILLING_STATE_LABELS } from '../../../shared/dashboard-figures.ts';
import { formatDate, formatNumber } from '../../../shared/format.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { ScrollRegion } from '../components/scroll-region.tsx';
import { Pager } from '../components/pager.tsx';
import { mustStaff } from '../data/console-load.ts';
import { pageParam } from '../data/page-param.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: '決済', en: 'Billing' },
  lead: {
    ja: 'お届け回ごとの請求を状態別に数えています。数をクリックすると、その請求の一覧（再決済・結果の確認）に進みます。',
    en: "Each round's charges, counted by state. Follow a count to its charges, where a declined charge can be retried and one in doubt checked.",
  },
  round: { ja: '号', en: 'Round' },
  artist: { ja: 'アーティスト・プラン', en: 'Artist and plan' },
  deadline: { ja: '締切', en: 'Deadline' },
  none: { ja: 'お届け回はまだありません。', en: 'No rounds yet.' },
  disputes: { ja: '要対応のチャージバック', en: 'Disputes to answer' },
} as const satisfies Record<string, Text>;

/** Support's and the owner's billing overview (permission `refunds`); the API answers 403 to any other role. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).billing(pageParam(request)));
}

export function Component() {
  const list = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.lead)}</p>
      <p className="console-status" data-testid="disputes-open">
        {`${t(COPY.disputes)}: ${formatNumber(list.disputesNeedingResponse)}`}
      </p>
      {list.rounds.length === 0 ? <p>{t(COPY.none)}</p> : (
        <ScrollRegion label={t(COPY.title)}>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t(COPY.round)}</th>
                <th scope="col">{t(COPY.artist)}</th>
                <th scope="col">{t(COPY.deadline)}</th>
                {BILLING_STATES.map((state) => <th key={state} scope="col" className="num">{t(BILLING_STATE_LABELS[state])}</th>)}
                <th scope="col" className="num">{t(COPY.disputes)}</th>
              </tr>
            </thead>
            <tbody>
              {list.rounds.map((round) => (
                <tr key={round.id}>
                  <th scope="row"><Link to={adminHref('billingRound', { id: String(round.id) })}>{round.name}</Link></th>
                  <td>{`${round.artistName} ${round.planName}`}</td>
                  <td>{formatDate(round.deadline)}</td>
                  {BILLING_STATES.map((state) => (
                    <td key={state} className="num">
                      {round.counts[state] === 0 ? '0' : (
                        <Link to={`${adminHref('billingRound', { id: String(round.id) })}?state=${state}`}
                          aria-label={`${round.name} ${t(BILLING_STATE_LABELS[state])} ${formatNumber(round.counts[state])}`}>
                          {formatNumber(round.counts[state])}
                        </Link>
                      )}
                    </td>
                  ))}
                  <td className="num">{formatNumber(round.disputesNeedingResponse)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager path={adminHref('billing')} page={list.page} hasNext={list.hasNext} />
    </main>
  );
}
