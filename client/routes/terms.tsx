import { StaticPage } from '../components/static-page.tsx';
import { termsContent } from '../content/terms.ts';

export function Component() {
  return <StaticPage build={termsContent} />;
}
