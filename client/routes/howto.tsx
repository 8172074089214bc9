import { StaticPage } from '../components/static-page.tsx';
import { howtoContent } from '../content/howto.ts';

export function Component() {
  return <StaticPage build={howtoContent} />;
}
