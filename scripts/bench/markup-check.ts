/** Before any load: both renderers answer 200 with the same markup (bytes within 1%). */
export interface MarkupCheck {
  path: string;
  shopBytes: number;
  referenceBytes: number;
  /** |shop − reference| / shop. */
  difference: number;
  /** Equal once each request's CSP nonce is blanked out. */
  identical: boolean;
}

export const MARKUP_TOLERANCE = 0.01;

export async function fetchText(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; type: string }> {
  const response = await fetch(url, { headers, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
  return { status: response.status, text: await response.text(), type: response.headers.get('content-type') ?? '' };
}

const withoutNonces = (html: string): string => html.replace(/nonce="[^"]*"/g, 'nonce=""');

export async function checkSameMarkup(shopUrl: string, referenceUrl: string, path: string, headers: Record<string, string>): Promise<MarkupCheck> {
  const [shop, reference] = await Promise.all([fetchText(`${shopUrl}${path}`, headers), fetchText(`${referenceUrl}${path}`, headers)]);
  if (shop.status !== 200 || reference.status !== 200) {
    throw new Error(`markup check ${path}: shop answered ${shop.status}, reference ${reference.status}`);
  }
  const shopBytes = Buffer.byteLength(shop.text);
  const referenceBytes = Buffer.byteLength(reference.text);
  const check = {
    path,
    shopBytes,
    referenceBytes,
    difference: Math.abs(shopBytes - referenceBytes) / shopBytes,
    identical: withoutNonces(shop.text) === withoutNonces(reference.text),
  };
  console.log(`markup ${path}: shop ${shopBytes} B, reference ${referenceBytes} B (${(check.difference * 100).toFixed(2)} %${check.identical ? ', identical but for nonces' : ''})`);
  if (check.difference > MARKUP_TOLERANCE) {
    throw new Error(`markup check ${path}: the reference differs by ${(check.difference * 100).toFixed(1)} % (> 1 %); make scripts/bench/same-markup-renderer.tsx render what server/ssr/render.server.tsx does`);
  }
  return check;
}
