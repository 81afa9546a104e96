/** The in-doubt rule, stated once in the error hook: what a batch row becomes follows from the typed error alone. */
import { describe, expect, it } from 'vitest';
import { verdictOf } from '../../src/batch/sending/stop-rule.js';
import { ApiError, ConnectionError, InDoubtError } from '../../src/errors.js';
import { errorHook } from '../../src/http/error-hook.js';
import { ONCE_POLICY, READ_POLICY, type RetryPolicy } from '../../src/http/retry.js';
import { TransportError, type HttpRequest, type Send } from '../../src/http/http-types.js';

const hook = errorHook({ api: 'Inventory API', authHint: 'run inv login' });

function request(retry: RetryPolicy): HttpRequest {
  return {
    operation: 'doMoveItem',
    method: 'POST',
    url: new URL('http://127.0.0.1:1/v1/doMoveItem'),
    headers: {},
    retry,
    auth: 'bearer',
  };
}

const answering =
  (status: number): Send =>
  async () => ({ status, headers: {}, text: '{"message":"boom"}', durationMs: 1 });
const losing =
  (kind: 'lost' | 'timeout'): Send =>
  async (req) => {
    throw new TransportError('socket hang up', kind, req.url);
  };

/** What the hook throws for one answer (or transport failure) to a request under `retry`. */
async function thrown(retry: RetryPolicy, next: Send): Promise<unknown> {
  return hook(request(retry), next).then(
    () => expect.unreachable('the hook let an error answer through'),
    (error: unknown) => error,
  );
}

describe('the in-doubt rule (error hook)', () => {
  it('a 5xx to a request that is sent once is in doubt, from 500 up; a 4xx just below is not', async () => {
    for (const status of [500, 501, 502, 503, 504, 599]) {
      const error = await thrown(ONCE_POLICY, answering(status));
      expect(error, String(status)).toBeInstanceOf(InDoubtError);
      expect((error as Error).message).toMatch(/may or may not have been applied/);
      expect(verdictOf(error).state, String(status)).toBe('in-doubt');
      expect(verdictOf(error).stop, String(status)).toBeUndefined();
    }
    for (const status of [400, 409, 499]) {
      const error = await thrown(ONCE_POLICY, answering(status));
      expect(error, String(status)).toBeInstanceOf(ApiError);
      expect(error, String(status)).not.toBeInstanceOf(InDoubtError);
      expect(verdictOf(error).state, String(status)).toBe('failed');
    }
  });

  it('a 5xx to a request that may be repeated is an error, never in doubt: a rerun may send it again', async () => {
    for (const status of [500, 503]) {
      const error = await thrown(READ_POLICY, answering(status));
      expect(error, String(status)).toBeInstanceOf(ApiError);
      expect(error, String(status)).not.toBeInstanceOf(InDoubtError);
      expect(verdictOf(error).state, String(status)).toBe('failed');
    }
  });

  it('a connection lost after sending is in doubt when sent once, a connection error when it may be repeated', async () => {
    for (const kind of ['lost', 'timeout'] as const) {
      const once = await thrown(ONCE_POLICY, losing(kind));
      expect(once, kind).toBeInstanceOf(InDoubtError);
      expect(verdictOf(once).state).toBe('in-doubt');
      const read = await thrown(READ_POLICY, losing(kind));
      expect(read, kind).toBeInstanceOf(ConnectionError);
      expect(verdictOf(read)).toMatchObject({ state: 'pending', stop: read });
    }
  });
});
