// Preloaded with `node --import` into a measured process: writes its peak RSS (KiB) to $BENCH_RSS_FILE at exit.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
