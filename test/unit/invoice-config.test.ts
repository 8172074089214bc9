import { describe, expect, it } from 'vitest';
import { parseConfig, toPublicConfig } from '../../shared/config.ts';

/** The receipts' issuer (INVOICE_*): checked at start-up, defaulting to the company's details. */
describe('INVOICE_* configuration', () => {
  it('defaults the issuer to the company and a demo registration number', () => {
    const result = parseConfig({ COMPANY_NAME: '株式会社テスト', COMPANY_ADDRESS: '東京都千代田区1-1' });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(toPublicConfig(result.config).invoiceIssuer).toEqual({
      name: '株式会社テスト', address: '東京都千代田区1-1', registrationNumber: 'T1234567890123',
    });
  });

  it('takes its own name, address and number', () => {
    const result = parseConfig({ INVOICE_ISSUER_NAME: '推し箱合同会社', INVOICE_ISSUER_ADDRESS: '大阪府大阪市北区1-2-3', INVOICE_REGISTRATION_NUMBER: 'T9876543210987' });
    if (!result.ok) throw new Error(result.problems.join('; '));
    expect(toPublicConfig(result.config).invoiceIssuer).toEqual({
      name: '推し箱合同会社', address: '大阪府大阪市北区1-2-3', registrationNumber: 'T9876543210987',
    });
  });

  it.each(['1234567890123', 'T123456789012', 'T12345678901234', 't1234567890123', 'T123456789012X'])('refuses %s with a message naming the form', (value) => {
    const result = parseConfig({ INVOICE_REGISTRATION_NUMBER: value });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatch(/^INVOICE_REGISTRATION_NUMBER: .*T followed by 13 digits/);
  });
});
