import type { z } from 'zod';
import type { Text } from '../../shared/text.ts';
import { ruleText, safeParse, type Schema } from '../../shared/field-errors.ts';
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
const FIELDS_BUDGET_BYTES = 3_000;

/**
 * Parses input with a zod schema; a failure is a 400 that names each bad field in Japanese and
 * English (the first few of them), never a 500.
 */
export function parseInput<S extends Schema>(schema: S, input: unknown, source: Source): z.infer<S> {
  const result = safeParse(schema, input);
  if (result.success) return result.data;
  const bad = new Map<string, string>();
  for (const issue of result.error.issues) {
    // A strict schema reports unknown keys on the object itself: name the keys, not the list.
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) addOnce(bad, key, 'unknown key');
    else addOnce(bad, issue.path.join('.') || source, issue.message);
  }
  const { fields, taken } = pickFields(bad, source);
  const names = Object.keys(fields).join(', ');
  const more = bad.size - taken;
  throw new BadRequestError(
    {
      ja: `${SOURCE_NAMES[source].ja}（${names}${more > 0 ? ` ほか${more}件` : ''}）が正しくありません。`,
      en: `Invalid ${SOURCE_NAMES[source].en}: ${names}${more > 0 ? ` …and ${more} more` : ''}.`,
    },
    fields,
  );
}

/**
 * The first bad fields, as many as fit both MAX_FIELDS_NAMED and a byte budget (names and
 * messages may be long or multi-byte): the whole reply then stays under 4 KB.
 */
function pickFields(bad: Map<string, string>, source: Source): { fields: Record<string, Text>; taken: number } {
  const fields: Record<string, Text> = {};
  let bytes = 0;
  let taken = 0;
  for (const [rawName, detail] of bad) {
    const name = clip(rawName);
    const text = fieldText(source, name, detail);
    // The name appears in the JSON key, both field messages and both summary messages.
    const cost = Buffer.byteLength(JSON.stringify([name, text])) + 2 * Buffer.byteLength(name) + 8;
    if (taken >= MAX_FIELDS_NAMED || bytes + cost > FIELDS_BUDGET_BYTES) break;
    fields[name] ??= text; // two long names may clip alike: the first one speaks for both
    bytes += cost;
    taken += 1;
  }
  return { fields, taken };
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
