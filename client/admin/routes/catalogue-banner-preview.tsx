import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminHref } from '../../../shared/admin-routes.ts';
import { BannerCarousel } from '../../components/banner-carousel.tsx';
import { PreviewFrame } from '../catalogue/preview-frame.tsx';
import { mustStaff } from '../data/console-load.ts';
import { staffApiFrom } from '../data/staff-api.ts';

/** The preview of a banner (issue 32): the shop's top-page carousel with this banner alone. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return mustStaff(await staffApiFrom(context).banner(params.id ?? ''));
}

export function Component() {
  const { banner } = useLoaderData<typeof loader>();
  return (
    <PreviewFrame name={banner.title} back={adminHref('catalogueBanner', { id: String(banner.id) })}>
      <div className="page">
        <BannerCarousel banners={[banner]} />
      </div>
    </PreviewFrame>
  );
}
