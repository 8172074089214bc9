// `npm run ops`: the operator commands as built (dist/ops.js, made by `npm start` and `npm run
// build`), not through tsx, which cost every call 1–2 s of start-up (issue 29). The same code the
// running shop was built from, which is what it answers to.
import { existsSync } from 'node:fs';

const built = new URL('../dist/ops.js', import.meta.url);
if (!existsSync(built)) {
  console.error('dist/ops.js is missing: build the shop first (npm run build, or npm start, which builds it).');
  process.exit(1);
}
await import(built.href);
