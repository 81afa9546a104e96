/**
 * The codes of a scan mode, one at a time: a scanner ends each code with Enter or Tab (decision 30). On a terminal the
 * line discipline is told that Tab ends a line too (`stty eol ^I`, put back when the reader closes), so a scan ending in
 * Tab is delivered at once, with the terminal's own echo and line editing kept.
 */
import { spawnSync } from 'node:child_process';
import type { LineReader } from './lines.js';

/** Runs stty on the terminal `fd`; the settings it prints, or undefined when there is no stty (Windows) or it failed. */
function stty(fd: number, args: string[]): string | undefined {
  try {
    const r = spawnSync('stty', args, { stdio: [fd, 'pipe', 'ignore'], encoding: 'utf8' });
    return r.status === 0 ? r.stdout.trim() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens a reader of scans on `stream`: a code ends at a line break or a Tab; an Enter on an empty line is an empty
 * code (what ends a session). `echo` is written after a Tab-ended code from a terminal, so output starts on a new line.
 */
export function scanReader(
  stream: NodeJS.ReadableStream & { fd?: number; isTTY?: boolean },
  signal: AbortSignal | undefined,
  echo: (text: string) => void,
): LineReader {
  const fd = stream.isTTY && typeof stream.fd === 'number' ? stream.fd : undefined;
  const saved = fd === undefined ? undefined : stty(fd, ['-g']);
  // A run killed where no shell put the terminal back left Tab as its eol: that is not the terminal's own setting.
  const tabLeft = fd !== undefined && /\beol = \^I;/.test(stty(fd, ['-a']) ?? '');
  if (fd !== undefined && saved !== undefined) stty(fd, ['eol', '\t']);
  const codes: Array<{ text: string; tab: boolean }> = [];
  const waiting: Array<(code: string | undefined) => void> = [];
  let rest = '';
  let ended = false;
  let closed = false;
  const deliver = () => {
    while (waiting.length > 0 && (codes.length > 0 || ended || closed)) {
      const code = codes.shift();
      if (code?.tab && fd !== undefined) echo('\n');
      waiting.shift()!(closed ? undefined : code?.text);
    }
  };
  const onData = (chunk: Buffer | string) => {
    rest += chunk.toString();
    for (let end = rest.search(/[\t\n\r]/); end >= 0; end = rest.search(/[\t\n\r]/)) {
      if (rest[end] === '\r' && end === rest.length - 1) break; // its \n may come in the next chunk
      const tab = rest[end] === '\t';
      codes.push({ text: rest.slice(0, end), tab });
      rest = rest.slice(rest[end] === '\r' && rest[end + 1] === '\n' ? end + 2 : end + 1);
    }
    deliver();
  };
  const onEnd = () => {
    if (rest) codes.push({ text: rest, tab: false });
    rest = '';
    ended = true;
    deliver();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    stream.off('data', onData);
    stream.off('end', onEnd);
    stream.pause();
    if (fd !== undefined && saved !== undefined) stty(fd, tabLeft ? [saved, 'eol', 'undef'] : [saved]);
    deliver();
  };
  stream.on('data', onData);
  stream.on('end', onEnd);
  stream.resume();
  signal?.addEventListener('abort', close, { once: true });
  return {
    next: () =>
      new Promise((resolve) => {
        waiting.push(resolve);
        deliver();
      }),
    close,
  };
}
