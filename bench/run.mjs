// npm run bench: every benchmark, each printing its figures and the target it is held to.
import { listItemsBench } from './list-items.mjs';
import { movesBench } from './moves.mjs';

console.log(`inv benchmarks — node ${process.version}, ${new Date().toISOString()} (NODE_EXTRA_CA_CERTS unset in measured runs)\n`);
await movesBench();
console.log();
await listItemsBench();
