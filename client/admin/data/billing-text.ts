import type { ChargeIntent, ChargeOutcome } from '../../../shared/billing-console-rules.ts';
import type { Text } from '../../../shared/text.ts';

/**
 * What the Billing area's actions do, in the shopper's terms (issue 19): said beside the button,
 * so the member knows before pressing it, and after it (the status line of `?done=`).
 */
export const ACTION_LABEL: Record<ChargeIntent, Text> = {
  retry: { ja: '再決済する', en: 'Retry the charge' },
  reconcile: { ja: '結果を確認する', en: 'Check the result' },
};

export const ACTION_EXPLAINED: Record<ChargeIntent, Text> = {
  retry: {
    ja: '「再決済する」は、お客さまがいま登録しているお支払い方法で、この回の代金をもう一度請求します。前回の請求では代金は引き落とされていません。結果はお客さまにメールでお知らせします（決済完了、または決済失敗とお支払い方法の変更のお願い）。',
    en: "Retry charges the round's price again to the payment method the customer has registered now. The declined charge took no money. The customer is told the result by mail (charged, or declined with a request to change the card or payment method).",
  },
  reconcile: {
    ja: '「結果を確認する」は、決済代行会社にこの請求の結果を問い合わせます。すでに決済されていれば決済済みとして記録し、二重に請求することはありません。決済代行会社に記録がなければ、自動の決済処理と同じく、その場で1回だけ請求します。',
    en: "Check the result asks the payment provider what became of this charge. If the provider took it, it is recorded as charged and never charged twice. If the provider has no record of it, it is charged once now, as the automatic billing run would.",
  },
};

export const OUTCOME_TEXT: Record<ChargeOutcome, Text> = {
  charged: { ja: '決済できました。お客さまに決済完了のメールをお送りします。', en: 'Charged. The customer gets the charged mail.' },
  declined: {
    ja: '決済できませんでした。理由は一覧の「お断りの理由」にあります。お客さまにお支払い方法の変更のお願いのメールをお送りします。',
    en: "Declined again. The reason is in the list. The customer gets a mail asking them to change the card or payment method.",
  },
  inDoubt: {
    ja: '決済代行会社から回答がありませんでした。数分後に、もう一度「結果を確認する」を押してください。',
    en: 'The payment provider did not answer. Check the result again in a few minutes.',
  },
  unchanged: {
    ja: 'この請求はすでに処理されていたため、何も変更していません。最新の状態を表示しています。',
    en: 'This charge had already been dealt with, so nothing was changed. The list shows where it stands now.',
  },
};
