import { StaticPage } from '../components/static-page.tsx';
import { privacyContent } from '../content/privacy.ts';

export function Component() {
  return <StaticPage build={privacyContent} />;
}
