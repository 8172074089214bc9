import { useLoaderData, useRouteLoaderData, useSearchParams, type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { StaffMember } from '../../../shared/staff-roles.ts';
import type { Text } from '../../../shared/text.ts';
import { DashboardView } from '../../components/dashboard/dashboard-view.tsx';
import { taxViewOf } from '../../components/dashboard/tax-switch.tsx';
import { useT } from '../../lang.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: 'ダッシュボード', en: 'Dashboard' },
  welcome: {
    ja: 'メニューには、あなたの権限で使える機能だけが並んでいます。',
    en: 'The menu lists only the areas your role may use.',
  },
} as const satisfies Record<string, Text>;

/** Every role may read the dashboard (shared/staff-roles.ts); its figures come from real rows. */
export async function loader({ context }: LoaderFunctionArgs) {
  return { figures: mustStaff(await staffApiFrom(context).dashboard()) };
}

/** The figures carry both tax-included and pre-tax money: flipping 税込/税抜 redraws without asking the API again. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  const others = (url: URL) => { const p = new URLSearchParams(url.search); p.delete('tax'); return `${url.pathname}?${p.toString()}`; };
  if (!formMethod && others(currentUrl) === others(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export function Component() {
  const { figures } = useLoaderData<typeof loader>();
  const staff = (useRouteLoaderData('console') as { staff: StaffMember } | undefined)?.staff;
  const [params] = useSearchParams();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.welcome)}</p>
      <DashboardView figures={figures} tax={taxViewOf(params)} role={staff?.role ?? null} />
    </main>
  );
}
