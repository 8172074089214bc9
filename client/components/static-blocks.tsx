import { Link } from 'react-router';
import type { Block, ContentLink } from '../content/types.ts';
import { useT } from '../lang.tsx';
import { useMarkedT } from './japanese-runs.tsx';

/** Renders content blocks of the information pages; blocks nest (a definition or answer holds blocks). */
export function StaticBlocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, i) => <StaticBlock key={i} block={block} />);
}

function StaticBlock({ block }: { block: Block }) {
  // Company details quoted in English text (name, address) stay Japanese, and say so.
  const t = useMarkedT();
  switch (block.kind) {
    case 'p':
      return <p>{t(block.text)}</p>;
    case 'note':
      return <p className="static-note">{t(block.text)}</p>;
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return <List className="static-list">{block.items.map((item, i) => <li key={i}>{t(item)}</li>)}</List>;
    }
    case 'clauses':
      return (
        <ol className="static-clauses">
          {block.items.map((clause, i) => (
            <li key={i}>
              {t(clause.text)}
              {clause.items ? <ol className="static-items">{clause.items.map((item, j) => <li key={j}>{t(item)}</li>)}</ol> : null}
            </li>
          ))}
        </ol>
      );
    case 'dl':
      return (
        <dl className="static-dl">
          {block.items.map((row, i) => (
            <div key={i} className="static-dl-row">
              <dt>{t(row.term)}</dt>
              <dd><StaticBlocks blocks={row.details} /></dd>
            </div>
          ))}
        </dl>
      );
    case 'steps':
      return (
        <ol className="static-steps">
          {block.items.map((step, i) => (
            <li key={i}>
              <h3 className="static-step-title">{t(step.title)}</h3>
              <StaticBlocks blocks={step.body} />
            </li>
          ))}
        </ol>
      );
    case 'faq':
      return (
        <div className="static-faq">
          {block.items.map((q) => (
            <details key={q.id} id={q.id} className="static-qa">
              <summary>{t(q.question)}</summary>
              <div className="static-answer"><StaticBlocks blocks={q.answer} /></div>
            </details>
          ))}
        </div>
      );
    case 'links':
      return (
        <ul className="static-links">
          {block.items.map((link) => <li key={link.href}><StaticLink link={link} /></li>)}
        </ul>
      );
  }
}

/** Our own paths go through the router; outside URLs and mailto: stay plain anchors. */
function StaticLink({ link }: { link: ContentLink }) {
  const t = useT();
  if (link.href.startsWith('/') && !link.href.startsWith('//')) return <Link to={link.href}>{t(link.label)}</Link>;
  const external = /^https?:/.test(link.href);
  return <a href={link.href} rel={external ? 'noopener noreferrer' : undefined}>{t(link.label)}</a>;
}
