/**
 * フリガナ as people type it (issue 32): hiragana (はなこ) and half-width katakana (ﾊﾅｺ) become
 * full-width katakana (ハナコ), spaces of either width become one full-width space, the ends are
 * trimmed. What is still not katakana is left for the rule (shared/account-rules.ts) to refuse.
 */
export function toKatakana(value: string): string {
  return value
    .normalize('NFKC')
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .replace(/[\s\u3000]+/g, '\u3000')
    .trim();
}

/** Katakana (ヴ and small ones included), ー, ・ and full-width spaces between words. */
export const KATAKANA_NAME = /^[\u30a1-\u30fa\u30fc\u30fb\u3000]*$/;

const FULL = 'ァアィイゥウェエォオカキクケコサシスセソタチッツテトナニヌネノハヒフヘホマミムメモャヤュユョヨラリルレロワヲンー・\u3000';
const HALF = 'ｧｱｨｲｩｳｪｴｫｵｶｷｸｹｺｻｼｽｾｿﾀﾁｯﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓｬﾔｭﾕｮﾖﾗﾘﾙﾚﾛﾜｦﾝｰ･ ';

/**
 * ハナコ → ﾊﾅｺ, ガ → ｶﾞ: the half-width katakana carriers' software takes in its kana columns
 * (ヤマト B2クラウド's お届け先名略称カナ). A voiced mark is its own character in half width.
 */
export function toHalfWidthKatakana(value: string): string {
  return [...value.normalize('NFD')].map((c) => {
    if (c === '\u3099') return 'ﾞ';
    if (c === '\u309a') return 'ﾟ';
    const at = FULL.indexOf(c);
    return at >= 0 ? HALF[at]! : c;
  }).join('').normalize('NFC');
}
