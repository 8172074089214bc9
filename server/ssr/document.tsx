import type { ReactNode } from 'react';
import { LOADER_SCRIPT, PAGE_DATA_ID } from './hydration.server.ts';
import type { PageAssets } from './manifest.server.ts';

/**
 * The HTML around the app. Rendered on the server only; the browser hydrates `#root`. Page
 * titles and meta tags rendered by the pages are hoisted into <head> by React. After the app come
 * the page's data (JSON that never runs, `data`) and the one inline script, the same on every page
 * (hydration.server.ts `LOADER_SCRIPT`, allowed by its hash), which starts the scripts after the
 * first paint.
 * <body> stays <html>'s second child: client/entry.client.tsx gives the app that same position,
 * so `useId` agrees between the two renders.
 */
export function Document({ assets, lang, data, children }: { assets: PageAssets; lang: 'ja' | 'en'; data: string; children: ReactNode }) {
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ff6f91" />
        {/* iOS otherwise turns numbers such as prices and order ids into phone links. */}
        <meta name="format-detection" content="telephone=no" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        {assets.styles.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        <script type="application/json" id={PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: data }} />
        <script dangerouslySetInnerHTML={{ __html: LOADER_SCRIPT }} />
      </body>
    </html>
  );
}
