/** Opens a URL in a browser: the program named by BROWSER, else the system default (via `open`). */
import { spawn, type ChildProcess } from 'node:child_process';

function started(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('spawn', () => {
      child.unref();
      resolve();
    });
    child.once('error', reject);
  });
}

/** Starts the browser on `url` without waiting for it to close; rejects when it cannot start. */
export async function openBrowser(url: string, env: Record<string, string | undefined>): Promise<void> {
  const browser = env.BROWSER?.trim();
  if (browser) {
    const [command, ...args] = browser.split(/\s+/) as [string, ...string[]];
    return started(spawn(command, [...args, url], { detached: true, stdio: 'ignore', env: env as NodeJS.ProcessEnv }));
  }
  const { default: open } = await import('open');
  return started(await open(url));
}
