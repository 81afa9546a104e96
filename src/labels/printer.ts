/**
 * Straight to the printer (decision 31): a raw ZPL printer on the network (`tcp://HOST:9100`, as Zebra printers take
 * it) or a system printer by name (CUPS `lp -d NAME`). A job goes out as bytes rendered whole beforehand.
 */
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { ConnectionError, InDoubtError, InvError } from '../errors.js';
import type { PrinterTarget } from './printer-target.js';

/** How long a raw printer may take to accept the connection, and to take the job. */
export const PRINTER_TIMEOUT_MS = 10_000;

/**
 * Sends one job whole; resolves with what the printer (or lp) said. A connection that breaks part way is InDoubtError
 * naming how many bytes the printer took; nothing answering is ConnectionError (nothing was sent).
 */
export async function sendJob(
  target: PrinterTarget,
  job: Buffer,
  raw: boolean,
  env: { PATH?: string; signal?: AbortSignal } = {},
): Promise<string> {
  if (target.kind === 'tcp') return sendRaw(target, job, env.signal);
  return sendLp(target.name, job, raw, env.PATH, env.signal);
}

function sendRaw(target: { host: string; port: number }, job: Buffer, signal?: AbortSignal): Promise<string> {
  const where = `tcp://${target.host}:${target.port}`;
  return new Promise((resolve, reject) => {
    let connected = false;
    let done = false;
    const socket = connect({ host: target.host, port: target.port });
    const fail = (error: InvError) => {
      if (done) return;
      done = true;
      socket.destroy();
      reject(error);
    };
    let finished = false;
    socket.setTimeout(PRINTER_TIMEOUT_MS, () =>
      finished
        ? sent()
        : fail(
            connected
              ? cut(where, socket.bytesWritten, job.length, `no progress for ${PRINTER_TIMEOUT_MS / 1000} s`)
              : new ConnectionError(
                  `no printer answers at ${where} within ${PRINTER_TIMEOUT_MS / 1000} s: nothing was sent`,
                ),
          ),
    );
    socket.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        connected
          ? cut(where, socket.bytesWritten, job.length, error.code ?? error.message)
          : new ConnectionError(`no printer answers at ${where} (${error.code ?? error.message}): nothing was sent`),
      ),
    );
    socket.on('connect', () => {
      connected = true;
      socket.end(job);
    });
    const interrupted = () =>
      fail(
        connected
          ? cut(where, socket.bytesWritten, job.length, 'interrupted')
          : new ConnectionError(`interrupted before ${where} answered: nothing was sent`),
      );
    if (signal?.aborted) interrupted();
    signal?.addEventListener('abort', interrupted, { once: true });
    socket.on('close', () => signal?.removeEventListener('abort', interrupted));
    // 'finish' means the bytes left this process, not that the printer kept them: the job is sent when the printer
    // closes its side after the last byte, or keeps quiet until the timeout; a reset meanwhile leaves it in doubt.
    const sent = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(`${job.length} bytes`);
    };
    socket.on('finish', () => {
      finished = true;
      socket.resume();
    });
    socket.on('end', () =>
      setImmediate(() =>
        finished ? sent() : fail(cut(where, socket.bytesWritten, job.length, 'the printer closed the connection')),
      ),
    );
  });
}

function cut(where: string, sent: number, total: number, why: string): InDoubtError {
  // bytesWritten counts what left this process: the printer took at most that.
  return new InDoubtError(
    `the connection to ${where} broke (${why}) after sending ${Math.min(sent, total)} of ${total} bytes: the job may have printed in part`,
    'check the printer; --reprint sends the whole job again',
  );
}

function sendLp(
  name: string,
  job: Buffer,
  raw: boolean,
  path: string | undefined,
  signal?: AbortSignal,
): Promise<string> {
  const args = ['-d', name, ...(raw ? ['-o', 'raw'] : []), '-t', 'inv labels', '-'];
  return new Promise((resolve, reject) => {
    // Ctrl-C ends lp too: what it queued meanwhile is not known, so the job is in doubt (its exit says so).
    const child = spawn('lp', args, {
      signal,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: path === undefined ? process.env : { ...process.env, PATH: path },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.name === 'AbortError'
          ? new InDoubtError(
              `interrupted while lp -d ${name} took the job: it may be queued`,
              'check the queue (lpstat -o); --reprint sends the whole job again',
            )
          : error.code === 'ENOENT'
            ? new ConnectionError(
                'lp (CUPS) is not installed here: nothing was sent',
                'print to tcp://HOST:9100, or write --out',
              )
            : new ConnectionError(`lp could not start (${error.message}): nothing was sent`),
      ),
    );
    child.stdin.on('error', () => undefined); // lp's exit says what went wrong
    child.on('close', (code) => {
      const said = out.trim().replace(/\s+/g, ' ');
      if (code === 0) resolve(said || `sent to ${name} with lp`);
      else
        reject(
          new ConnectionError(
            `lp -d ${name} refused the job (exit ${code}): ${said || 'no reason given'}; nothing was sent`,
          ),
        );
    });
    child.stdin.end(job);
  });
}
