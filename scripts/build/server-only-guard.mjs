import path from 'node:path';

// Fails the browser build when server-only code would land in the bundle: `*.server.ts(x)`
// modules, the API service, Node built-ins, and packages that hold connections or secrets.
const SERVER_ONLY_PACKAGES = [
  'pg', 'kysely', 'kysely-pglite-dialect', '@electric-sql/pglite', 'pino', 'pino-http', 'express',
  'helmet', 'http-proxy-middleware', 'cookie-parser', 'nodemailer', 'isbot',
];

function isServerOnly(importPath) {
  if (/\.server(\.[cm]?[jt]sx?)?$/.test(importPath)) return 'a *.server module';
  if (importPath.startsWith('node:')) return 'a Node built-in';
  const pkg = importPath.startsWith('@') ? importPath.split('/').slice(0, 2).join('/') : importPath.split('/')[0];
  if (SERVER_ONLY_PACKAGES.includes(pkg)) return 'a server-only package';
  return null;
}

const API_DIR = path.resolve('api') + path.sep;

export function serverOnlyGuard() {
  return {
    name: 'server-only-guard',
    setup(build) {
      build.onLoad({ filter: /.*/ }, (args) => {
        if (!args.path.startsWith(API_DIR)) return undefined;
        return { errors: [{ text: `${path.relative('.', args.path)} belongs to the API service and must not be in the browser bundle` }] };
      });
      build.onResolve({ filter: /.*/ }, (args) => {
        const why = isServerOnly(args.path);
        if (!why) return undefined;
        return { errors: [{ text: `"${args.path}" is ${why} and must not be in the browser bundle (imported by ${args.importer})` }] };
      });
    },
  };
}

export { isServerOnly };
