import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import * as fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { LocalRuntimeError } from '../errors';
import { closeServer, listen, LOCAL_HOST } from '../net';
import { createLocalDynamoDbClient } from './client';
import { PORT_LABELS } from '../ports';

// dynalite and level ship no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dynalite = require('dynalite') as (options: Record<string, unknown>) => Server;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Level } = require('level') as { Level: new (location: string, options: object) => LevelDatabase };

interface LevelDatabase {
  open(): Promise<void>;
  close(): Promise<void>;
}

export interface DynaliteOptions {
  /** LevelDB folder; absent keeps the data in memory (tests). */
  readonly path?: string;
  readonly port: number;
}

export interface RunningDynalite {
  readonly endpoint: string;
  readonly port: number;
  /** dynalite's HTTP request listener, for callers in the same process that skip the socket (tests). */
  readonly requestListener: (request: IncomingMessage, response: ServerResponse) => void;
  stop(): Promise<void>;
}

/**
 * Opens the LevelDB folder once before dynalite does: dynalite turns a failed open into an
 * unhandled 'error' event that kills the process, so problems are caught and explained here.
 */
async function checkDataFolder(location: string): Promise<void> {
  if (fs.existsSync(location) && !fs.statSync(location).isDirectory()) {
    throw new LocalRuntimeError(`The DynamoDB data folder ${location} is a file, not a folder. Move it away or start with --reset.`);
  }
  fs.mkdirSync(location, { recursive: true });
  const database = new Level(location, { valueEncoding: 'json' });
  try {
    await database.open();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    if (cause?.code === 'LEVEL_LOCKED') {
      throw new LocalRuntimeError(
        `The DynamoDB data folder ${location} is in use by another local runtime. Stop it, or start with --data-dir <another folder>.`,
      );
    }
    throw new LocalRuntimeError(
      `The DynamoDB data folder ${location} cannot be opened (${cause?.message ?? (error as Error).message}); it looks corrupt. Start with --reset to start empty, or move the folder away.`,
    );
  }
  await database.close();
}

/**
 * Starts dynalite on 127.0.0.1 with tables created instantly (`createTableMs: 0`). Resolves once
 * dynalite has opened (and so locked) its data folder: it opens it lazily, and until then a
 * second runtime on the same folder would pass {@link checkDataFolder}.
 */
export async function startDynalite(options: DynaliteOptions): Promise<RunningDynalite> {
  if (options.path) await checkDataFolder(options.path);
  const server = dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  const port = await listen(server, options.port, PORT_LABELS.dynamodb);
  const endpoint = `http://${LOCAL_HOST}:${port}`;
  const client = createLocalDynamoDbClient(endpoint);
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
  } finally {
    client.destroy();
  }
  return {
    endpoint,
    port,
    requestListener: server.listeners('request')[0] as RunningDynalite['requestListener'],
    stop: () => closeServer(server),
  };
}
