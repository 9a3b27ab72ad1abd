import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Context } from 'cognito-local/lib/services/context';
import type { DataStore } from 'cognito-local/lib/services/dataStore/dataStore';
import type { DataStoreFactory } from 'cognito-local/lib/services/dataStore/factory';

/**
 * cognito-local's data files (the user pools, the clients, its config), kept so that no number
 * of concurrent calls and no kill at any moment leaves a file that cannot be read (issue 16).
 *
 * cognito-local's own store (StormDB) wrote the whole file with `fs.writeFile` on every change,
 * and overlapping writes interleaved: a shorter file written over a longer one kept the longer
 * one's tail, the next start refused the invalid JSON, and every local account was lost. Here:
 * - the data lives in memory and writes are serialized, one at a time, each of the latest state
 *   (changes made while a write runs go into the next one);
 * - a write goes to a temporary file, is flushed to disk, and is renamed over the file (a rename
 *   is atomic), so the file on disk is always one whole state;
 * - a call that changed data answers only once a write holding its change is on disk;
 * - on open, the file read is copied to `<file>.last-good`; a file that cannot be read is set
 *   aside as `<file>.corrupt-<time>`, the last good copy is used, and `onRecovered` says so.
 *
 * Same interface and the same JSON as cognito-local's store (dates in fields named `…Date` as ISO
 * strings), so an existing `.local/` keeps working.
 */

export interface DurableJsonStoreOptions {
  /** A file was unreadable and was set aside; the message says what happened and what to do. */
  readonly onRecovered?: (message: string) => void;
}

type Key = string | string[];
type JsonObject = Record<string, unknown>;

/** JSON.stringify replacer: cognito-local keeps `…Date` fields as Dates in memory, ISO strings on disk. */
function datesToIso(this: unknown, key: string, value: unknown): unknown {
  if (!key.endsWith('Date')) return value;
  const original = (this as Record<string, unknown>)[key];
  if (!(original instanceof Date)) throw new Error(`Serialize: expected ${key} to hold a Date, found a ${typeof original}`);
  return original.toISOString();
}

function isoToDates(key: string, value: unknown): unknown {
  if (!key.endsWith('Date')) return value;
  if (typeof value === 'number' || typeof value === 'string') return new Date(value);
  throw new Error(`Deserialize: expected ${key} to hold a string or a number, found a ${typeof value}`);
}

const serialize = (state: JsonObject) => JSON.stringify(state, datesToIso, 2);

function parse(text: string): JsonObject {
  const value: unknown = JSON.parse(text === '' ? '{}' : text, isoToDates);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object');
  return value as JsonObject;
}

/** Writes through a flushed temporary file and a rename: the file is the old state or the new one, never a mix. */
async function replaceFile(file: string, content: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await fs.promises.open(temporary, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.promises.rename(temporary, file);
}

/** Reads a data file, recovering from an unreadable one; `undefined` when there is none. */
function openFile(file: string, options: DurableJsonStoreOptions): JsonObject | undefined {
  const lastGood = `${file}.last-good`;
  // What a killed process left mid-write; the file itself is whole.
  for (const name of fs.readdirSync(path.dirname(file))) {
    if (name.startsWith(`${path.basename(file)}.`) && name.endsWith('.tmp'))
      fs.rmSync(path.join(path.dirname(file), name), { force: true });
  }
  if (!fs.existsSync(file)) return undefined;
  try {
    const state = parse(fs.readFileSync(file, 'utf8'));
    fs.copyFileSync(file, lastGood);
    return state;
  } catch (error) {
    const setAside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, setAside);
    let recovered: JsonObject | undefined;
    try {
      recovered = fs.existsSync(lastGood) ? parse(fs.readFileSync(lastGood, 'utf8')) : undefined;
    } catch {
      recovered = undefined;
    }
    const what = recovered
      ? `the copy from the last start that read it (${lastGood}) is used instead; changes made since then are lost`
      : 'there is no readable earlier copy, so it starts empty';
    options.onRecovered?.(
      `The local identity data file ${file} could not be read (${(error as Error).message}); it was set aside as ${setAside} and ${what}. Start with --reset to start every local account afresh.`,
    );
    return recovered;
  }
}

class DurableJsonStore implements DataStore {
  /** Changes made so far (each one bumps it) and changes on disk. */
  private changes = 0;
  private saved = 0;
  private writing = false;
  private readonly waiting: { readonly change: number; resolve(): void; reject(error: unknown): void }[] = [];

  constructor(
    private readonly file: string,
    private state: JsonObject,
  ) {}

  /** Resolves once a write holding every change made so far is on disk. */
  persist(): Promise<void> {
    const change = (this.changes += 1);
    const done = new Promise<void>((resolve, reject) => this.waiting.push({ change, resolve, reject }));
    void this.writeLoop();
    return done;
  }

  private async writeLoop(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.saved < this.changes) {
        const upTo = this.changes;
        try {
          await replaceFile(this.file, serialize(this.state));
          this.saved = upTo;
          this.settle(upTo, (waiter) => waiter.resolve());
        } catch (error) {
          // This state could not be written; the callers whose changes it held are told.
          this.saved = upTo;
          this.settle(upTo, (waiter) => waiter.reject(error));
        }
      }
    } finally {
      this.writing = false;
    }
  }

  private settle(upTo: number, finish: (waiter: (typeof this.waiting)[number]) => void): void {
    for (let index = this.waiting.length - 1; index >= 0; index -= 1) {
      if (this.waiting[index].change <= upTo) finish(this.waiting.splice(index, 1)[0]);
    }
  }

  /** The value at `key` (a path of object keys), as cognito-local's store answers it. */
  private lookup(key: Key): unknown {
    const keys = Array.isArray(key) ? key : [key];
    let value: unknown = this.state;
    keys.forEach((part, index) => {
      const next = (value as JsonObject)[part];
      // StormDB refused to read through a missing object; cognito-local relies on the error.
      if (index < keys.length - 1 && !next) throw new Error("Can't run .value() on non-existant property of non-existant object.");
      value = next;
    });
    return value;
  }

  async get<T>(_ctx: Context, key: Key, defaultValue?: T): Promise<T | null> {
    return (this.lookup(key) as T | undefined) ?? defaultValue ?? null;
  }

  async getRoot<T>(): Promise<T | null> {
    return (this.state as T) ?? null;
  }

  async set<T>(_ctx: Context, key: Key, value: T): Promise<void> {
    const keys = Array.isArray(key) ? key : [key];
    let parent = this.state;
    for (const part of keys.slice(0, -1)) {
      if (parent[part] === undefined) parent[part] = {};
      parent = parent[part] as JsonObject;
    }
    parent[keys[keys.length - 1]] = value;
    await this.persist();
  }

  async delete(_ctx: Context, key: Key): Promise<void> {
    const keys = Array.isArray(key) ? key : [key];
    const parent = keys.slice(0, -1).reduce<JsonObject>((object, part) => object[part] as JsonObject, this.state);
    delete parent[keys[keys.length - 1]];
    await this.persist();
  }

  /** Starts with `defaults` when the file held nothing, as StormDB's `default` did. */
  async initialize(defaults: object): Promise<void> {
    if (Object.keys(this.state).length === 0) this.state = defaults as JsonObject;
    await this.persist();
  }
}

export class DurableJsonStoreFactory implements DataStoreFactory {
  constructor(
    private readonly directory: string,
    private readonly options: DurableJsonStoreOptions = {},
  ) {}

  async create(_ctx: Context, id: string, defaults: object): Promise<DataStore> {
    await fs.promises.mkdir(this.directory, { recursive: true });
    const file = path.join(this.directory, `${id}.json`);
    const store = new DurableJsonStore(file, openFile(file, this.options) ?? {});
    await store.initialize(defaults);
    return store;
  }
}
