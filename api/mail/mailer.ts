import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { DEFAULT_COMPANY_EMAIL } from '../../shared/config.ts';

/** One message, already rendered. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One message as the outbox folder stores it (the web tier's mail page reads these files). */
export interface OutboxEntry extends OutgoingMail {
  id: string;
  date: string;
}

export interface Mailer {
  /** 'smtp' when SMTP_URL is set, else 'outbox'. */
  kind: 'smtp' | 'outbox';
  /** The shop's name, as the mails sign. */
  brand: string;
  /** Where shoppers write to (COMPANY_EMAIL): the mails that quote the returns policy name it. */
  supportEmail: string;
  /** Rejects when the message is not handed over within the deadline. */
  send(mail: OutgoingMail): Promise<void>;
  /** The outbox kept in memory (DATA_DIR=memory://, tests); empty for the other kinds. */
  readonly memory: OutboxEntry[];
  close(): void;
}

export interface MailerOptions {
  smtpUrl?: string | undefined;
  from: string;
  brand: string;
  /** COMPANY_EMAIL; the configuration's default when not given (tests). */
  supportEmail?: string;
  /** DATA_DIR: the outbox is `${dataDir}/outbox/`; `memory://` keeps it in memory. */
  dataDir: string;
  timeoutMs?: number;
}

export const MAIL_TIMEOUT_MS = 10_000;

export function createMailer(options: MailerOptions): Mailer {
  const timeoutMs = options.timeoutMs ?? MAIL_TIMEOUT_MS;
  const base = options.smtpUrl ? smtpMailer(options.smtpUrl, options.from, timeoutMs) : outboxMailer(options.dataDir);
  return { ...base, brand: options.brand, supportEmail: options.supportEmail ?? DEFAULT_COMPANY_EMAIL };
}

function smtpMailer(smtpUrl: string, from: string, timeoutMs: number): Omit<Mailer, 'brand' | 'supportEmail'> {
  const transport = nodemailer.createTransport(smtpUrl, {
    // Each stage has its own deadline as well as the whole send (below).
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    kind: 'smtp',
    memory: [],
    send: (mail) => withDeadline(transport.sendMail({ from, ...mail }).then(() => undefined), timeoutMs),
    close: () => transport.close(),
  };
}

function outboxMailer(dataDir: string): Omit<Mailer, 'brand' | 'supportEmail'> {
  const memory: OutboxEntry[] = [];
  const folder = path.join(dataDir, 'outbox');
  const staging = path.join(dataDir, 'outbox.partial');
  return {
    kind: 'outbox',
    memory,
    async send(mail) {
      const date = new Date().toISOString();
      const id = `${date.replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}`;
      const entry: OutboxEntry = { id, ...mail, date };
      if (dataDir === 'memory://') {
        memory.push(entry);
        return;
      }
      // Written beside the folder, then renamed in: whoever lists the outbox (the mail page, a
      // test) sees a message whole or not at all, never half written.
      await mkdir(folder, { recursive: true, mode: 0o700 });
      await mkdir(staging, { recursive: true, mode: 0o700 });
      const draft = path.join(staging, `${id}.json`);
      await writeFile(draft, JSON.stringify(entry), { encoding: 'utf8', mode: 0o600 });
      await rename(draft, path.join(folder, `${id}.json`));
    },
    close: () => {},
  };
}

function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`mail not sent within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
