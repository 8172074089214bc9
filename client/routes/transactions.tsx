import { StaticPage } from '../components/static-page.tsx';
import { transactionsContent } from '../content/transactions.ts';

export function Component() {
  return <StaticPage build={transactionsContent} />;
}
