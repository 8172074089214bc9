/**
 * Issue 32: support opens a sent mail from the customer's page (docs/decisions/0076-open-a-sent-mail.md).
 * `mail_log` keeps the text of a mail that holds no code (a code mail's stays null, as before);
 * the billing outbox has its own text already.
 */
export const name = 'mail-log-body';

export const up = `
alter table mail_log add column body_text text check (char_length(body_text) <= 20000);
`;
