/**
 * The login page where other users can reach the runtime directory: a link made by another user in its place, and
 * another user swapping it for a link while logins run, never make the browser open a page other than inv's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeLoginPage } from '../../src/cli/login-page.js';

const ROOT = process.getuid?.() === 0;
const OTHER = 65534;
const AUTH_URL = 'https://auth.example.test/authorize?state=ours';
/** Outside the run's own temporary root, which is closed to other users: here the other user can reach it. */
let base: string;
let attacker: string;
let loop: ChildProcess | undefined;

beforeAll(() => {
  base = mkdtempSync('/tmp/inv-login-swap-');
  chmodSync(base, 0o755);
  attacker = join(base, 'attacker');
  mkdirSync(attacker, { mode: 0o777 });
  chmodSync(attacker, 0o777);
  chownSync(attacker, OTHER, OTHER);
});
afterEach(() => {
  loop?.kill('SIGKILL');
  loop = undefined;
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A shared directory: mode 1777 (sticky, as /tmp) or 0777 (not sticky). */
function shared(name: string, mode: number): string {
  const dir = join(base, name);
  mkdirSync(dir);
  chmodSync(dir, mode);
  return dir;
}

/** What the browser shows for `href`, once the other user has had a moment: inv's page, or the attacker's. */
async function browserSees(href: string): Promise<'ours' | 'theirs' | 'nothing'> {
  // The attacker reads the page's name from the browser's argv and puts a page of that name in his directory.
  writeFileSync(
    join(attacker, basename(fileURLToPath(href))),
    '<meta http-equiv="refresh" content="0;url=https://evil.test">',
  );
  await new Promise((resolve) => setTimeout(resolve, 20));
  try {
    const text = readFileSync(fileURLToPath(href), 'utf8');
    return text.includes('auth.example.test') ? 'ours' : 'theirs';
  } catch {
    return 'nothing';
  }
}

describe('the login page where other users can write', () => {
  it.skipIf(!ROOT)(
    "a runtime directory that another user made a link to a directory of ours is refused, and that directory is not chmod'ed",
    async () => {
      const runtime = shared('sticky-link', 0o1777);
      const ours = join(base, 'our-public');
      mkdirSync(ours);
      chmodSync(ours, 0o755);
      symlinkSync(ours, join(runtime, 'inv'));
      lchownSync(join(runtime, 'inv'), OTHER, OTHER);
      const written = await writeLoginPage({ XDG_RUNTIME_DIR: runtime }, AUTH_URL, () => undefined).catch(
        (e: Error) => e,
      );
      expect(statSync(ours).mode & 0o777).toBe(0o755);
      expect(written).toBeInstanceOf(Error);
      expect((written as Error).message).toContain(join(runtime, 'inv'));
    },
  );

  it.skipIf(!ROOT)(
    '40 logins while another user swaps the runtime directory for a link: the browser never opens his page',
    async () => {
      for (const [name, mode] of [
        ['plain', 0o777],
        ['sticky', 0o1777],
      ] as const) {
        const runtime = shared(`race-${name}`, mode);
        const dir = join(runtime, 'inv');
        // inv's directory is there first (in the sticky one, no other user can then move it).
        await (
          await writeLoginPage({ XDG_RUNTIME_DIR: runtime }, AUTH_URL, () => undefined).catch(() => undefined)
        )?.remove();
        // The other user, over and over: move inv's directory away and put a link to his own in its place.
        loop = spawn(
          'setpriv',
          [
            `--reuid=${OTHER}`,
            `--regid=${OTHER}`,
            '--clear-groups',
            '/bin/sh',
            '-c',
            'while :; do mv -T "$1" "$1.$$" 2>/dev/null; ln -sfn "$2" "$1" 2>/dev/null; rm -rf "$1".* 2>/dev/null; done',
            'sh',
            dir,
            attacker,
          ],
          { stdio: 'ignore' },
        );
        const seen = { ours: 0, theirs: 0, nothing: 0, refused: 0 };
        for (let i = 0; i < 40; i++) {
          const page = await writeLoginPage({ XDG_RUNTIME_DIR: runtime }, AUTH_URL, () => undefined).catch(
            () => undefined,
          );
          if (!page) seen.refused++;
          else {
            seen[await browserSees(page.href)]++;
            await page.remove();
          }
        }
        loop.kill('SIGKILL');
        expect(seen.theirs, `${name}: ${JSON.stringify(seen)}`).toBe(0);
        expect(seen.nothing, `${name}: ${JSON.stringify(seen)}`).toBe(0);
        // Where others may move what is in it, inv refuses; where they may not (sticky), every login opens inv's page.
        expect(name === 'plain' ? seen.refused : seen.ours, `${name}: ${JSON.stringify(seen)}`).toBe(40);
        rmSync(runtime, { recursive: true, force: true });
        expect(existsSync(runtime)).toBe(false);
      }
    },
  );
});
