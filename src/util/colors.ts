/** The few colours inv uses on stderr: chalk when colour is on (loaded only then), plain text otherwise. */

export interface Colors {
  green(text: string): string;
  yellow(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
}

const plain = (text: string) => text;

/** No colour at all. */
export const NO_COLORS: Colors = { green: plain, yellow: plain, dim: plain, bold: plain };

/** chalk's colours (imported now: chalk and what it reads of the terminal cost a few ms at start). */
export async function chalkColors(): Promise<Colors> {
  const { Chalk } = await import('chalk');
  const chalk = new Chalk({ level: 1 });
  return {
    green: (t) => chalk.green(t),
    yellow: (t) => chalk.yellow(t),
    dim: (t) => chalk.dim(t),
    bold: (t) => chalk.bold(t),
  };
}
