import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Text } from '../../../shared/text.ts';
import { useT } from '../../lang.tsx';

/**
 * The console's preview of a catalogue item (issue 32): the shop's own component with the item's
 * data, under a banner that cannot be missed. Only on the console's listener, behind its sign-in
 * and the catalogue role (docs/decisions/0081-drafts-and-publishing.md).
 */
const COPY = {
  banner: { ja: 'プレビュー（未公開）', en: 'Preview (not public)' },
  lead: { ja: '公開するまでショップには表示されません。', en: 'The shop does not show it until it is published.' },
  back: { ja: '編集に戻る', en: 'Back to editing' },
} as const satisfies Record<string, Text>;

export function PreviewFrame({ name, back, children }: { name: string; back: string; children: ReactNode }) {
  const t = useT();
  return (
    <main>
      <title>{`${t(COPY.banner)} ${name} | OshiBox`}</title>
      <p className="preview-banner" role="status">
        {t(COPY.banner)} — {t(COPY.lead)} <Link to={back}>{t(COPY.back)}</Link>
      </p>
      <div className="preview-page">{children}</div>
    </main>
  );
}
