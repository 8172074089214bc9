import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { listedPlans } from '../../../shared/artist-types.ts';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';
import { Component as ArtistPage } from '../../routes/artist.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

/**
 * The preview of an artist page (issue 32): the shop's own page component, given the draft's data
 * by the staff API (drafts and scheduled plans included), under a banner that says it is not
 * public. Only in the console, behind its sign-in and the catalogue role; the shop answers 404
 * for the same artist until it is published (docs/decisions/0081-drafts-and-publishing.md).
 */
const COPY = {
  banner: { ja: 'プレビュー（未公開）', en: 'Preview (not public)' },
  lead: { ja: 'ショップではまだ表示されません。', en: 'The shop does not show this yet.' },
  back: { ja: '編集に戻る', en: 'Back to editing' },
} as const satisfies Record<string, Text>;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const detail = mustStaff(await staffApiFrom(context).previewArtist(params.id ?? ''));
  return { artist: { ...detail, plans: listedPlans(detail.plans) }, focusPlanId: null, id: params.id ?? '' };
}

export function Component() {
  const { artist, id } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.banner)} ${artist.name} | OshiBox`}</title>
      <p className="preview-banner" role="status">
        {t(COPY.banner)} — {t(COPY.lead)} <Link to={adminHref('catalogueArtist', { id })}>{t(COPY.back)}</Link>
      </p>
      <div className="preview-page">
        <ArtistPage />
      </div>
    </main>
  );
}
