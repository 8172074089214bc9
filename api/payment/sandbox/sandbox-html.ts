import { TEST_CARDS } from './test-cards.ts';

/**
 * The sandbox's hosted pages: plain HTML forms that work without JavaScript, in Japanese and
 * English, under a test-mode banner. They are the gateway's pages, not the shop's: no shop
 * styles or scripts, one inline style allowed by its nonce (sandbox.router.ts sets the CSP).
 */
export const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
body{font-family:system-ui,"Hiragino Sans","Noto Sans JP",sans-serif;margin:0;background:#f4f5f7;color:#1d2433;line-height:1.6}
.banner{background:#8a4b00;color:#fff;text-align:center;padding:.5rem 1rem;font-weight:700}
main{max-width:30rem;margin:1.5rem auto;background:#fff;border:1px solid #d5d9e0;border-radius:.5rem;padding:1.25rem}
h1{font-size:1.25rem;margin:0 0 1rem}label{display:block;font-weight:600;margin-top:.9rem}
.en{display:block;font-weight:400;font-size:.85rem;color:#4a5366}
input{box-sizing:border-box;width:100%;font-size:1.1rem;padding:.55rem;border:1px solid #8a93a5;border-radius:.3rem;margin-top:.25rem}
input[aria-invalid=true]{border-color:#b3261e}.field-error{color:#b3261e;margin:.25rem 0 0;font-size:.9rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}
button{margin-top:1.25rem;width:100%;font-size:1.05rem;padding:.7rem;border:0;border-radius:.3rem;background:#1d4ed8;color:#fff;cursor:pointer}
.alert{background:#fdecea;border:1px solid #b3261e;color:#7a1b14;padding:.6rem .8rem;border-radius:.3rem}
.cancel{display:block;text-align:center;margin-top:1rem;color:#1d4ed8}
table{border-collapse:collapse;width:100%;font-size:.85rem;margin-top:.5rem}th,td{border:1px solid #d5d9e0;padding:.3rem .4rem;text-align:left}
code{font-size:.95em}details{margin-top:1.5rem}
`;

export interface FieldErrors {
  [field: string]: { ja: string; en: string } | undefined;
}

export function page(nonce: string, title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title><style nonce="${nonce}">${STYLE}</style></head>
<body><section class="banner" aria-label="テストモード / Test mode">テストモード / Test mode — 実際の請求は発生しません / No real charges</section>
<main>${body}</main></body></html>`;
}

function errorOf(errors: FieldErrors, name: string): { attrs: string; html: string } {
  const e = errors[name];
  if (!e) return { attrs: '', html: '' };
  return { attrs: ` aria-invalid="true" aria-describedby="${name}-error"`, html: `<p class="field-error" id="${name}-error">${escape(e.ja)} / ${escape(e.en)}</p>` };
}

function input(name: string, ja: string, en: string, errors: FieldErrors, extra: string, value = ''): string {
  const e = errorOf(errors, name);
  return `<label for="${name}">${ja}<span class="en">${en}</span></label>
<input id="${name}" name="${name}" value="${escape(value)}"${extra}${e.attrs}>${e.html}`;
}

export function alertBox(message: { ja: string; en: string } | undefined): string {
  return message ? `<p class="alert" role="alert">${escape(message.ja)}<br>${escape(message.en)}</p>` : '';
}

function testCardTable(): string {
  const rows = TEST_CARDS.map((c) => `<tr><td><code>${c.number}</code></td><td>${escape(c.brand)}</td><td>${escape(c.ja)}<br>${escape(c.en)}</td></tr>`).join('');
  return `<details open><summary>テストカード / Test cards</summary>
<p>有効期限は未来の日付、セキュリティコードは任意の3〜4桁 / Any future expiry, any 3–4 digit CVC.</p>
<table><thead><tr><th>番号 / Number</th><th>ブランド / Brand</th><th>動作 / Behaviour</th></tr></thead><tbody>${rows}</tbody></table></details>`;
}

export interface CardFormView {
  action: string;
  cancelUrl: string;
  errors: FieldErrors;
  message?: { ja: string; en: string };
  holder?: string;
  expiry?: string;
}

/** The card form. The number and CVC are never echoed back, even after an error. */
export function cardFormPage(nonce: string, view: CardFormView): string {
  const body = `<h1>カード情報の入力<span class="en">Enter your card</span></h1>
${alertBox(view.message)}
<form method="post" action="${escape(view.action)}" novalidate>
${input('cardNumber', 'カード番号', 'Card number', view.errors, ' inputmode="numeric" autocomplete="cc-number" maxlength="23" required')}
<div class="row"><div>${input('expiry', '有効期限（MM/YY）', 'Expiry (MM/YY)', view.errors, ' autocomplete="cc-exp" maxlength="7" placeholder="MM/YY" required', view.expiry)}</div>
<div>${input('cvc', 'セキュリティコード', 'Security code (CVC)', view.errors, ' inputmode="numeric" autocomplete="cc-csc" maxlength="4" required')}</div></div>
${input('holder', 'カード名義（ローマ字）', 'Name on card', view.errors, ' autocomplete="cc-name" maxlength="60" required', view.holder)}
<button type="submit">カードを登録する / Register card</button>
</form>
<a class="cancel" href="${escape(view.cancelUrl)}">登録をやめてショップに戻る / Cancel and return to the shop</a>
<p>ご利用いただけるブランド / Accepted: Visa, Mastercard, JCB, American Express, Diners Club</p>
${testCardTable()}`;
  return page(nonce, 'カード登録 / Card registration — Sandbox', body);
}

/** The 3-D Secure challenge, as the issuer's page would ask it. */
export function challengePage(nonce: string, view: { action: string; last4: string; errors: FieldErrors; amount?: string; tries?: number }): string {
  const outcome = view.tries
    ? `<p>テストモード: <code>123456</code> で成功します。それ以外は${view.tries}回目で失敗します。<span class="en">Test mode: 123456 passes; anything else fails on try ${view.tries}.</span></p>`
    : '<p>テストモード: <code>123456</code> で成功、それ以外は失敗します。<span class="en">Test mode: 123456 passes; anything else fails.</span></p>';
  const payment = view.amount ? `<p>お支払い ${escape(view.amount)} の本人認証です。<br><span class="en">Authenticating a payment of ${escape(view.amount)}.</span></p>\n` : '';
  const body = `<h1>本人認証（3-Dセキュア）<span class="en">3-D Secure authentication</span></h1>
${payment}<p>カード末尾 ${escape(view.last4)} の発行会社から届いたワンタイムパスワードを入力してください。<br>
<span class="en">Enter the one-time password from the issuer of the card ending ${escape(view.last4)}.</span></p>
<form method="post" action="${escape(view.action)}" novalidate>
${input('otp', 'ワンタイムパスワード', 'One-time password', view.errors, ' inputmode="numeric" autocomplete="one-time-code" maxlength="8" required')}
<button type="submit">認証する / Authenticate</button>
</form>
${outcome}`;
  return page(nonce, '3-Dセキュア / 3-D Secure — Sandbox', body);
}

/** A message, with a link back to the shop when there is a way on (a dead registration: start again). */
export function messagePage(nonce: string, message: { ja: string; en: string }, link?: { href: string; text: { ja: string; en: string } }): string {
  const back = link ? `<a class="cancel" href="${escape(link.href)}">${escape(link.text.ja)} / ${escape(link.text.en)}</a>` : '';
  return page(nonce, 'Sandbox', `<h1>カード登録<span class="en">Card registration</span></h1>${alertBox(message)}${back}`);
}
