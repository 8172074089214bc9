/**
 * A page's HTML without the spans that keep a price on one line with its words
 * (client/components/price-text.tsx), so a test reads 「送料（1回分） ¥660」 as the fan does.
 */
export function unglued(html: string): string {
  return html.replace(/<span class="glued">([^<]*)<\/span>/g, '$1');
}
