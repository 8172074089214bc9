import type { Mailbox, ReceivedMail } from '../../../test/support/mailbox.ts';
import { codeOf, sendWithRetries, type Attempted, type AttemptLog, type BuyerClient } from './buyer-http.ts';

/** The sign-up code mail's subject (api/mail/mail-templates.ts), in Japanese: the buyers ask with langType=ja. */
export const SIGNUP_SUBJECT = '会員登録の認証コード';
/** A code mail is sent after the reply (decision 0004): a copy killed in between never sends it. */
const CODE_WAIT_MS = 20_000;
const CODE_REQUESTS = 3;
const PASSWORD = 'Passw0rd-soak-buyer';
const CARD = '4242424242424242';

export interface SignupOutcome {
  ok: boolean;
  attempts: number;
  /** POST /api/mail/sendMail attempts made (each may have mailed a code, even without an answer). */
  codeRequests: number;
}

const isSignupMail = (mail: ReceivedMail) => mail.subject.includes(SIGNUP_SUBJECT);

function profile(email: string, code: string) {
  return {
    email, code, name: '推野 花子', zip: '1500002', address: '東京都渋谷区渋谷', address2: '2-24-12', birthday: '1995-04-01',
    gender: 'FEMALE', tel: '0312345678', password: PASSWORD, passwordConfirm: PASSWORD, agreement: true,
  };
}

/**
 * Sign-up through the real mail path: ask for a code, read it from the mail, create the account
 * (which signs in). A code that never comes is asked for again; a creation whose answer was
 * lost may have happened, so a refusal after a failure is followed by a sign-in.
 */
export async function signUp(client: BuyerClient, mailbox: Mailbox, email: string, label: string, log: AttemptLog): Promise<SignupOutcome> {
  let attempts = 0;
  let codeRequests = 0;
  for (let round = 0; round < CODE_REQUESTS; round++) {
    const asked = await sendWithRetries(`${label} sendMail`, log, () => {
      codeRequests += 1;
      return client.send('POST', '/api/mail/sendMail?langType=ja', { json: { email, type: 'signup' } });
    });
    attempts += asked.attempts;
    if (asked.answer?.status !== 200) continue;
    const mail = await mailbox.waitFor(email, isSignupMail, CODE_WAIT_MS).catch(() => null);
    if (!mail) continue;
    const created = await createAccount(client, email, mailbox.codeIn(mail), label, log);
    attempts += created.attempts;
    if (created.answer?.status === 201) return { ok: true, attempts, codeRequests };
    if (created.failedBefore && (await signIn(client, email, label, log))) return { ok: true, attempts, codeRequests };
  }
  return { ok: false, attempts, codeRequests };
}

function createAccount(client: BuyerClient, email: string, code: string, label: string, log: AttemptLog): Promise<Attempted> {
  return sendWithRetries(`${label} signup`, log, () => client.send('POST', '/api/user', { json: profile(email, code) }));
}

async function signIn(client: BuyerClient, email: string, label: string, log: AttemptLog): Promise<boolean> {
  const answer = await sendWithRetries(`${label} login`, log, () => client.send('POST', '/api/login/emailLogin', { json: { email, password: PASSWORD } }));
  return answer.answer?.status === 200;
}

/**
 * The sandbox's hosted card page as a shopper fills it in (test/integration/process-rehearsal.test.ts
 * `registerCard`): start, post the form, follow the way back. A failure anywhere starts again
 * (a registration is single use); true when the shop says `card=registered`.
 */
export async function registerCard(client: BuyerClient, label: string, log: AttemptLog): Promise<{ ok: boolean; attempts: number }> {
  let attempts = 0;
  for (let round = 0; round < 3; round++) {
    const start = await sendWithRetries(`${label} credit`, log, () => client.send('GET', '/api/credit?retUrl=%2Fmypage%2Fprofile%2Fpayment'));
    attempts += start.attempts;
    const url = urlOf(start.answer?.body);
    if (!url) continue;
    const form = new URLSearchParams({ cardNumber: CARD, expiry: '12/30', cvc: '123', holder: 'HANAKO OSHINO' }).toString();
    const posted = await sendWithRetries(`${label} card form`, log, () => client.send('POST', url, { form }));
    attempts += posted.attempts;
    const back = posted.answer?.location;
    if (posted.answer?.status !== 303 || !back) continue;
    const confirmed = await sendWithRetries(`${label} credit-confirm`, log, () => client.send('GET', back));
    attempts += confirmed.attempts;
    if (confirmed.answer?.location?.includes('card=registered')) return { ok: true, attempts };
    if (confirmed.answer && codeOf(confirmed.answer)) continue;
  }
  return { ok: false, attempts };
}

function urlOf(body: unknown): string | null {
  return typeof body === 'object' && body !== null && 'url' in body && typeof body.url === 'string' ? body.url : null;
}
