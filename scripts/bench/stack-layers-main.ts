/**
 * `npm run bench:stack [-- --requests 5000 --rounds 3 --connections 10] [--only 'shop as served']`:
 * the web stack's cost layer by layer (stack-layers.ts), printed as the Markdown table
 * docs/performance.md carries. `--only` (repeatable) measures just the named variants beside bare
 * Express 5, so more rounds fit in the same time.
 */
import { parseArgs } from 'node:util';
import { measureStackLayers, stackLayerTable } from './stack-layers.ts';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '3' }, connections: { type: 'string', default: '10' }, only: { type: 'string', multiple: true } } });

measureStackLayers({ requests: Number(values.requests), rounds: Number(values.rounds), connections: Number(values.connections), only: values.only }).then(
  (result) => {
    console.log(`\n${stackLayerTable(result)}`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
