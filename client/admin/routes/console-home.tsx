import { Form, Link, redirect, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { must } from '../../data/api.ts';
import { seeOther } from '../../data/form-action.ts';
import { DashboardView } from '../../components/dashboard/dashboard-view.tsx';
import { useT } from '../../lang.tsx';
import { ROLE_LABELS } from '../../../shared/staff-roles.ts';
import { areasFor, type ConsoleArea } from '../data/console-areas.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: '管理画面', en: 'Console' },
  signedInAs: { ja: 'ログイン中', en: 'Signed in as' },
  role: { ja: '権限', en: 'Role' },
  nav: { ja: '管理メニュー', en: 'Console areas' },
  coming: { ja: '準備中', en: 'Coming soon' },
  logout: { ja: 'ログアウト', en: 'Log out' },
  welcome: {
    ja: 'メニューには、あなたの権限で使える機能だけが並んでいます。',
    en: 'The menu lists only the areas your role may use.',
  },
} as const satisfies Record<string, Text>;

/** Only a signed-in staff member sees the console; anyone else is sent to the login page. */
export async function loader({ context }: LoaderFunctionArgs) {
  const api = staffApiFrom(context);
  const me = await api.me();
  if (!me.ok && me.status === 401) throw redirect(adminHref('login'));
  // Every role may read the dashboard (shared/staff-roles.ts); its figures come from real rows.
  return { staff: must(me).staff, figures: must(await api.dashboard()) };
}

/** The logout form: the API ends the session and clears its cookie, then the login page. */
export async function action({ context }: ActionFunctionArgs) {
  await staffApiFrom(context).logout();
  return seeOther(adminHref('login'));
}

export function Component() {
  const { staff, figures } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="console-layout">
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <nav className="console-nav" aria-label={t(COPY.nav)}>
        <ul>
          {areasFor(staff.role).map((area) => (
            <li key={area.id} data-area={area.id}>
              <AreaEntry area={area} />
            </li>
          ))}
        </ul>
      </nav>
      <main className="console-main">
        <h1>{t(COPY.title)}</h1>
        <dl className="console-who">
          <dt>{t(COPY.signedInAs)}</dt>
          <dd>{staff.email}</dd>
          <dt>{t(COPY.role)}</dt>
          <dd>{t(ROLE_LABELS[staff.role])}</dd>
        </dl>
        <Form method="post" action="/?index">
          <button type="submit" className="button button-ghost">{t(COPY.logout)}</button>
        </Form>
        <p>{t(COPY.welcome)}</p>
        <DashboardView figures={figures} />
      </main>
    </div>
  );
}

/** An area that is built is a link; one still to come is named, plainly, as coming. */
function AreaEntry({ area }: { area: ConsoleArea }) {
  const t = useT();
  if (area.path) return <Link to={area.path}>{t(area.label)}</Link>;
  return (
    <span className="console-nav-coming">
      {t(area.label)} <small>{t(COPY.coming)}</small>
    </span>
  );
}
