import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { csvLine, decodeCsvFile, encodeCsv, unencodableInCp932 } from '../../api/shipping/csv-text.ts';
import { hyphenatedZip, importColumnOf } from '../../shared/shipping-columns.ts';

describe('cells of the shipping list', () => {
  it('quotes as RFC 4180 and keeps formulas from running', () => {
    expect(csvLine(['1', 'a,b', 'say "hi"', 'two\nlines', ''])).toBe('1,"a,b","say ""hi""","two\nlines",\r\n');
    expect(csvLine(['=1+1', '+81312345678', '-5', '@SUM(A1)', '\tx', 'a=b'])).toBe(`'=1+1,'+81312345678,'-5,'@SUM(A1),'\tx,a=b\r\n`);
  });

  it('names the characters CP932 lacks, and only those', () => {
    expect(unencodableInCp932('𠮷田 花子😀')).toEqual(['𠮷', '😀']);
    expect(unencodableInCp932('髙橋 ①? 〜 −')).toEqual([]);
    expect(iconv.decode(encodeCsv('2〜3 4−5', 'cp932'), 'cp932')).toBe('2～3 4－5');
  });

  it('reads a file back as UTF-8, or as Shift_JIS when it is not UTF-8', () => {
    expect(decodeCsvFile(Buffer.from('注文番号,追跡番号'))).toBe('注文番号,追跡番号');
    expect(decodeCsvFile(iconv.encode('注文番号,追跡番号', 'cp932'))).toBe('注文番号,追跡番号');
  });

  it('maps the export header to the import columns', () => {
    expect([importColumnOf('注文番号'), importColumnOf('住所'), importColumnOf('配送業者'), importColumnOf('住所3')]).toEqual(['orderHistoryId', false, 'carrier', undefined]);
    expect([hyphenatedZip('0600001'), hyphenatedZip('')]).toEqual(['060-0001', '']);
  });
});
