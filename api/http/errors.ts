import type { ErrorRequestHandler, RequestHandler, Response } from 'express';
import type { ApiErrorBody, ErrorCode } from '../../shared/api/errors.ts';
import type { Text } from '../../shared/text.ts';
import { PaymentMoveError, UnknownPaymentMethodError } from '../../shared/payment.ts';
import { MISDIRECTED_TEXT } from '../../shared/allowed-hosts.ts';
import { isDatabaseUnavailable } from './database-errors.ts';

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

export class ForbiddenError extends DomainError {
  constructor(text: Text) {
    super(403, 'FORBIDDEN', text);
  }
}

/** A Host the API does not answer for (shared/allowed-hosts.ts): RFC 9110 §15.5.20. */
export class MisdirectedRequestError extends DomainError {
  constructor(text: Text = MISDIRECTED_TEXT) {
    super(421, 'MISDIRECTED_REQUEST', text);
  }
}

/** The path exists but not for this method; `allow` lists the methods it has (RFC 9110 §15.5.6). */
export class MethodNotAllowedError extends DomainError {
  readonly allow: string[];
  constructor(method: string, allow: string[]) {
    const shown = method.slice(0, 20);
    super(405, 'METHOD_NOT_ALLOWED', {
      ja: `このAPIは${shown}メソッドに対応していません（${allow.join(', ')}）。`,
      en: `This API endpoint does not support ${shown} (allowed: ${allow.join(', ')}).`,
    });
    this.allow = allow;
  }
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor() {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', {
      ja: 'リクエスト本文はJSON（application/json）で送ってください。',
      en: 'Send the request body as JSON (application/json).',
    });
  }
}

/** PostgreSQL is down, restarting or unreachable: the client may retry shortly. */
export class DatabaseUnavailableError extends DomainError {
  constructor() {
    super(503, 'DATABASE_UNAVAILABLE', {
      ja: 'ただいまデータベースに接続できません。しばらくしてから再度お試しください。',
      en: 'The database is unavailable right now. Please try again shortly.',
    });
  }
}

/** Seconds a client should wait before retrying after a 503 (pool reconnects within this). */
export const RETRY_AFTER_SECONDS = 5;

function toBody(error: DomainError): ApiErrorBody {
  const body: ApiErrorBody = { code: error.code, message: error.text.ja, messageEn: error.text.en };
  if (error.fields) body.fields = error.fields;
  return body;
}

function sendDomainError(res: Response, error: DomainError): void {
  if (error instanceof MethodNotAllowedError) res.set('allow', error.allow.join(', '));
  if (error instanceof DatabaseUnavailableError) res.set('retry-after', String(RETRY_AFTER_SECONDS));
  res.status(error.status).json(toBody(error));
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
  if (res.headersSent) {
    // Too late for an error body: cut the reply short so the client sees it is incomplete.
    req.log?.error({ err: error }, 'API reply failed after headers were sent');
    res.destroy();
    return;
  }
  if (isDatabaseUnavailable(error)) {
    req.log?.warn({ err: error }, 'database unavailable');
    sendDomainError(res, new DatabaseUnavailableError());
    return;
  }
  if (error instanceof DomainError) {
    sendDomainError(res, error);
    return;
  }
  if (error instanceof UnknownPaymentMethodError) {
    // docs/spec.md §3 "the payment method does not exist": the client's mistake, not the server's.
    const text = { ja: '支払い方法が存在しません。', en: 'The payment method does not exist.' };
    sendDomainError(res, new BadRequestError(text, { paymentMethod: text }));
    return;
  }
  if (error instanceof PaymentMoveError) {
    // The round moved on meanwhile (shipped, charged by the billing run): the shopper's request
    // conflicts with it, which is neither their mistake (400) nor the server's (500).
    req.log?.warn({ from: error.from, to: error.to }, 'payment status move refused');
    sendDomainError(res, new DomainError(409, 'PAYMENT_STATUS_CONFLICT', error.text));
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
