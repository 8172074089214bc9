import { describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient, type ApiResult } from '../../shared/api/client.ts';
import { RequiredParameterError } from '../../shared/api/errors.ts';

interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  credentials: RequestCredentials | undefined;
}

type Responder = (call: RecordedCall) => Response | Promise<Response>;

/** A real fetch stand-in: records each call and answers with what the test gives it. */
function fakeFetch(respond: Responder = () => Response.json({ ok: true })) {
  const calls: RecordedCall[] = [];
  const fetchFn: typeof fetch = async (input, init) => {
    const call: RecordedCall = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? init.body : null,
      credentials: init?.credentials,
    };
    calls.push(call);
    return respond(call);
  };
  return { calls, fetchFn };
}

function clientWith(respond?: Responder) {
  const { calls, fetchFn } = fakeFetch(respond);
  return { calls, client: createApiClient({ baseUrl: 'http://api.test', fetch: fetchFn }) };
}

function errorOf<D>(result: ApiResult<D>) {
  if (result.ok) throw new Error(`expected a failed result, got ${JSON.stringify(result)}`);
  return result;
}

describe('createApiClient: transport', () => {
  it('sends credentials with every call', async () => {
    const { client, calls } = clientWith();
    await client.artists();
    await client.loginStatus();
    await client.logout();
    await client.emailLogin({ email: 'a@example.com', password: 'pass1234' });
    expect(calls).toHaveLength(4);
    for (const call of calls) expect(call.credentials).toBe('include');
  });

  it('resolves a success to ok with the parsed data', async () => {
    const { client } = clientWith(() => Response.json([{ id: 1, title: 'お知らせ' }]));
    const result = await client.newsList();
    expect(result).toEqual({ ok: true, status: 200, data: [{ id: 1, title: 'お知らせ' }] });
  });

  it.each([404, 500])('resolves status %i to an error carrying the body\'s code and message', async (status) => {
    const body = { code: 'NOT_FOUND', message: 'アーティストが見つかりません。', messageEn: 'Artist not found.' };
    const { client } = clientWith(() => Response.json(body, { status }));
    const result = errorOf(await client.artist('nobody'));
    expect(result.status).toBe(status);
    expect(result.error).toEqual(body);
  });

  it('keeps field errors of a 400', async () => {
    const body = {
      code: 'BAD_REQUEST',
      message: 'クエリパラメータ（limit）が正しくありません。',
      messageEn: 'Invalid query parameter: limit.',
      fields: { limit: { ja: '「limit」', en: 'limit' } },
    };
    const { client } = clientWith(() => Response.json(body, { status: 400 }));
    expect(errorOf(await client.artists({ limit: 0 })).error).toEqual(body);
  });

  it('still gives an error object when the error body is not JSON', async () => {
    const { client } = clientWith(() => new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    const result = errorOf(await client.banners());
    expect(result.status).toBe(502);
    expect(result.error).toEqual({ code: 'INTERNAL', message: 'Bad Gateway', messageEn: 'Bad Gateway' });
  });

  it('gives a NOT_FOUND error for a bare 404', async () => {
    const { client } = clientWith(() => new Response('', { status: 404 }));
    const result = errorOf(await client.plan(1));
    expect(result.error.code).toBe('NOT_FOUND');
    expect(result.error.message).toBe('HTTP 404');
  });

  it('resolves a network failure to status 999 and "Network Error"', async () => {
    const { client, calls } = clientWith(() => Promise.reject(new TypeError('fetch failed')));
    const result = errorOf(await client.loginStatus());
    expect(calls).toHaveLength(1);
    expect(result.status).toBe(999);
    expect(result.error.message).toBe('Network Error');
    expect(result.error.messageEn).toBe('Network Error');
  });
});

describe('createApiClient: a success body that is not JSON', () => {
  // Regression: a 200 with an HTML body (a misrouted proxy, a captive portal) rejected with a
  // SyntaxError, which broke every page whose loader awaited the call.
  it.each([
    ['an HTML page', '<!doctype html><title>Login to Wi-Fi</title>'],
    ['a truncated JSON body', '{"userId": 1, "user": {"na'],
    ['plain text', 'OK'],
  ])('resolves %s to a 502 failure with the one error shape', async (_what, text) => {
    const { client } = clientWith(() => new Response(text, { status: 200, headers: { 'content-type': 'text/html' } }));
    const result = errorOf(await client.loginStatus());
    expect(result.status).toBe(502);
    expect(result.error.code).toBe('BAD_RESPONSE');
    expect(result.error.message).toMatch(/[ぁ-んァ-ン]/);
    expect(result.error.messageEn).toMatch(/invalid response/);
  });

  it('resolves a body that breaks off mid-stream to the network failure', async () => {
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('[{"id":'));
        controller.error(new Error('socket hang up'));
      },
    });
    const { client } = clientWith(() => new Response(broken, { status: 200 }));
    const result = errorOf(await client.newsList());
    expect(result.status).toBe(999);
    expect(result.error.code).toBe('NETWORK');
  });

  it('still resolves an empty 2xx body to ok with null data', async () => {
    const { client } = clientWith(() => new Response(null, { status: 204 }));
    expect(await client.logout()).toEqual({ ok: true, status: 204, data: null });
  });
});

describe('createApiClient: requests', () => {
  it('URI-encodes path parameters', async () => {
    const { client, calls } = clientWith();
    await client.artist('a/b c?');
    await client.artistsByTag('re-box');
    await client.news('1/../2');
    expect(calls.map((c) => c.url)).toEqual([
      'http://api.test/api/artist/a%2Fb%20c%3F',
      'http://api.test/api/artist/tag/re-box',
      'http://api.test/api/news/1%2F..%2F2',
    ]);
  });

  it('drops undefined query values and keeps the rest', async () => {
    const { client, calls } = clientWith();
    await client.artists({ isClose: true, limit: undefined, sort: 'new' });
    await client.artists({});
    await client.categoryArtists({ artistType: undefined, sortId: 0 });
    expect(calls.map((c) => c.url)).toEqual([
      'http://api.test/api/artist?isClose=true&sort=new',
      'http://api.test/api/artist',
      'http://api.test/api/artist/categoryArtist?sortId=0',
    ]);
  });

  it('sends a POST body as JSON with its content type', async () => {
    const { client, calls } = clientWith();
    await client.emailLogin({ email: 'a@example.com', password: 'pass1234' });
    expect(calls[0]).toMatchObject({
      url: 'http://api.test/api/login/emailLogin',
      method: 'POST',
      body: JSON.stringify({ email: 'a@example.com', password: 'pass1234' }),
    });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends no body and no content type on a GET or DELETE', async () => {
    const { client, calls } = clientWith();
    await client.loginStatus();
    await client.deleteUserPlan(4);
    expect(calls.map((c) => [c.method, c.url, c.body, c.headers['content-type']])).toEqual([
      ['GET', 'http://api.test/api/login/loginStatus', null, undefined],
      ['DELETE', 'http://api.test/api/userPlan/4', null, undefined],
    ]);
  });

  it('adds the configured headers to every call', async () => {
    const { calls, fetchFn } = fakeFetch();
    const client = createApiClient({ baseUrl: '', fetch: fetchFn, headers: { cookie: 'sid=1', 'x-request-id': 'abc' } });
    await client.sendMail({ email: 'a@example.com', type: 'signup' }, 'en');
    expect(calls[0]?.url).toBe('/api/mail/sendMail?langType=en');
    expect(calls[0]?.headers).toMatchObject({ cookie: 'sid=1', 'x-request-id': 'abc', accept: 'application/json' });
  });
});

/** Each call of docs/spec.md §5 with its required value left out, and the field it must name. */
const MISSING: [name: string, field: string, call: (c: ApiClient) => Promise<unknown>][] = [
  ['artistsByTag', 'tag', (c) => c.artistsByTag(null as never)],
  ['artist', 'slug', (c) => c.artist(undefined as never)],
  ['plan', 'planId', (c) => c.plan(null as never)],
  ['planOrder', 'planOrderId', (c) => c.planOrder(null as never)],
  ['planOrderHistory', 'planOrderId', (c) => c.planOrderHistory(undefined as never)],
  ['news', 'newsId', (c) => c.news(null as never)],
  ['creditInfo', 'userId', (c) => c.creditInfo(null as never)],
  ['creditConfirm', 'userId', (c) => c.creditConfirm({ userId: null as never })],
  // Regression: the whole query object left out threw a TypeError reading `userId` of undefined.
  ['creditConfirm (no query)', 'userId', (c) => c.creditConfirm(undefined as never)],
  ['creditConfirm (null query)', 'userId', (c) => c.creditConfirm(null as never)],
  ['emailLogin', 'emailPass', (c) => c.emailLogin(null as never)],
  ['createUser', 'inputUser', (c) => c.createUser(undefined as never)],
  ['updateUser', 'inputUser', (c) => c.updateUser(null as never)],
  ['updateLoginPass', 'emailPass', (c) => c.updateLoginPass(null as never)],
  ['createUserPlan', 'userPlan', (c) => c.createUserPlan(null as never)],
  ['updateUserPlan', 'inputUserPlan', (c) => c.updateUserPlan(null as never)],
  ['redirect', 'redirect', (c) => c.redirect(null as never)],
  ['checkCode', 'body', (c) => c.checkCode(null as never)],
  ['sendMail', 'body', (c) => c.sendMail(null as never)],
  ['userPlanCount', 'planId', (c) => c.userPlanCount(null as never)],
  ['deleteUserPlan', 'planId', (c) => c.deleteUserPlan(null as never)],
];

describe('createApiClient: required parameters (docs/spec.md §5)', () => {
  it.each(MISSING)('%s fails with RequiredParameterError naming %s and does not fetch', async (_name, field, call) => {
    const { client, calls } = clientWith();
    // The async wrapper turns a synchronous throw into a rejection too; see the test below.
    const error: unknown = await (async () => call(client))().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequiredParameterError);
    expect((error as RequiredParameterError).field).toBe(field);
    expect((error as RequiredParameterError).message).toContain(field);
    expect(calls).toHaveLength(0);
  });

  // Regression: the check runs before the call's promise exists, so a missing value throws
  // synchronously instead of rejecting (docs/spec.md §5, §7: calls never throw).
  it('returns a rejected promise rather than throwing synchronously', async () => {
    const { client } = clientWith();
    let returned: unknown = null;
    expect(() => {
      returned = client.artist(undefined as never);
    }).not.toThrow();
    await expect(returned).rejects.toBeInstanceOf(RequiredParameterError);
  });

  it('accepts 0 and the empty string, which are values, not missing', async () => {
    const { client, calls } = clientWith();
    await client.plan(0);
    await client.userPlanCount('');
    expect(calls.map((c) => c.url)).toEqual(['http://api.test/api/plan/0', 'http://api.test/api/userPlan/count/']);
  });
});
