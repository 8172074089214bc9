/**
 * Debian's Chromium as the browser tests and the Lighthouse benchmark launch it: the path
 * (`CHROMIUM_PATH` overrides it) and the flags for a headless run that reaches no other host.
 * Each caller adds its own fresh `--user-data-dir`.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
