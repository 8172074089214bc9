import type { z } from 'zod';
import type { Text } from '../../shared/text.ts';
import { BadRequestError } from './errors.ts';

type Source = 'query' | 'path' | 'body';

const SOURCE_NAMES: Record<Source, Text> = {
  query: { ja: 'クエリパラメータ', en: 'query parameter' },
  path: { ja: 'パスパラメータ', en: 'path parameter' },
  body: { ja: '入力項目', en: 'field' },
};

/**
 * Parses input with a zod schema; a failure is a 400 that names each bad field in Japanese and
 * English, never a 500.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, source: Source): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, Text> = {};
  for (const issue of result.error.issues) {
    // A strict schema reports unknown keys on the object itself: name the keys.
    const names = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.') || source];
    for (const name of names) addField(fields, name, source, issue.message);
  }
  const names = Object.keys(fields).join(', ');
  throw new BadRequestError(
    { ja: `${SOURCE_NAMES[source].ja}（${names}）が正しくありません。`, en: `Invalid ${SOURCE_NAMES[source].en}: ${names}.` },
    fields,
  );
}

function addField(fields: Record<string, Text>, name: string, source: Source, detail: string): void {
  fields[name] ??= {
    ja: `${SOURCE_NAMES[source].ja}「${name}」の値が正しくありません。`,
    en: `Invalid ${SOURCE_NAMES[source].en} "${name}": ${detail}`,
  };
}
