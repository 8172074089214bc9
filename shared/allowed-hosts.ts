import type { Text } from './text.ts';

/**
 * Which Host names the shop answers for, at both tiers (issue 17). A page on a name the attacker
 * controls can re-point that name at 127.0.0.1 (DNS rebinding) and read a loopback install's
 * answers as its own origin; its requests still carry the attacker's name in Host, which no
 * browser script can change. So a name must be ours: PUBLIC_ORIGIN's, API_ORIGIN's, a loopback
 * name, or one listed in ALLOWED_HOSTS. An IP address cannot be re-pointed, so an address Host
 * (a load balancer's or a probe's `10.0.3.7:3000`) is always answered, as Vite's `allowedHosts`
 * does. https://vite.dev/config/server-options#server-allowedhosts
 */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** A Host header's form: a DNS name (a trailing dot allowed), an IPv4 or bracketed IPv6 address, an optional port. */
export const HOST_FORM = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9A-Fa-f:.]+\\])(?::\\d{1,5})?$`);
const IP_ADDRESS = /^(?:(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)|\[[0-9a-f:.]+\])$/;

/**
 * Loopback names, on any port: Docker's `-p 8080:3000` makes the browser say `localhost:8080`.
 * The one list: every rule about "this machine" (the Stripe base, the operator endpoint, the
 * start-up warnings) asks here.
 */
export const LOOPBACK_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Whether a URL's `hostname` names this machine. */
export const isLoopbackName = (hostname: string): boolean => LOOPBACK_NAMES.includes(hostname.toLowerCase());

/** The shared 421 text (RFC 9110 §15.5.20): the request reached a server that does not serve that name. */
export const MISDIRECTED_TEXT: Text = {
  ja: 'このホスト名ではご利用いただけません。ショップの正しいアドレスからアクセスしてください。',
  en: 'This server does not answer for that host name (see ALLOWED_HOSTS). Use the shop’s own address.',
};

function splitHost(host: string): { name: string; port: string | null } {
  const lower = host.toLowerCase();
  const colon = lower.lastIndexOf(':');
  const hasPort = colon > -1 && !lower.slice(colon).includes(']');
  const name = hasPort ? lower.slice(0, colon) : lower;
  return { name: name.endsWith('.') ? name.slice(0, -1) : name, port: hasPort ? lower.slice(colon + 1) : null };
}

/** Whether a value is a valid ALLOWED_HOSTS entry: a name or address, optionally `:port` (1–65535). */
export function isHostEntry(entry: string): boolean {
  if (entry.length > 255 || !HOST_FORM.test(entry)) return false;
  const { port } = splitHost(entry);
  return port === null || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * The allow-list of one tier: the origins' names on any port, the loopback names, and each
 * `extra` entry (ALLOWED_HOSTS), a bare name on any port or `name:port` on that port only.
 */
export function createHostAllowList(origins: readonly string[], extra: readonly string[] = []): (host: string | undefined) => boolean {
  const allowed = new Set([...LOOPBACK_NAMES, ...origins.map((origin) => splitHost(new URL(origin).host).name)]);
  for (const entry of extra) {
    const { name, port } = splitHost(entry);
    allowed.add(port === null ? name : `${name}:${port}`);
  }
  return (host) => {
    if (host === undefined) return false;
    const { name, port } = splitHost(host);
    return allowed.has(name) || (port !== null && allowed.has(`${name}:${port}`)) || IP_ADDRESS.test(name);
  };
}

