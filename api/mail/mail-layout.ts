import type { Lang } from '../../shared/text.ts';
import { escapeHtml } from './mail-templates.ts';
import type { OutgoingMail } from './mailer.ts';

/** Where a mail sends the shopper to act on it. */
export interface MailLink {
  text: string;
  url: string;
}

/**
 * The layout of the shop's notice mails (subscriptions, billing): paragraphs, one link, the
 * brand's signature, as text and as escaped HTML in the mail's language.
 */
export function layoutMail(lang: Lang, to: string, subject: string, lines: string[], link: MailLink, brand: string): OutgoingMail {
  const text = [...lines, `${link.text}: ${link.url}`, `— ${brand}`].join('\n\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.text)}</a></p>`,
    `<p>— ${escapeHtml(brand)}</p>`,
  ].join('\n');
  return {
    to,
    subject: `[${brand}] ${subject}`,
    text: `${text}\n`,
    html: `<!doctype html><html lang="${lang}"><meta charset="utf-8"><body>${html}</body></html>`,
  };
}
