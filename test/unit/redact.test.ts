import { describe, expect, it } from 'vitest';
import { REDACTED, redactForm, redactHeaders, redactUrl } from '../../src/http/redact.js';

describe('redaction', () => {
  it('hides key, sig, code and tokens in URLs, keeping the rest', () => {
    const url = redactUrl(
      'http://h/v1/lookup?asin=B00X4WHP5E&ts=1&sig=abc123&key=1|c|deadbeef&code=xyz&access_token=t',
    );
    expect(url).toContain('asin=B00X4WHP5E');
    expect(url).toContain('ts=1');
    for (const secret of ['abc123', 'deadbeef', 'xyz', '=t']) expect(url).not.toContain(secret);
    expect(url).toContain(`sig=${REDACTED}`);
  });

  it('hides Authorization headers', () => {
    expect(redactHeaders({ Authorization: 'Bearer x', accept: 'a' })).toEqual({ Authorization: REDACTED, accept: 'a' });
  });

  it('hides passwords and secrets in form bodies', () => {
    const body = redactForm('grant_type=password&username=u&password=p4ss&client_secret=s3c');
    expect(body).toContain('username=u');
    expect(body).not.toContain('p4ss');
    expect(body).not.toContain('s3c');
  });
});
