/**
 * Narrowing for parsed YAML (the `yaml` package returns `unknown` shapes): a missing or
 * mistyped field reads as empty, and the checks then name what they expected.
 */
export type YamlMap = Record<string, unknown>;

export function asMap(value: unknown): YamlMap {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value)) : {};
}

export function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

export function asNumber(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** `a.b.c` inside nested maps. */
export function dig(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((at, key) => asMap(at)[key], value);
}
