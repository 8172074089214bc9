import { useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import type { Text } from '../../../shared/text.ts';
import { apiFailure, formFailure, readForm, seeOther, type FormFailure } from '../../data/form-action.ts';
import { useT } from '../../lang.tsx';
import { ArtistForm, checkArtist } from '../catalogue/artist-form.tsx';
import { loadImageChoices } from '../catalogue/image-field.tsx';
import { staffApiFrom } from '../data/staff-api.ts';

const COPY = {
  title: { ja: 'アーティストを追加', en: 'Add an artist' },
  submit: { ja: '追加する', en: 'Add' },
} as const satisfies Record<string, Text>;

export async function loader({ context }: LoaderFunctionArgs) {
  return { library: await loadImageChoices(staffApiFrom(context)) };
}

/** Checked with the import's rules, then created by the API (which checks them again and audits it). */
export async function action({ request, context }: ActionFunctionArgs) {
  const values = await readForm(request);
  const { input, fields } = checkArtist(values);
  if (fields) return formFailure({ fields }, values);
  const result = await staffApiFrom(context).createArtist(input);
  if (!result.ok) return apiFailure(result, values);
  return seeOther(adminHref('catalogueArtist', { id: String(result.data.artist.id) }));
}

export function Component() {
  const failure = useActionData<FormFailure>();
  const { library } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.title)} | OshiBox`}</title>
      <h1>{t(COPY.title)}</h1>
      <ArtistForm artist={null} failure={failure} submit={COPY.submit} library={library} />
    </main>
  );
}
