import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ContentBuilder } from '../content/types.ts';
import { useConfig } from '../config.tsx';
import { useT } from '../lang.tsx';
import { PageMeta } from './page-meta.tsx';
import { StaticBlocks } from './static-blocks.tsx';
import { StaticToc } from './static-toc.tsx';

/**
 * The one layout of the information pages (/faq, /howto, /transactions, /privacy, /terms):
 * title, optional lead and table of contents, then sections whose h2 carry the anchors.
 */
export function StaticPage({ build }: { build: ContentBuilder }) {
  const config = useConfig();
  const t = useT();
  const content = build(config);
  const headed = content.sections.filter((s) => s.heading);
  const withToc = content.toc && headed.length > 1;
  useHashTarget();
  return (
    <article className="page static-page" data-toc={withToc || undefined}>
      <PageMeta title={t(content.title)} description={t(content.description)} />
      <header className="static-header">
        <h1 className="page-title">{t(content.title)}</h1>
        {content.lead ? <div className="static-lead"><StaticBlocks blocks={content.lead} /></div> : null}
      </header>
      {withToc ? <StaticToc sections={headed} /> : null}
      <div className="static-body">
        {content.sections.map((section) => (
          <section key={section.id} className="static-section" id={section.id} aria-labelledby={section.heading ? `${section.id}-title` : undefined}>
            {section.heading ? <h2 id={`${section.id}-title`} className="section-title">{t(section.heading)}</h2> : null}
            <StaticBlocks blocks={section.blocks} />
          </section>
        ))}
        {content.closing ? (
          <footer className="static-closing">
            {content.closing.map((line, i) => <p key={i}>{t(line)}</p>)}
          </footer>
        ) : null}
      </div>
    </article>
  );
}

/**
 * A link such as /faq#faq-returns should land on that answer, opened. The root scrolls to the
 * top on every new path after this effect runs, so the scroll waits for the next frame.
 */
function useHashTarget() {
  const { hash } = useLocation();
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (!target) return;
    if (target instanceof HTMLDetailsElement) target.open = true;
    const frame = requestAnimationFrame(() => target.scrollIntoView());
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}
