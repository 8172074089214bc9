import type { ContentSection } from '../content/types.ts';
import { useT } from '../lang.tsx';

/** The in-page table of contents: one link per headed section. */
export function StaticToc({ sections }: { sections: ContentSection[] }) {
  const t = useT();
  const label = t({ ja: '目次', en: 'Contents' });
  return (
    <nav className="static-toc" aria-label={label}>
      <p className="static-toc-title" aria-hidden="true">{label}</p>
      <ol>
        {sections.map((section) =>
          section.heading ? (
            <li key={section.id}>
              <a href={`#${section.id}`}>{t(section.heading)}</a>
            </li>
          ) : null,
        )}
      </ol>
    </nav>
  );
}
