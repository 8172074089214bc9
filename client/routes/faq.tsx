import { StaticPage } from '../components/static-page.tsx';
import { faqContent } from '../content/faq.ts';

export function Component() {
  return <StaticPage build={faqContent} />;
}
