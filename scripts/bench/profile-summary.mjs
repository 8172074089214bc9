/** Where a V8 CPU profile's time went: self time by package and function, inclusive time by function. */
import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
const p = JSON.parse(readFileSync(`${dir}/${file}`, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const dt = new Map();
p.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
let total = 0;
for (const [id, t] of dt) total += t;
const idle = [...dt].filter(([id]) => byId.get(id).callFrame.functionName === '(idle)').reduce((s, [, t]) => s + t, 0);
const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}:${n.callFrame.lineNumber}`;
const selfBy = new Map(); const incl = new Map(); const pkgSelf = new Map();
for (const [id, t] of dt) {
  const n = byId.get(id);
  selfBy.set(key(n), (selfBy.get(key(n)) ?? 0) + t);
  const u = n.callFrame.url; const pkg = u.includes('node_modules/') ? u.split('node_modules/')[1].split('/').slice(0, u.split('node_modules/')[1].startsWith('@') ? 2 : 1).join('/') : u.startsWith('node:') ? 'node:' + u.slice(5).split('/')[0] : u ? 'app' : n.callFrame.functionName;
  pkgSelf.set(pkg, (pkgSelf.get(pkg) ?? 0) + t);
  const seen = new Set();
  for (let c = id; c !== undefined; c = parent.get(c)) { const k = key(byId.get(c)); if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } }
}
const busy = total - idle;
const pct = (t) => ((100 * t) / busy).toFixed(1) + '%';
console.log('busy ms', (busy / 1000).toFixed(0), 'idle', (idle / 1000).toFixed(0));
console.log('--- self by package'); for (const [k, t] of [...pkgSelf].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(pct(t), k);
console.log('--- self'); for (const [k, t] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(t), k);
console.log('--- inclusive'); for (const [k, t] of [...incl].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 60))) console.log(pct(t), k);
