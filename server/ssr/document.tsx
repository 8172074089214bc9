import type { ReactNode } from 'react';
import type { PageAssets } from './manifest.server.ts';

/**
 * The HTML around the app. Rendered on the server only; the browser hydrates `#root`. Page
 * titles and meta tags rendered by the pages are hoisted into <head> by React. The scripts are
 * started by the bootstrap script after the first paint (hydration.server.ts, `scriptLoader`).
 * <body> stays <html>'s second child: client/entry.client.tsx gives the app that same position,
 * so `useId` agrees between the two renders.
 */
export function Document({ assets, lang, children }: { assets: PageAssets; lang: 'ja' | 'en'; children: ReactNode }) {
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
      </body>
    </html>
  );
}
