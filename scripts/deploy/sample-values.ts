/**
 * What stands in for the values an operator supplies (deploy/.env for Compose, the Secret
 * oshibox-secrets for Kubernetes), each of the shape shared/config.ts expects, so the check
 * parses the files' settings as a real deployment would. None is a real secret.
 */
export const SAMPLE_VALUES: Readonly<Record<string, string>> = {
  PUBLIC_ORIGIN: 'https://shop.example',
  ADMIN_ORIGIN: 'https://console.shop.example',
  POSTGRES_PASSWORD: 'sample-password',
  DATABASE_URL: 'postgres://oshibox:sample-password@postgres:5432/oshibox',
  SMTP_URL: 'smtp://mailpit:1025',
  STAFF_SECRET_KEY: 'c2FtcGxlLXN0YWZmLXNlY3JldC1rZXktMzItYnl0ZXM=',
  OPS_TOKEN: 'sample-operator-token-0123456789abcdef0123456789abcdef',
};

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}/g;

/**
 * Compose's interpolation (`${VAR}`, `${VAR:-default}`, `${VAR:?message}`), with the samples
 * as the .env. A reference with no sample and no default is a problem, as Compose would stop.
 */
export function interpolate(text: string, problems: string[]): string {
  return text.replace(REFERENCE, (_whole, name: string, operator: string | undefined, rest: string | undefined) => {
    const sample = SAMPLE_VALUES[name];
    if (sample !== undefined) return sample;
    if (operator?.endsWith('-')) return rest ?? '';
    problems.push(`\${${name}} has no sample value in scripts/deploy/sample-values.ts`);
    return '';
  });
}
