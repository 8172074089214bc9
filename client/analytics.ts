/**
 * Page views for a Google Analytics 4 property through gtag.js
 * (https://developers.google.com/tag-platform/gtagjs/reference). Nothing here runs unless
 * PublicConfig.analyticsId is set: no script, no dataLayer, no calls. The CSP allows the tag's
 * hosts only in that case (server/security.server.ts), so the tag's script needs no nonce.
 */
type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

const TAG_URL = 'https://www.googletagmanager.com/gtag/js';

let started = false;
let lastPath: string | null = null;

/** Loads gtag.js once and configures the property; page views are sent by `trackPageView`. */
export function startAnalytics(id: string): void {
  if (started) return;
  started = true;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js expects the `arguments` object itself on the data layer, not an array copy.
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  // A single-page app sends its own page views, one per route change.
  window.gtag('config', id, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `${TAG_URL}?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

/** One page_view for `path` (pathname + search); repeated calls for the same path are ignored. */
export function trackPageView(path: string): void {
  if (!started || !window.gtag || path === lastPath) return;
  lastPath = path;
  window.gtag('event', 'page_view', {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
  });
}
