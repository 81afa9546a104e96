// The minimal Node script of the one-shot benchmark: one signed GET of /v1/fees with node:http, printed.
import { createHash } from 'node:crypto';
import { request } from 'node:http';

const { R_URL: url, R_ID: id, R_SECRET: secret } = process.env;
const ts = Math.floor(Date.now() / 1000);
const key = `${ts}|${id}|${createHash('md5')
  .update(ts + id + secret)
  .digest('hex')}`;
request(`${url}/v1/fees/B00X4WHP5E?price=19.99`, { headers: { authorization: key } }, (res) => {
  let body = '';
  res.on('data', (d) => (body += d));
  res.on('end', () => process.stdout.write(JSON.stringify(JSON.parse(body).data) + '\n'));
}).end();
