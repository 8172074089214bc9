import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { DashboardView } from '../../components/dashboard/dashboard-view.tsx';
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

export function Component() {
  const { figures } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <p>{t(COPY.welcome)}</p>
      <DashboardView figures={figures} />
    </main>
  );
}
