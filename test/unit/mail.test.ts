import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../api/mail/mailer.ts';
import { renderMail, type MailKind } from '../../api/mail/mail-templates.ts';

const KINDS: MailKind[] = ['signupCode', 'reminderCode', 'emailCode', 'passwordChanged', 'emailChanged', 'accountDeleted', 'notRegistered', 'alreadyRegistered'];
const VARS = { brand: 'OshiBox', origin: 'http://localhost:3000', code: '482913', newEmail: 'new@example.com' };

describe('mail templates', () => {
  it.each(KINDS)('%s exists in Japanese and English, text and HTML, with no code in the subject', (kind) => {
    const ja = renderMail(kind, 'ja', 'to@example.com', VARS);
    const en = renderMail(kind, 'en', 'to@example.com', VARS);
    for (const mail of [ja, en]) {
      expect(mail.to).toBe('to@example.com');
      expect(mail.subject).not.toContain('482913');
      expect(mail.text.length).toBeGreaterThan(20);
      expect(mail.html).toMatch(/^<!doctype html>/);
    }
    expect(ja.subject).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(en.subject).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    expect(en.text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it('puts the code in the body of the code mails only', () => {
    for (const kind of ['signupCode', 'reminderCode', 'emailCode'] as const) {
      expect(renderMail(kind, 'ja', 'a@example.com', VARS).text).toContain('482913');
    }
    const { code: _code, ...noCode } = VARS;
    expect(renderMail('notRegistered', 'ja', 'a@example.com', noCode).text).not.toMatch(/\d{6}/);
  });

  it('escapes everything interpolated into the HTML', () => {
    const mail = renderMail('emailChanged', 'en', 'a@example.com', { ...VARS, brand: '<b>Shop</b>', newEmail: '"><script>x</script>@example.com' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Shop');
    expect(mail.html).toContain('&#60;script&#62;');
  });
});

describe('outbox mailer', () => {
  it('writes one JSON file per message under DATA_DIR/outbox, named by time', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'oshibox-outbox-'));
    try {
      const mailer = createMailer({ from: 'x@example.com', brand: 'OshiBox', dataDir });
      expect(mailer.kind).toBe('outbox');
      await mailer.send({ to: 'a@example.com', subject: '件名', text: '本文 123456', html: '<p>本文</p>' });
      const files = await readdir(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{12}\.json$/);
      const entry = JSON.parse(await readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8')) as Record<string, string>;
      expect(Object.keys(entry).sort()).toEqual(['date', 'html', 'id', 'subject', 'text', 'to']);
      expect(entry).toMatchObject({ to: 'a@example.com', subject: '件名', text: '本文 123456', id: files[0]?.replace(/\.json$/, '') });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the outbox in memory for DATA_DIR=memory://', async () => {
    const mailer = createMailer({ from: 'x@example.com', brand: 'OshiBox', dataDir: 'memory://' });
    await mailer.send({ to: 'a@example.com', subject: 's', text: 't', html: 'h' });
    expect(mailer.memory.map((m) => m.to)).toEqual(['a@example.com']);
  });

  it('uses SMTP when a URL is given', () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', from: 'x@example.com', brand: 'OshiBox', dataDir: 'memory://' });
    expect(mailer.kind).toBe('smtp');
    mailer.close();
  });
});
