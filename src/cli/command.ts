/** Glue between commander actions and command handlers that receive a Ctx. */
import type { Command } from 'commander';
import { Ctx, type Session } from './context.js';
import { readGlobals } from './globals.js';
import { chalkColors, NO_COLORS } from './colors.js';

export type Handler<O> = (ctx: Ctx, args: unknown[], options: O) => Promise<void>;

/** Makes commander action callbacks for one session. */
export type Runner = <O>(handler: Handler<O>) => (...actionArgs: unknown[]) => Promise<void>;

/** A Runner that builds the Ctx from the command's own and global options. */
export function runner(session: Session): Runner {
  return (handler) =>
    async (...actionArgs) => {
      const command = actionArgs.at(-1) as Command;
      const positional = actionArgs.slice(0, -2);
      let root = command;
      while (root.parent) root = root.parent;
      const globals = readGlobals(command.optsWithGlobals(), session.io, root.getOptionValueSource('timeout') === 'cli', command.name());
      const colors = globals.color ? await chalkColors() : NO_COLORS;
      await handler(new Ctx(session, globals, colors), positional, command.opts() as Parameters<typeof handler>[2]);
    };
}
