import type { Test } from 'supertest';

/** supertest's parser for a body read as bytes (a CSV in Shift_JIS or with its BOM): `.buffer(true).parse(binaryBody)`. */
export const binaryBody: Parameters<Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};
