import type { Request as ExpressRequest } from 'express';

/** A page form is a handful of short fields; anything bigger is not one of ours. */
export const FORM_BODY_LIMIT = 16 * 1024;
const FORM_BODY_DEADLINE_MS = 10_000;

export type FormBody = { ok: true; body: string | Buffer } | { ok: false; status: 400 | 408 | 413 | 415; text: string };

const REFUSALS = {
  400: 'フォームの内容を読み取れませんでした。もう一度送信してください。/ The form could not be read (a malformed multipart body). Please send it again.',
  408: 'フォームの送信が時間内に終わりませんでした。/ The form took too long to arrive.',
  413: 'フォームの内容が大きすぎます。/ The form is too large.',
  415: 'このフォーム形式は受け付けていません。/ This form encoding is not accepted.',
} as const;

function refuse(status: keyof typeof REFUSALS): FormBody {
  return { ok: false, status, text: REFUSALS[status] };
}

/**
 * The body of a browser's plain form POST to a page (JavaScript off): URL-encoded, at most
 * FORM_BODY_LIMIT bytes, arriving within a deadline. It is read here, bounded, because the page
 * action reads it whole anyway (`request.formData()`). An app that takes file uploads (the
 * console's pictures) also accepts multipart/form-data up to `multipartLimit`, read into memory
 * (never to disk) under the same deadline; one that does not parse is a 400.
 */
export async function readFormBody(req: ExpressRequest, limit = FORM_BODY_LIMIT, multipartLimit?: number): Promise<FormBody> {
  const contentType = req.headers['content-type'] ?? '';
  const type = contentType.split(';')[0]?.trim().toLowerCase();
  const multipart = multipartLimit !== undefined && type === 'multipart/form-data';
  if (type !== 'application/x-www-form-urlencoded' && !multipart) return refuse(415);
  if (multipart) limit = multipartLimit;
  if (Number(req.headers['content-length'] ?? 0) > limit) return refuse(413);
  const read = await readBounded(req, limit, multipart);
  if (!read.ok || !multipart || (await parsesAsForm(read.body, contentType))) return read;
  return refuse(400);
}

/**
 * A multipart body the action's `request.formData()` cannot parse (empty, cut off, another
 * boundary, none named) threw there, a 500 for anyone (issue 29): parsed once here by the same
 * parser (undici's), it is the sender's 400. URL-encoded bodies always parse.
 */
async function parsesAsForm(body: string | Buffer, contentType: string): Promise<boolean> {
  try {
    await new Response(typeof body === 'string' ? body : new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    return true;
  } catch {
    return false;
  }
}

function readBounded(req: ExpressRequest, limit: number, multipart: boolean): Promise<FormBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: FormBody) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', onError);
      // Stop reading what is left; the answer is sent and the connection will not be reused.
      if (!result.ok) req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(refuse(413));
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: multipart ? Buffer.concat(chunks) : Buffer.concat(chunks).toString('utf8') });
    // The browser went away mid-body: nobody reads the answer.
    const onError = () => finish(refuse(408));
    const timer = setTimeout(() => finish(refuse(408)), FORM_BODY_DEADLINE_MS);
    req.on('data', onData).on('end', onEnd).on('error', onError);
  });
}
