/**
 * The head of a batch's anchor (`INV_BATCH_<key>`): which generation runs, who holds it, how far it got, and at a
 * clean stop which of its rows are not done. It is read as data from elsewhere: every field is checked for its type
 * and bounds, and a value that makes no sense stops the run before anything is sent (AnchorValueError).
 */
import { InvError } from '../../errors.js';
import { NOT_DONE_LISTS, type NotDone } from '../journal/row-states.js';

/** The value a person sets to clear a head that makes no sense: the windows on the server are then read as they are. */
export const CLEARED = 'none';

/** The most a setting of the anchor may hold: a head, a window of 200 ids or a registry is a few kilobytes. */
export const SETTING_MAX_BYTES = 64 * 1024;

export type HeadState = 'running' | 'stopped' | 'finished';

export interface Head {
  /** The batch as a person knows it: its --batch name, or its input as given (a file's path, "stdin"). */
  name?: string;
  named?: boolean;
  gen: number;
  state: HeadState;
  /** Windows of this generation stored on the server. */
  windows: number;
  /** Rows of the input of the generation's last run. */
  rows: number;
  host: string;
  pid: number;
  profile: string;
  /** The writer's claim: random, its own. */
  nonce: string;
  renewed: string;
  /** When the generation's last run ended (stopped or finished). */
  ended?: string;
  /** The writer's journal: its last window and size (a journal behind them was cut or restored). */
  reserve: number;
  bytes: number;
  /**
   * At a clean stop: the rows not done, here (`notDone`) or, when they are many, in `notDoneParts` settings of their
   * own (`INV_BATCH_<key>_<gen>_d<n>`); absent while running. `partial`: a journal that could not list them all.
   */
  notDone?: NotDone;
  notDoneParts?: number;
  partial?: boolean;
}

/** A setting of the anchor holds a value inv cannot have written: nothing is sent until a person looks. */
export class AnchorValueError extends InvError {
  constructor(
    readonly setting: string,
    readonly why: string,
    clear: string,
  ) {
    super(`account setting ${setting} does not hold what inv keeps there (${why}): nothing was sent`, clear);
  }
}

/** The hint for a head (or registry) that makes no sense: put it back, or clear it. */
export function clearHint(setting: string): string {
  return [
    'if it was changed by hand, put back what it held; to clear it:',
    `\`inv settings set ${setting} ${CLEARED}\` (the rows the batch's windows on the server list are then held in doubt,`,
    'never sent again: check them with `inv batch show`)',
  ].join(' ');
}

const HEX16 = /^[0-9a-f]{16}$/;
const MAX_LISTED = 1000;

/** A reader of one object's fields that throws AnchorValueError naming the setting and the field. */
function fields(setting: string, value: unknown) {
  const bad = (why: string) => new AnchorValueError(setting, why, clearHint(setting));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad(`not an object: ${typeOf(value)}`);
  const record = value as Record<string, unknown>;
  const int = (field: string, min: number, max: number): number => {
    const v = record[field];
    if (!Number.isInteger(v) || (v as number) < min || (v as number) > max)
      throw bad(`${field}: ${show(v)} is not a whole number from ${min} to ${max}`);
    return v as number;
  };
  const text = (field: string, pattern: RegExp, optional = false): string | undefined => {
    const v = record[field];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'string' || v.length > 255 || !pattern.test(v)) throw bad(`${field}: ${show(v)} is not valid`);
    return v;
  };
  const ids = (field: string): string[] => {
    const v = record[field] ?? [];
    if (!Array.isArray(v) || v.length > MAX_LISTED || !v.every((id) => typeof id === 'string' && HEX16.test(id)))
      throw bad(`${field}: not a list of row ids`);
    return v as string[];
  };
  return { record, int, text, ids, bad };
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const NAME = /^[^\u0000-\u001f\u007f]*$/;

/**
 * The head in `text` (undefined: cleared by a person), its windows at most `maxWindows` (what the input and the journal
 * can explain); throws AnchorValueError for anything else.
 */
export function parseHead(setting: string, text: string, maxWindows: number, legacy = false): Head | undefined {
  if (text.trim() === CLEARED) return undefined;
  const { record, int, text: str, bad } = fields(setting, parsed(setting, text));
  if (legacy && record.v === undefined) return legacyHead(setting, record, maxWindows);
  if (record.v !== 2) throw bad(`v: ${show(record.v)} is not 2`);
  const state = record.state;
  if (state !== 'running' && state !== 'stopped' && state !== 'finished') throw bad(`state: ${show(state)}`);
  const windows = int('windows', 0, maxWindows);
  const head: Head = {
    name: str('name', NAME, true),
    named: record.named === true,
    gen: int('gen', 1, 1_000_000),
    state,
    windows,
    rows: int('rows', 0, 1e9),
    host: str('host', NAME)!,
    pid: int('pid', 0, 2 ** 31),
    profile: str('profile', NAME)!,
    nonce: str('nonce', /^[0-9a-f]{16,64}$/)!,
    renewed: str('renewed', ISO)!,
    ended: str('ended', ISO, true),
    reserve: int('reserve', 0, maxWindows),
    bytes: int('bytes', 0, 2 ** 50),
  };
  if (record.notDone !== undefined) {
    const lists = fields(setting, record.notDone);
    head.notDone = Object.fromEntries(NOT_DONE_LISTS.map((name) => [name, lists.ids(name)])) as NotDone;
  }
  if (record.notDoneParts !== undefined) head.notDoneParts = int('notDoneParts', 1, maxWindows);
  if (record.partial === true) head.partial = true;
  return head;
}

/** A head written before heads counted generations (a batch of a random id): one generation, held or released. */
function legacyHead(setting: string, record: Record<string, unknown>, maxWindows: number): Head {
  const { int, text } = fields(setting, record);
  const windows = int('windows', 0, maxWindows);
  return {
    gen: 1,
    state: record.released === true ? 'stopped' : 'running',
    windows,
    rows: 0,
    host: text('host', NAME)!,
    pid: int('pid', 0, 2 ** 31),
    profile: '',
    nonce: '',
    renewed: text('renewed', ISO)!,
    reserve: int('reserve', 0, maxWindows),
    bytes: int('bytes', 0, 2 ** 50),
  };
}

/** The rows not done that one part of a head's lists holds (`INV_BATCH_<key>_<gen>_d<n>`), checked as a head's are. */
export function parseNotDone(setting: string, text: string): NotDone {
  const lists = fields(setting, parsed(setting, text));
  return Object.fromEntries(NOT_DONE_LISTS.map((name) => [name, lists.ids(name)])) as NotDone;
}

/** The ids a window holds (`INV_BATCH_<key>_<gen>_<n>`): at most `max` row ids, comma-separated. */
export function parseWindow(setting: string, text: string, max: number): string[] {
  const ids = text === '' ? [] : text.split(',');
  if (ids.length > max || !ids.every((id) => HEX16.test(id)))
    throw new AnchorValueError(
      setting,
      `not a list of at most ${max} row ids`,
      [
        'it lists the rows a run was about to send: if it was changed by hand, put back what it held;',
        `if you checked that none of those rows was sent: \`inv settings set ${setting} ""\``,
      ].join(' '),
    );
  return ids;
}

/** JSON text parsed, or AnchorValueError. */
export function parsed(setting: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AnchorValueError(setting, `not JSON: ${show(text)}`, clearHint(setting));
  }
}

/** A value as a message shows it: short, whatever it is. */
function show(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value) ?? value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'a list' : typeof value;
}

/** The head a run writes: what it is given, with the format's version. */
export function headText(head: Head): string {
  return JSON.stringify({ v: 2, ...head });
}

/** Whether the head moved between the run's reading it and its claim (another run sent rows or ended meanwhile). */
export function headMoved(read: Head | 'cleared' | undefined, now: Head | 'cleared' | undefined): boolean {
  if (read === undefined || read === 'cleared' || now === undefined || now === 'cleared') return read !== now;
  return read.gen !== now.gen || read.windows !== now.windows || read.state !== now.state || read.nonce !== now.nonce;
}
