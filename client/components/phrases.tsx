import { Fragment } from 'react';
import { splitPhrases } from '../../shared/phrases.ts';

/**
 * A name or a title whose lines break only between its phrases: `<wbr>` marks where a line may
 * break and `.phrases` (base.css) forbids breaks elsewhere, unless a phrase is wider than the line.
 */
export function Phrases({ text }: { text: string }) {
  const parts = splitPhrases(text);
  if (parts.length < 2) return <>{text}</>;
  return (
    <span className="phrases">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
