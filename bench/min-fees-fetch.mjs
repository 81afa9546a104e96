// The minimal Node script of the one-shot benchmark, written with fetch (Node's built-in undici).
import { createHash } from 'node:crypto';

const { R_URL: url, R_ID: id, R_SECRET: secret } = process.env;
const ts = Math.floor(Date.now() / 1000);
const key = `${ts}|${id}|${createHash('md5')
  .update(ts + id + secret)
  .digest('hex')}`;
const res = await fetch(`${url}/v1/fees/B00X4WHP5E?price=19.99`, { headers: { authorization: key } });
process.stdout.write(JSON.stringify((await res.json()).data) + '\n');
