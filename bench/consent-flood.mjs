// 60,000 unauthenticated GET /oauth2/auth (each renders a consent page and issues a CSRF token): the sandbox's
// resident memory before and after. Usage: node bench/consent-flood.mjs [COUNT]
import { readFileSync } from 'node:fs';
import { sandboxProcess } from './lib.mjs';

const COUNT = Number(process.argv[2] ?? 60_000);
const sb = await sandboxProcess();
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${sb.pid}/status`, 'utf8'))[1]) / 1024;
const url = (i) =>
  `${sb.info.authUrl}/oauth2/auth?${new URLSearchParams({
    client_id: 'inv-cli',
    redirect_uri: 'http://127.0.0.1:41999/callback',
    response_type: 'code',
    state: `flood-${i}`,
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuVG8zN1Mc0',
    code_challenge_method: 'S256',
  })}`;
try {
  for (let i = 0; i < 500; i++) await (await fetch(url(i))).text();
  global.gc?.();
  const before = rss();
  let next = 0;
  const started = performance.now();
  const flood = (until) =>
    Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < until) await (await fetch(url(next++))).text();
      }),
    );
  // Two halves: what the first adds is partly the heap growing to its working size; the second shows the trend.
  await flood(COUNT / 2);
  const half = rss();
  await flood(COUNT);
  const after = rss();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${COUNT} GET /oauth2/auth in ${seconds} s: sandbox RSS ${before.toFixed(0)} MB before, ` +
      `${half.toFixed(0)} MB after ${COUNT / 2}, ${after.toFixed(0)} MB after ${COUNT} (+${(after - before).toFixed(0)} MB)`,
  );
} finally {
  await sb.stop();
}
