import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import {
  CATALOGUE_MESSAGES,
  CatalogueFileSchema,
  MAX_CATALOGUE_BYTES,
  type CatalogueFile,
  type CatalogueMessageKey,
} from './catalogue-import-schema.ts';
import type { Text } from './text.ts';

/**
 * What is wrong with a catalogue file, each problem at its JSON path in both languages:
 * `artists[2].plans[0].rounds[1].shipDate: 締切はお届け日より前にしてください。`
 */
export interface CatalogueProblem {
  /** `artists[2].plans[0].name`; `$` is the file itself. */
  path: string;
  message: Text;
}

/**
 * zod's own English for the issues the schemas name no message of their own (`Too big: expected
 * string to have <=100 characters`): zod/mini, unlike zod, installs no locale, so each parse says
 * which, in the browser's console bundle as on the server.
 */
const IN_ENGLISH = { error: en().localeError };

/** A broken file can hold thousands of problems: the first ones are enough to fix the next run. */
export const MAX_PROBLEMS = 50;

export type CatalogueParseResult =
  | { ok: true; file: CatalogueFile }
  | { ok: false; problems: CatalogueProblem[]; total: number };

/**
 * Parses the file's text (bounded before JSON.parse reads it) or a value already parsed from
 * JSON (bounded by the size of its compact JSON, the same 2 MB).
 */
export function parseCatalogueFile(input: unknown): CatalogueParseResult {
  const value = typeof input === 'string' ? readJson(input) : sizedValue(input);
  if (!value.ok) return { ok: false, problems: [value.problem], total: 1 };
  const parsed = z.safeParse(CatalogueFileSchema, value.data, IN_ENGLISH);
  if (parsed.success) return { ok: true, file: parsed.data };
  const problems = unique(parsed.error.issues.flatMap(toProblems));
  return { ok: false, problems: problems.slice(0, MAX_PROBLEMS), total: problems.length };
}

/** One line of a report: `path: 日本語 / English`. */
export function formatCatalogueProblem(problem: CatalogueProblem): string {
  return `${problem.path}: ${problem.message.ja} / ${problem.message.en}`;
}

export function catalogueProblem(path: readonly PropertyKey[], key: CatalogueMessageKey): CatalogueProblem {
  return { path: formatPath(path), message: CATALOGUE_MESSAGES[key] };
}

/** `['artists', 2, 'plans', 0, 'name']` → `artists[2].plans[0].name`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += `${out ? '.' : ''}${clip(String(part))}`;
  }
  return out || '$';
}

/** zod may report one bad date-time twice (the format, then the refinement after it). */
function unique(problems: CatalogueProblem[]): CatalogueProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.path}\n${p.message.en}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Read = { ok: true; data: unknown } | { ok: false; problem: CatalogueProblem };

function readJson(text: string): Read {
  if (byteLength(text) > MAX_CATALOGUE_BYTES) return { ok: false, problem: catalogueProblem([], 'fileTooLarge') };
  try {
    return { ok: true, data: JSON.parse(text) };
  } catch {
    return { ok: false, problem: catalogueProblem([], 'notJson') };
  }
}

function sizedValue(value: unknown): Read {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A cycle or a BigInt: nothing a JSON file can hold.
  }
  if (text === undefined) return { ok: false, problem: catalogueProblem([], 'notJson') };
  if (byteLength(text) > MAX_CATALOGUE_BYTES) return { ok: false, problem: catalogueProblem([], 'fileTooLarge') };
  return { ok: true, data: value };
}

function byteLength(text: string): number {
  // UTF-8 takes 1 to 3 bytes per UTF-16 unit: encode only when the length alone cannot decide.
  if (text.length > MAX_CATALOGUE_BYTES) return text.length;
  if (text.length * 3 <= MAX_CATALOGUE_BYTES) return text.length;
  return new TextEncoder().encode(text).length;
}

function toProblems(issue: z.core.$ZodIssue): CatalogueProblem[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => catalogueProblem([...issue.path, key], 'unknownField'));
  }
  return [{ path: formatPath(issue.path), message: describeIssue(issue) }];
}

const TYPE_NAMES: Record<string, string> = {
  string: '文字列', number: '数値', int: '整数', boolean: 'true か false', array: '配列', object: 'オブジェクト',
};

/** zod's own issues in Japanese; its English is already plain (`Too big: expected string to have <=100 characters`). */
function describeIssue(issue: z.core.$ZodIssue): Text {
  if (Object.hasOwn(CATALOGUE_MESSAGES, issue.message)) return CATALOGUE_MESSAGES[issue.message as CatalogueMessageKey];
  const en = issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return { ja: issue.message.endsWith('undefined') ? '必須の項目です。' : `${TYPE_NAMES[issue.expected] ?? issue.expected}で入力してください。`, en };
    case 'too_big':
      return { ja: `${String(issue.maximum)}${unit(issue.origin)}以内にしてください。`, en };
    case 'too_small':
      return { ja: issue.origin === 'string' && issue.minimum === 1 ? '空にはできません。' : `${String(issue.minimum)}${unit(issue.origin)}以上にしてください。`, en };
    case 'invalid_value':
      return { ja: `次のいずれかにしてください: ${issue.values.map(String).join(', ')}`, en };
    case 'invalid_format':
      return { ja: '形式が正しくありません。', en };
    default:
      return { ja: '値が正しくありません。', en };
  }
}

function unit(origin: string): string {
  if (origin === 'string') return '文字';
  if (origin === 'array') return '件';
  return '';
}

function clip(name: string): string {
  // Unknown keys come from the file: keep a hostile one short and printable.
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > 60 ? `${clean.slice(0, 60)}…` : clean;
}

/**
 * The console's forms (issue 19) check with the import's own schemas: one message per field,
 * named by the first part of its path (`links.2.url` is the form's `links` field), in the same words.
 */
export function catalogueFieldErrors(schema: z.core.$ZodType, input: unknown): Record<string, Text> | null {
  const parsed = z.safeParse(schema, input, IN_ENGLISH);
  if (parsed.success) return null;
  const fields: Record<string, Text> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.code === 'unrecognized_keys' ? 'form' : String(issue.path[0] ?? 'form');
    fields[name] ??= describeIssue(issue);
  }
  return fields;
}
