/**
 * What an option's value is (a file, a profile, a cached name, some words, anything), kept on the option itself: the
 * start path's part of the option vocabulary (src/cli/option-kinds.ts), so that the global options load no more.
 */
import type { Option } from 'commander';
import type { NameKind } from './completion/names.js';

/** What a value is: a file path, a profile name, a name from the completion cache, one of some words, or anything. */
export type ValueKind =
  | { file: true }
  | { profile: true }
  | { names: NameKind }
  | { words: readonly string[] }
  | { any: true };

/** An option whose parsed value has type T (commander keeps it under the option's attribute name). */
export type Declared<T> = Option & { readonly valueKind: ValueKind; readonly parsed?: T };

/** The typed flags a record of declarations gives (each may be absent): `FlagsOf<typeof OPTIONS>`. */
export type FlagsOf<D extends Record<string, Declared<unknown>>> = {
  [K in keyof D]?: D[K] extends Declared<infer T> ? T : never;
};

/** The kind an option was declared with; commander's own choices are words; anything else is free text. */
export function kindOf(option: Option): ValueKind {
  const declared = (option as Partial<Declared<unknown>>).valueKind;
  if (declared) return declared;
  return option.argChoices ? { words: option.argChoices } : { any: true };
}

/** Marks `option` with its kind (option-kinds.ts and option-numbers.ts make them). */
export function declared<T>(option: Option, kind: ValueKind): Declared<T> {
  return Object.assign(option, { valueKind: kind }) as Declared<T>;
}
