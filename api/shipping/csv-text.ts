import iconv from 'iconv-lite';

/**
 * The text of a shipping list: RFC 4180 cells, a guard against spreadsheet formulas, and the two
 * encodings Japanese warehouses and carrier software read (UTF-8 with a BOM for Excel, or
 * Shift_JIS as Windows has it, CP932).
 */
export const CSV_ENCODINGS = ['utf8', 'cp932'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

export function isCsvEncoding(value: string): value is CsvEncoding {
  return (CSV_ENCODINGS as readonly string[]).includes(value);
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * A cell a spreadsheet would run as a formula (= + - @, and tab or CR that some strip first)
 * starts with an apostrophe instead: an address is data, never a formula (OWASP "CSV injection").
 */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvCell(value: string): string {
  const guarded = guardFormula(value);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** One record, ended by CRLF as RFC 4180 and Excel have it. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Characters JIS X 0208 has that Windows (CP932) writes with another code point of the same
 * glyph: a Mac's 〜 or − in an address is CP932's ～ or －. Every other missing character is refused.
 */
const CP932_SAME_GLYPH: Record<string, string> = {
  '\u301c': '\uff5e', '\u2212': '\uff0d', '\u2016': '\u2225', '\u2014': '\u2015', '\u00a2': '\uffe0', '\u00a3': '\uffe1', '\u00ac': '\uffe2',
};

export function toCp932Glyphs(value: string): string {
  return value.replace(/[\u301c\u2212\u2016\u2014\u00a2\u00a3\u00ac]/g, (char) => CP932_SAME_GLYPH[char] ?? char);
}

export function encodeCsv(text: string, encoding: CsvEncoding): Buffer {
  return encoding === 'cp932' ? iconv.encode(toCp932Glyphs(text), 'cp932') : Buffer.from(text, 'utf8');
}

/** What starts the file: the BOM tells Excel the file is UTF-8 (without it Excel reads CP932). */
export function csvPreamble(encoding: CsvEncoding): Buffer {
  return encoding === 'utf8' ? UTF8_BOM : Buffer.alloc(0);
}

/**
 * The characters of `value` that CP932 has no code for (emoji, 𠮷, ♡): iconv-lite would write
 * '?' for each. '?' (0x3F) is never the second byte of a CP932 character, so counting it is exact.
 */
export function unencodableInCp932(value: string): string[] {
  const text = toCp932Glyphs(value);
  const questionMarks = text.split('?').length - 1;
  const encoded = iconv.encode(text, 'cp932');
  if (encoded.filter((byte) => byte === 0x3f).length === questionMarks) return [];
  return [...text].filter((char) => char !== '?' && iconv.encode(char, 'cp932').equals(Buffer.from('?')));
}

/**
 * A file that is not text: a spreadsheet saved as .xlsx, a picture, a PDF. It holds NUL bytes
 * (or other control codes), which PostgreSQL refuses in text, so it is refused here, by name.
 */
export class NotCsvTextError extends Error {
  constructor() {
    super('not a CSV file: it holds data that is not text (NUL or other control bytes); save it as CSV (UTF-8 or Shift_JIS)');
  }
}

/** Control codes no CSV holds: all of C0 but tab, line feed and carriage return, and DEL. */
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Excel's 「Unicode テキスト」 is UTF-16 with its byte-order mark; nothing else starts so. */
function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

function decodeBytes(bytes: Uint8Array): string {
  const utf16 = utf16Of(bytes);
  try {
    return new TextDecoder(utf16 ?? 'utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (utf16) throw new NotCsvTextError();
    return iconv.decode(Buffer.from(bytes), 'cp932');
  }
}

/**
 * A shipment file as the warehouse saved it: UTF-8 (with or without BOM), UTF-16 with its BOM
 * (Excel's Unicode text) or, failing those, CP932. Anything holding control codes is refused
 * (`NotCsvTextError`): a binary file, not a list.
 */
export function decodeCsvFile(bytes: Uint8Array): string {
  const text = decodeBytes(bytes);
  if (NOT_TEXT.test(text)) throw new NotCsvTextError();
  return text;
}

/** A file name as shown in the console and kept with a staged import: no control codes (PostgreSQL refuses NUL). */
export function cleanFileName(name: string): string {
  return name.replace(new RegExp(NOT_TEXT.source, 'g'), '').slice(0, 200);
}
