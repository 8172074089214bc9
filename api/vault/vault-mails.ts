import { href } from '../../shared/routes.ts';
import { issueLabel } from '../../shared/subscription-rules.ts';
import type { Lang } from '../../shared/text.ts';
import { milestoneText } from '../../shared/vault.ts';
import { layoutMail } from '../mail/mail-layout.ts';
import type { OutgoingMail } from '../mail/mailer.ts';

interface Vars {
  brand: string;
  origin: string;
}

/**
 * 「特典が届きました」: one per box, and 「継続N回の特典が届きました」 per milestone. Never names an item
 * (the page does, behind the fan's sign-in), so a mail forwarded or glanced at spoils nothing.
 */
export function renderBoxBonusMail(to: { email: string; lang: string }, artistName: string, shipDate: Date, vars: Vars): OutgoingMail {
  const en = to.lang === 'en';
  const label = issueLabel({ shipDate: shipDate.toISOString() });
  const lines = en
    ? [`The bonuses of ${artistName}'s ${label.en} are ready for you.`, 'Download them on your bonus page.']
    : [`${artistName}の${label.ja}の特典が届きました。`, 'マイページの「特典」からダウンロードできます。'];
  return layoutMail(langOf(to.lang), to.email, en ? 'Your bonuses are ready' : '特典が届きました', lines, vaultLink(en, vars), vars.brand);
}

export function renderMilestoneMail(to: { email: string; lang: string }, artistName: string, rounds: number, vars: Vars): OutgoingMail {
  const en = to.lang === 'en';
  const lines = en
    ? [`Thank you for ${rounds} boxes of ${artistName} in a row. Your ${milestoneText(rounds).en.toLowerCase()} is ready.`, 'Download it on your bonus page.']
    : [`${artistName}の定期便を${rounds}回続けてくださり、ありがとうございます。${milestoneText(rounds).ja}が届きました。`, 'マイページの「特典」からダウンロードできます。'];
  const subject = en ? `Your bonus for ${rounds} boxes in a row is ready` : `継続${rounds}回の特典が届きました`;
  return layoutMail(langOf(to.lang), to.email, subject, lines, vaultLink(en, vars), vars.brand);
}

const langOf = (lang: string): Lang => (lang === 'en' ? 'en' : 'ja');

function vaultLink(en: boolean, vars: Vars) {
  return { text: en ? 'Your bonuses' : '特典', url: new URL(href('vault'), vars.origin).toString() };
}
