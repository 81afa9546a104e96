/** The process's stop signals: Ctrl-Break (SIGBREAK, Windows) stops work as Ctrl-C (SIGINT) does. */
import { afterEach, expect, it } from 'vitest';
import { interruptedExitCode, processIO } from '../../src/util/io.js';

const EVENTS = ['SIGINT', 'SIGTERM', 'SIGBREAK'] as const;
const before = new Map(EVENTS.map((e) => [e, process.listeners(e)]));
const stdoutBefore = process.stdout.listeners('error');

afterEach(() => {
  for (const e of EVENTS) for (const l of process.listeners(e)) if (!before.get(e)!.includes(l)) process.off(e, l);
  for (const l of process.stdout.listeners('error'))
    if (!stdoutBefore.includes(l)) process.stdout.off('error', l as (error: Error) => void);
});

it('stops on Ctrl-Break as on Ctrl-C, with the exit code of Ctrl-C', () => {
  const io = processIO();
  process.emit('SIGBREAK');
  expect(io.signal.aborted).toBe(true);
  expect(interruptedExitCode(io.signal)).toBe(130);
});
