/**
 * One packing station per shipment and account: a lock file beside the scan journal (this machine) and the
 * batch's lease in the account's settings (`INV_PACK_<key>`, every machine), whose head also keeps how many
 * boxes the session closed, so that a station elsewhere never numbers a box that another has labelled.
 */
import { createHash } from 'node:crypto';
import { hostname } from 'node:os';
import { InvError } from '../errors.js';
import { lockFile, processAlive } from '../util/file-lock.js';
import { BatchHeldError, Lease, LeaseLostError } from '../batch/anchor/lease.js';
import { AnchorStore, type SettingStore } from '../batch/anchor/setting-store.js';
import type { AnchorKeys } from '../batch/anchor/anchor.js';
import type { Head } from '../batch/anchor/head.js';

/** A station: `claim` the account's lease once the local journal is read, `kept` after each closed box, `end` once. */
export interface Station {
  claim(boxesClosed: number): Promise<void>;
  kept(boxesClosed: number): Promise<void>;
  end(state: 'finished' | 'stopped'): Promise<void>;
}

export interface StationEnv {
  shipmentId: string;
  origin: string;
  account: string;
  profile: string;
  /** The scan journal's path: the lock file is beside it. */
  journal: string;
  settings: SettingStore;
  host?: string;
  warn(message: string): Promise<void>;
}

/** A session cannot hold more boxes than this (the head's bound on its count). */
const MAX_BOXES = 100_000;

/** The settings of a shipment's station lease: a head alone (a packing stores no windows). */
function stationKeys(origin: string, account: string, shipmentId: string): AnchorKeys {
  const key = createHash('sha256').update([origin, account, shipmentId].join('\0')).digest('hex').slice(0, 24);
  const head = `INV_PACK_${key}`;
  return { head, window: (n) => `${head}_${n}`, notDone: (n) => `${head}_d${n}` };
}

/** The error for a shipment another station packs, naming it. */
function heldBy(shipmentId: string, where: string): InvError {
  return new InvError(
    `${shipmentId} is being packed ${where}: nothing was scanned here`,
    'pack it at that station; once it has ended (or its process is gone), run the same command again',
  );
}

/**
 * Takes this machine's lock for a shipment's scan session (before its journal is opened), throwing (exit 1) naming
 * the process that holds it; the account's lease is claimed next, by `claim`.
 */
export function lockStation(env: StationEnv): Station {
  const host = env.host ?? hostname();
  const lock = lockFile(
    `${env.journal}.lock`,
    (holder) => heldBy(env.shipmentId, `by process ${holder.pid} on ${holder.host} (started ${holder.started})`),
    {},
    host,
  );
  let boxes = 0;
  const lease = new Lease(
    new AnchorStore(env.settings, env.warn),
    stationKeys(env.origin, env.account, env.shipmentId),
    { maxWindows: MAX_BOXES },
    env.shipmentId,
    { host, pid: process.pid, profile: env.profile, now: Date.now, sleep, processAlive },
  );
  return {
    claim: async (closed) => {
      boxes = closed;
      try {
        const head = await lease.head();
        checkBoxes(env.shipmentId, head, boxes, host);
        await lease.claim(head, 1, 0, () => ({ reserved: boxes, bytes: 0 }));
      } catch (error) {
        lock.release();
        if (!(error instanceof BatchHeldError)) throw error;
        const { host: at, pid, age } = error.holder;
        throw heldBy(env.shipmentId, `on ${at} (process ${pid}${age === undefined ? '' : `, seen ${age} s ago`})`);
      }
    },
    kept: async (closed) => {
      boxes = closed;
      try {
        await lease.keep();
      } catch (error) {
        if (!(error instanceof LeaseLostError)) throw error;
        throw new InvError(
          `another station took ${env.shipmentId} over (its lease here had run out): this one stopped`,
          'check which cartons each station labelled before packing more',
        );
      }
    },
    end: async (state) => {
      try {
        await lease.release({ state });
      } finally {
        lock.release();
      }
    },
  };
}

/** A session another machine closed more boxes of than this one's journal holds is that machine's to go on with. */
function checkBoxes(shipmentId: string, head: Head | 'cleared' | undefined, boxes: number, host: string): void {
  if (!head || head === 'cleared' || head.state === 'finished' || head.host === host || head.reserve <= boxes) return;
  throw new InvError(
    `${shipmentId}: ${head.reserve} boxes were closed at the station on ${head.host}, ${boxes} here: ` +
      'a box packed here would take a number already on a carton',
    `resume it on ${head.host} (run the same command there)`,
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
