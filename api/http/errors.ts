import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ApiErrorBody, ErrorCode } from '../../shared/api/errors.ts';
import type { Text } from '../../shared/text.ts';

/** Services throw these; one middleware turns them into the one error shape. */
export class DomainError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly text: Text;
  readonly fields?: Record<string, Text>;

  constructor(status: number, code: ErrorCode, text: Text, fields?: Record<string, Text>) {
    super(text.en);
    this.status = status;
    this.code = code;
    this.text = text;
    this.fields = fields;
  }
}

export class NotFoundError extends DomainError {
  constructor(what: Text) {
    super(404, 'NOT_FOUND', { ja: `${what.ja}が見つかりません。`, en: `${what.en} not found.` });
  }
}

export class BadRequestError extends DomainError {
  constructor(text: Text, fields?: Record<string, Text>) {
    super(400, 'BAD_REQUEST', text, fields);
  }
}

function toBody(error: DomainError): ApiErrorBody {
  const body: ApiErrorBody = { code: error.code, message: error.text.ja, messageEn: error.text.en };
  if (error.fields) body.fields = error.fields;
  return body;
}

export const notFoundHandler: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError({ ja: 'APIのエンドポイント', en: 'API endpoint' }));
};

/** Errors from Express itself (bad JSON, bad %-encoding in the path…) carry a 4xx status. */
function isClientError(error: unknown): error is { status: number } {
  if (typeof error !== 'object' || error === null || !('status' in error)) return false;
  const { status } = error;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export const errorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
  if (error instanceof DomainError) {
    res.status(error.status).json(toBody(error));
    return;
  }
  if (isClientError(error)) {
    const text =
      error.status === 413
        ? { ja: 'リクエストが大きすぎます。', en: 'The request is too large.' }
        : { ja: 'リクエストの形式が正しくありません。', en: 'The request is malformed.' };
    res.status(error.status === 413 ? 413 : 400).json(toBody(new BadRequestError(text)));
    return;
  }
  req.log?.error({ err: error }, 'unhandled API error');
  res.status(500).json({
    code: 'INTERNAL',
    message: 'サーバーエラーが発生しました。時間をおいて再度お試しください。',
    messageEn: 'A server error occurred. Please try again later.',
  } satisfies ApiErrorBody);
};
