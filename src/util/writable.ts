/** Files a command will write, checked before it sends anything. */
import { accessSync, constants, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** Refuses (exit 2) a file that cannot be written: checked before any request, so a send is never followed by a failed write. */
export function checkWritable(file: string, flag: string, example: string): void {
  const dir = dirname(resolve(file));
  const problem = (() => {
    try {
      if (!statSync(dir).isDirectory()) return `${dir} is not a directory`;
    } catch {
      return `the directory ${dir} does not exist`;
    }
    try {
      if (statSync(file).isDirectory()) return `${file} is a directory`;
      accessSync(file, constants.W_OK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return `${file} cannot be written`;
      try {
        accessSync(dir, constants.W_OK);
      } catch {
        return `the directory ${dir} cannot be written`;
      }
    }
    return undefined;
  })();
  if (problem)
    throw new UsageError(
      `${flag} ${file}: ${problem}`,
      `give a file in a directory you can write to, e.g. ${flag} ${example}`,
    );
}
