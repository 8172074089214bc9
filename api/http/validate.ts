import type { z } from 'zod';
import type { Text } from '../../shared/text.ts';
import { ruleText } from '../../shared/account-rules.ts';
import { BadRequestError } from './errors.ts';

type Source = 'query' | 'path' | 'body';

const SOURCE_NAMES: Record<Source, Text> = {
  query: { ja: 'クエリパラメータ', en: 'query parameter' },
  path: { ja: 'パスパラメータ', en: 'path parameter' },
  body: { ja: '入力項目', en: 'field' },
};

/**
 * Bounds on what an error reply repeats back: the input is the attacker's, the reply must stay
 * small whatever it holds (1,000 unknown keys once made a 19 MB reply). docs/security.md.
 */
// The sign-up form alone has 12 fields, each of which may carry its own message (issue 7).
export const MAX_FIELDS_NAMED = 20;
const MAX_NAME_LENGTH = 40;
const MAX_DETAIL_LENGTH = 120;

/**
 * Parses input with a zod schema; a failure is a 400 that names each bad field in Japanese and
 * English (the first few of them), never a 500.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, source: Source): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const bad = new Map<string, string>();
  for (const issue of result.error.issues) {
    // A strict schema reports unknown keys on the object itself: name the keys, not the list.
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) addOnce(bad, key, 'unknown key');
    else addOnce(bad, issue.path.join('.') || source, issue.message);
  }
  const fields: Record<string, Text> = {};
  for (const [name, detail] of [...bad].slice(0, MAX_FIELDS_NAMED)) fields[clip(name)] = fieldText(source, clip(name), detail);
  const names = Object.keys(fields).join(', ');
  const more = Math.max(0, bad.size - MAX_FIELDS_NAMED);
  throw new BadRequestError(
    {
      ja: `${SOURCE_NAMES[source].ja}（${names}${more > 0 ? ` ほか${more}件` : ''}）が正しくありません。`,
      en: `Invalid ${SOURCE_NAMES[source].en}: ${names}${more > 0 ? ` …and ${more} more` : ''}.`,
    },
    fields,
  );
}

function addOnce(bad: Map<string, string>, name: string, detail: string): void {
  if (!bad.has(name)) bad.set(name, detail);
}

/** Shortens a name or message taken from the input; control characters are shown as `?`. */
function clip(text: string, max = MAX_NAME_LENGTH): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

function fieldText(source: Source, name: string, detail: string): Text {
  // The shared form rules carry their own §8 message (shared/account-rules.ts): pass it through.
  const rule = ruleText(detail);
  if (rule) return rule;
  return {
    ja: `${SOURCE_NAMES[source].ja}「${name}」の値が正しくありません。`,
    en: `Invalid ${SOURCE_NAMES[source].en} "${name}": ${clip(detail, MAX_DETAIL_LENGTH)}`,
  };
}
