// A BROWSER for tests: opens the sandbox's consent page, approves as $APPROVE_USER / $APPROVE_PASSWORD,
// and follows the redirect to inv's loopback listener, as a person in a browser would.
// inv gives it the file: URL of a page that forwards to the authorization URL (never the URL itself).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const given = process.argv[2];
const forward = given.startsWith('file:') ? /url=([^"]+)"/.exec(readFileSync(fileURLToPath(given), 'utf8'))[1] : given;
const authorize = forward.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&');
const url = new URL(authorize);
const page = await fetch(authorize, { redirect: 'manual' });
const cookie = (page.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
const decode = (v) =>
  v
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const fields = Object.fromEntries(url.searchParams);
for (const m of (await page.text()).matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
  fields[decode(m[1])] = decode(m[2]);
const body = new URLSearchParams({
  ...fields,
  username: process.env.APPROVE_USER,
  password: process.env.APPROVE_PASSWORD,
  decision: 'approve',
});
const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin };
if (cookie) headers.cookie = cookie;
const answer = await fetch(new URL('/oauth2/auth', url.origin), { method: 'POST', body, headers, redirect: 'manual' });
const location = answer.headers.get('location');
if (location) await fetch(location);
