import type { PublicConfig } from '../../shared/config.ts';
import type { Text } from '../../shared/text.ts';

/**
 * The shape of the static information pages (docs/spec.md §2: /faq, /howto, /transactions, /privacy,
 * /terms). Every string is a `Text`, so both languages are written together and a test can walk
 * the whole tree looking for a missing translation.
 */

/** A path of ours (routed in the app), an outside URL or a mailto: address. */
export interface ContentLink {
  label: Text;
  href: string;
}

/** One numbered paragraph of a legal text (項), optionally with its own numbered items (号). */
export interface Clause {
  text: Text;
  items?: Text[];
}

export interface Definition {
  term: Text;
  details: Block[];
}

export interface Step {
  title: Text;
  body: Block[];
}

export interface Question {
  /** Anchor of the question, so a support reply can link straight to it. */
  id: string;
  question: Text;
  answer: Block[];
}

export type Block =
  | { kind: 'p'; text: Text }
  | { kind: 'note'; text: Text }
  | { kind: 'list'; ordered?: boolean; items: Text[] }
  | { kind: 'clauses'; items: Clause[] }
  | { kind: 'dl'; items: Definition[] }
  | { kind: 'steps'; items: Step[] }
  | { kind: 'faq'; items: Question[] }
  | { kind: 'links'; items: ContentLink[] };

export interface ContentSection {
  /** The in-page anchor; sections without a heading are left out of the table of contents. */
  id: string;
  heading?: Text;
  blocks: Block[];
}

export interface StaticContent {
  title: Text;
  /** The meta description: one or two sentences. */
  description: Text;
  lead?: Block[];
  toc: boolean;
  sections: ContentSection[];
  /** Closing lines such as the date a policy took effect. */
  closing?: Text[];
}

/** Content depends on configuration (brand, company details), never on anything else. */
export type ContentBuilder = (config: PublicConfig) => StaticContent;

export function p(text: Text): Block {
  return { kind: 'p', text };
}

export function note(text: Text): Block {
  return { kind: 'note', text };
}

/** A legal article's body: numbered clauses (項), each with optional items (号). */
export function clauses(items: Clause[]): Block[] {
  return [{ kind: 'clauses', items }];
}

export function list(items: Text[], ordered = false): Block {
  return { kind: 'list', ordered, items };
}

/** Text that reads the same in both languages: names, addresses, numbers. */
export function same(value: string): Text {
  return { ja: value, en: value };
}

export function mailLink(email: string): Block {
  return { kind: 'links', items: [{ label: same(email), href: `mailto:${email}` }] };
}
