import { parentPort, workerData } from 'node:worker_threads';
import { LocalRuntimeError } from '../errors';
import { startCognitoServer, type CognitoServerOptions, type RunningCognitoServer } from './cognito-server';
import type { OutboxMessageInput } from './outbox';

/**
 * Entry of the cognito-local worker thread (bundled by cognito-local.ts). Starts the server, hands
 * every email to the main thread and waits for its receipt before the call that sent it answers
 * (so the outbox holds a code by the time SignUp returns), and stops on request.
 */

export type WorkerData = Omit<CognitoServerOptions, 'deliverEmail' | 'log' | 'warn'> & { readonly log: boolean };

export type FromWorker =
  | { readonly type: 'ready'; readonly port: number }
  | { readonly type: 'failed'; readonly message: string; readonly local: boolean; readonly stack?: string }
  | { readonly type: 'email'; readonly id: number; readonly message: OutboxMessageInput }
  | { readonly type: 'log'; readonly line: string }
  | { readonly type: 'warning'; readonly line: string }
  | { readonly type: 'stopped' };

export type ToWorker = { readonly type: 'email-received'; readonly id: number } | { readonly type: 'stop' };

const port = parentPort!;
const data = workerData as WorkerData;
const post = (message: FromWorker) => port.postMessage(message);
const receipts = new Map<number, () => void>();
let nextId = 0;
let server: RunningCognitoServer | undefined;

port.on('message', (message: ToWorker) => {
  if (message.type === 'email-received') {
    receipts.get(message.id)?.();
    receipts.delete(message.id);
  } else if (message.type === 'stop') {
    void (server?.stop() ?? Promise.resolve()).finally(() => {
      post({ type: 'stopped' });
      port.close();
    });
  }
});

startCognitoServer({
  ...data,
  deliverEmail: (message) =>
    new Promise<void>((resolve) => {
      const id = (nextId += 1);
      receipts.set(id, resolve);
      post({ type: 'email', id, message });
    }),
  log: data.log ? (line) => post({ type: 'log', line }) : undefined,
  warn: (line) => post({ type: 'warning', line }),
}).then(
  (started) => {
    server = started;
    post({ type: 'ready', port: started.port });
  },
  (error: unknown) => {
    const failure = error as Error;
    post({ type: 'failed', message: failure.message ?? String(error), local: error instanceof LocalRuntimeError, stack: failure.stack });
  },
);
