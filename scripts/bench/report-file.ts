import { readFile, writeFile } from 'node:fs/promises';

/**
 * docs/performance.md is shared: `npm run bench` owns the sections it generates, people own the
 * rest (the "what each change bought" log, notes, other benchmarks' sections such as the billing
 * run). A section is a `## ` heading and what follows it up to the next one.
 */
export const HAND_KEPT = 'What each change bought (by hand)';

/** Sections earlier versions of the generator wrote: replaced, never kept. */
const FORMERLY_GENERATED = ['Machine', 'Reading'];

interface Section {
  title: string;
  text: string;
}

function sectionsOf(markdown: string): Section[] {
  const sections: Section[] = [];
  for (const part of markdown.split(/^(?=## )/m)) {
    const title = /^## (.+)$/m.exec(part)?.[1]?.trim();
    if (title && part.startsWith('## ')) sections.push({ title, text: part.trimEnd() });
  }
  return sections;
}

const HAND_KEPT_STUB = `## ${HAND_KEPT}

Each change to the product made for speed, with the figures before and after it from \`npm run bench\`
(same machine, load average noted). Kept by hand; the generator never rewrites this section.

- (none yet: the first run of the issue-11 benchmark is the baseline)`;

/** The generated header and sections, then every section a person wrote, in their order. */
export async function writeReport(file: string, header: string, generated: Section[]): Promise<void> {
  const existing = await readFile(file, 'utf8').catch(() => '');
  const ours = new Set([...generated.map((s) => s.title), ...FORMERLY_GENERATED]);
  const kept = sectionsOf(existing).filter((s) => !ours.has(s.title));
  if (!kept.some((s) => s.title === HAND_KEPT)) kept.unshift({ title: HAND_KEPT, text: HAND_KEPT_STUB });
  const body = [header.trimEnd(), ...generated.map((s) => `## ${s.title}\n\n${s.text.trimEnd()}`), ...kept.map((s) => s.text)];
  await writeFile(file, `${body.join('\n\n')}\n`);
}
