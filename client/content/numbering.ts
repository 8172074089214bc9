import type { Text } from '../../shared/text.ts';
import type { Block, ContentSection } from './types.ts';

export interface NumberedPart {
  id: string;
  title: Text;
  blocks: Block[];
}

/** Legal articles in Japanese style: 第1条（定義） / Article 1 (Definitions). */
export function toArticles(parts: NumberedPart[]): ContentSection[] {
  return parts.map(({ id, title, blocks }, i) => ({
    id,
    heading: { ja: `第${i + 1}条（${title.ja}）`, en: `Article ${i + 1} (${title.en})` },
    blocks,
  }));
}

/** Plainly numbered sections: 1. 取得する情報 / 1. Information we collect. */
export function toNumbered(parts: NumberedPart[]): ContentSection[] {
  return parts.map(({ id, title, blocks }, i) => ({
    id,
    heading: { ja: `${i + 1}. ${title.ja}`, en: `${i + 1}. ${title.en}` },
    blocks,
  }));
}
