/** The frame of the hosted stand-in pages: plain HTML forms that work without JavaScript. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="ja">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — stripe-local</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 2rem auto; padding: 0 1rem; color: #1a1a1a; }
.banner { background: #fff3cd; border: 1px solid #c9a227; padding: .5rem .75rem; font-size: .9rem; }
label { display: block; margin-top: .9rem; font-weight: 600; }
input { display: block; width: 100%; box-sizing: border-box; padding: .5rem; font-size: 1rem; margin-top: .25rem; }
button { margin-top: 1.2rem; padding: .6rem 1.2rem; font-size: 1rem; }
.error { color: #a40000; border-left: 4px solid #a40000; padding-left: .5rem; }
</style>
</head>
<body>
<p class="banner">ローカルのStripe代替ページ（テスト用）/ Local stand-in for Stripe's hosted page (test only). 本物のカード番号は入力しないでください / Never enter a real card number.</p>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
}

export function errorBlock(message: string | null): string {
  return message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : '';
}

/** The 3-D Secure challenge, with the two outcomes a test needs. */
export function challengeForm(action: string, what: string): string {
  return renderPage('3Dセキュア認証 / 3-D Secure authentication', `<p>${escapeHtml(what)}</p>
<p>テスト用の認証ページです。結果を選んでください / A test authentication page: choose the outcome.</p>
<form method="post" action="${action}">
<button type="submit" name="result" value="complete">認証する / Complete</button>
<button type="submit" name="result" value="fail">失敗させる / Fail</button>
</form>`);
}
