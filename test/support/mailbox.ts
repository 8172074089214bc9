import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP receiver for tests: the shop sends over SMTP (`SMTP_URL = mailbox.url`) and the
 * test reads what arrived, parsed by postal-mime, as a mail client would see it.
 */
export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The raw message as it came over the wire. */
  raw: string;
  /** Date.now() when it arrived: the cluster soak tells a mail repeated by a killed sender by it. */
  receivedAt: number;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`, for the shop's SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The next mail to `to` (one not yet taken by an earlier waitFor) that matches, within `timeoutMs`. */
  waitFor(to: string, match?: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** The 6-digit code in a mail's text. */
  codeIn(mail: ReceivedMail): string;
  /** How many times the server has answered a greeting or a message (0 while held). */
  answers(): number;
  /** Lets a held server answer what waits and everything after. */
  release(): void;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 1_000_000;

/**
 * `held`: the server answers neither a greeting nor a message until `release()` (a mail server
 * that has not answered yet, for as long as the test needs, however slow the machine).
 */
export async function startMailbox(options: { held?: boolean } = {}): Promise<Mailbox> {
  let held = options.held === true;
  let answered = 0;
  const waiting: (() => void)[] = [];
  const answer = (done: () => void) => {
    answered += 1;
    done();
  };
  const delay = (done: () => void) => (held ? waiting.push(() => answer(done)) : answer(done));
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  let wake: () => void = () => {};

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onConnect(_session, callback) {
      delay(() => callback());
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        PostalMime.parse(raw)
          .then((parsed) => {
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              raw,
              receivedAt: Date.now(),
            });
            wake();
            delay(() => callback());
          })
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
      });
    },
  });
  // A sender killed mid-message resets its connection: the server emits that as an 'error', which
  // unheard ends the process holding the mailbox (the cluster soak kills API copies on purpose).
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function take(to: string, match?: (mail: ReceivedMail) => boolean): ReceivedMail | undefined {
    const found = mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()) && (!match || match(m)));
    if (found) taken.add(found);
    return found;
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, match, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = take(to, match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms (${mails.length} received)`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    codeIn(mail) {
      const found = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text);
      if (!found?.[1]) throw new Error(`no 6-digit code in the mail "${mail.subject}"`);
      return found[1];
    },
    answers: () => answered,
    release() {
      held = false;
      for (const done of waiting.splice(0)) done();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
