import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Router, type Response } from 'express';
import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import type { Config } from '../shared/config.ts';
import { formatDateTime } from '../shared/format.ts';

/**
 * The outbox mail page (issue 7): while mail goes to the outbox folder instead of SMTP, a new
 * user of the embedded default reads the sign-up code here. It shows everyone's codes, so it
 * exists only while SMTP_URL is unset AND the web service listens on loopback; anywhere else the
 * path is an ordinary 404. `npm start` runs in production mode, so NODE_ENV decides nothing here.
 * A rebinding page on another name never reaches it: the Host check runs first (decision 0018).
 */
export const MAIL_PAGE_PATH = '/dev/mail';
const LIST_LIMIT = 100;
const FILE_LIMIT_BYTES = 512 * 1024;
const ID = /^[0-9A-Za-z-]{1,100}$/;
/** A code mail puts its 6-digit code on a line of its own (api/mail/mail-templates.ts `renderMail`). */
const CODE_LINE = /^\d{6}$/m;
const PREVIEW_CHARS = 120;

const OutboxEntry = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), date: z.string() });
type OutboxEntry = z.infer<typeof OutboxEntry>;

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export function mailPageEnabled(config: Pick<Config, 'SMTP_URL' | 'HOST'>): boolean {
  return !config.SMTP_URL && isLoopbackHost(config.HOST);
}

async function readEntry(file: string): Promise<OutboxEntry | null> {
  try {
    if ((await stat(file)).size > FILE_LIMIT_BYTES) return null;
    const parsed = OutboxEntry.safeParse(JSON.parse(await readFile(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // half-written, removed meanwhile, or not ours
  }
}

/** The newest messages first: file names start with the ISO time, so names sort by date. */
async function listEntries(folder: string): Promise<OutboxEntry[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const newest = names.filter((n) => n.endsWith('.json') && ID.test(n.slice(0, -5))).sort().reverse().slice(0, LIST_LIMIT);
  const entries = await Promise.all(newest.map((n) => readEntry(path.join(folder, n))));
  return entries.filter((e): e is OutboxEntry => e !== null);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:960px;margin:24px auto;padding:0 16px;color:#2b2433;line-height:1.6}h1{font-size:1.5rem;overflow-wrap:anywhere}dt{font-weight:700}dd{margin:0 0 8px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:8px;border-bottom:1px solid #eee;vertical-align:top}
pre{white-space:pre-wrap;background:#fff8fb;border:1px solid #f1dbe4;padding:12px;border-radius:8px}
.note{background:#fff4d6;padding:8px 12px;border-radius:8px}a{color:#c2185b}
.preview{display:block;color:#5c5366;font-size:.9rem;overflow-wrap:anywhere}.code strong{font-size:1.25rem;letter-spacing:3px;color:#2b2433}
@media (max-width:600px){thead{display:none}tr,td{display:block}tr{border-bottom:1px solid #eee;padding:8px 0}td{border:0;padding:2px 0;overflow-wrap:anywhere}}`;

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <html lang="ja">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{title}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{title}</h1>
          <p className="note">
            開発用: SMTP_URL が未設定のため、メールは送信されずここに保存されています。
            <span lang="en"> Development only: SMTP_URL is unset, so mail is kept here instead of being sent.</span>
          </p>
          {children}
        </main>
      </body>
    </html>
  );
}

/**
 * What the list shows under a subject, so a new user signing up sees the code at a glance: the
 * code of a code mail, else the mail's opening words.
 */
function Preview({ text }: { text: string }) {
  const code = CODE_LINE.exec(text)?.[0];
  if (code) return <span className="preview code">認証コード / Code: <strong>{code}</strong></span>;
  const opening = text.split('\n').map((line) => line.trim()).filter(Boolean).slice(0, 2).join(' ');
  return <span className="preview">{opening.length > PREVIEW_CHARS ? `${opening.slice(0, PREVIEW_CHARS)}…` : opening}</span>;
}

function MailList({ entries }: { entries: OutboxEntry[] }) {
  if (entries.length === 0) return <p>メールはまだありません。/ <span lang="en">No mail yet.</span></p>;
  return (
    <table>
      <thead>
        <tr><th>日時 / Date</th><th>宛先 / To</th><th>件名・内容 / Subject and contents</th></tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{formatDateTime(e.date)}</td>
            <td>{e.to}</td>
            <td><a href={`${MAIL_PAGE_PATH}/${e.id}`}>{e.subject}</a><Preview text={e.text} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function MailView({ entry }: { entry: OutboxEntry }) {
  return (
    <article>
      <p><a href={MAIL_PAGE_PATH}>← 一覧 / All mail</a></p>
      <dl>
        <dt>日時 / Date</dt><dd>{formatDateTime(entry.date)}</dd>
        <dt>宛先 / To</dt><dd>{entry.to}</dd>
        <dt>件名 / Subject</dt><dd>{entry.subject}</dd>
      </dl>
      <pre>{entry.text}</pre>
      <p><a href={`${MAIL_PAGE_PATH}/${entry.id}/html`}>HTML版を見る / View the HTML version</a></p>
    </article>
  );
}

function sendPage(res: Response, status: number, element: ReactElement): void {
  res.status(status).type('text/html; charset=utf-8').send(`<!DOCTYPE html>${renderToStaticMarkup(element)}`);
}

/** Mounted only when `mailPageEnabled`; otherwise the path falls through to the 404 page. */
export function createMailPage(options: { dataDir: string }): Router {
  const folder = path.join(options.dataDir, 'outbox');
  const router = Router();
  router.use(MAIL_PAGE_PATH, (_req, res, next) => {
    res.set({ 'cache-control': 'no-store', 'x-robots-tag': 'noindex, nofollow', 'referrer-policy': 'no-referrer' });
    next();
  });
  router.get(MAIL_PAGE_PATH, async (_req, res) => {
    sendPage(res, 200, <Page title="メール / Mail"><MailList entries={await listEntries(folder)} /></Page>);
  });
  router.get(`${MAIL_PAGE_PATH}/:id{/:format}`, async (req, res, next) => {
    const { id, format } = req.params;
    const entry = ID.test(id) && (format === undefined || format === 'html') ? await readEntry(path.join(folder, `${id}.json`)) : null;
    if (!entry) {
      next();
      return;
    }
    if (format === 'html') {
      // The mail's own HTML, shown as a mail client would: no script, no network, its own origin.
      res.set('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:");
      res.status(200).type('text/html; charset=utf-8').send(entry.html);
      return;
    }
    sendPage(res, 200, <Page title={entry.subject}><MailView entry={entry} /></Page>);
  });
  return router;
}
