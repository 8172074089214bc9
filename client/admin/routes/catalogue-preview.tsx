import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { listedPlans } from '../../../shared/artist-types.ts';
import { Component as ArtistPage } from '../../routes/artist.tsx';
import { PreviewFrame } from '../catalogue/preview-frame.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

/**
 * The preview of an artist page (issue 32): the shop's artist page component, given the draft's
 * data by the staff API (its draft and scheduled plans included). The shop answers 404 for the same
 * artist until it is published.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const detail = mustStaff(await staffApiFrom(context).previewArtist(params.id ?? ''));
  return { artist: { ...detail, plans: listedPlans(detail.plans) }, focusPlanId: null, id: params.id ?? '' };
}

export function Component() {
  const { artist, id } = useLoaderData<typeof loader>();
  return (
    <PreviewFrame name={artist.name} back={adminHref('catalogueArtist', { id })}>
      <ArtistPage />
    </PreviewFrame>
  );
}
