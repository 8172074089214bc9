import { Form, NavLink, Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { ROLE_LABELS, type StaffMember } from '../../../shared/staff-roles.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { areasFor, type ConsoleArea } from '../data/console-areas.ts';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  signedInAs: { ja: 'ログイン中', en: 'Signed in as' },
  role: { ja: '権限', en: 'Role' },
  nav: { ja: '管理メニュー', en: 'Console areas' },
  logout: { ja: 'ログアウト', en: 'Log out' },
} as const satisfies Record<string, Text>;

/**
 * The frame of every signed-in console page: the areas the member's role may use, who is signed
 * in, and logout. Only a signed-in staff member gets here; anyone else is sent to the login page.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  return { staff: mustStaff(await staffApiFrom(context).me()).staff };
}

export function Component() {
  const { staff } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="console-layout">
      <nav className="console-nav" aria-label={t(COPY.nav)}>
        <ul>
          {areasFor(staff.role).map((area) => (
            <li key={area.id} data-area={area.id}>
              <AreaEntry area={area} />
            </li>
          ))}
        </ul>
        <Who staff={staff} />
      </nav>
      <div className="console-main" id="console-main" tabIndex={-1}>
        <Outlet />
      </div>
    </div>
  );
}

function Who({ staff }: { staff: StaffMember }) {
  const t = useT();
  return (
    <div className="console-nav-who">
      <dl className="console-who">
        <dt>{t(COPY.signedInAs)}</dt>
        <dd>{staff.email}</dd>
        <dt>{t(COPY.role)}</dt>
        <dd>{t(ROLE_LABELS[staff.role])}</dd>
      </dl>
      <Form method="post" action={adminHref('logout')}>
        <button type="submit" className="button button-ghost">{t(COPY.logout)}</button>
      </Form>
    </div>
  );
}

/** An area is a link, marked when it is the current one (the dashboard only on its own page). */
function AreaEntry({ area }: { area: ConsoleArea }) {
  const t = useT();
  return <NavLink to={area.path} end={area.id === 'dashboard'}>{t(area.label)}</NavLink>;
}
