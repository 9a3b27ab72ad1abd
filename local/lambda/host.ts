import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LocalRuntimeError } from '../errors';
import { REPO_ROOT } from '../paths';
import type { LambdaBundle } from './bundle';

/**
 * Runs a bundled Lambda function in its own worker thread — a local "container": the
 * function's own environment (exactly the variables its construct sets), module state kept
 * between invocations, a timeout after which the container is discarded, and a fresh container
 * (cold start) after a crash. The REST adapter invokes handlers through it; so can a Cognito
 * trigger endpoint.
 */

const WORKER_FILE = path.join(__dirname, 'worker.js');

/** The ProductFunction construct's defaults. */
export const DEFAULT_LAMBDA_TIMEOUT_MS = 10_000;
export const DEFAULT_LAMBDA_MEMORY_MB = 512;

export interface LambdaFunctionOptions {
  readonly bundle: LambdaBundle;
  /** Function name in contexts and logs, e.g. `talentpilot-local-GetPlansFunction`. */
  readonly functionName: string;
  /** The function's environment variables (nothing else of the host's environment leaks in). */
  readonly environment: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  readonly memoryLimitInMB?: number;
}

/** A failed invocation: the handler threw, rejected, timed out or its container crashed. */
export class LambdaInvocationError extends Error {
  override readonly name = 'LambdaInvocationError';
  constructor(
    message: string,
    readonly kind: 'error' | 'timeout' | 'crash',
    readonly handlerStack?: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(result: unknown): void;
  reject(error: LambdaInvocationError): void;
  timer: NodeJS.Timeout;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'load-error'; error: { message: string } }
  | { type: 'result'; id: string; result: unknown }
  | { type: 'error'; id: string; error: { name: string; message: string; stack?: string } };

interface Container {
  readonly worker: Worker;
  readonly ready: Promise<void>;
  readonly pending: Map<string, Pending>;
}

export interface LambdaFunction {
  readonly functionName: string;
  /** Starts the container and loads the handler; a load failure is a {@link LocalRuntimeError}. */
  warm(): Promise<void>;
  invoke(event: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

export function createLambdaFunction(options: LambdaFunctionOptions): LambdaFunction {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LAMBDA_TIMEOUT_MS;
  let container: Container | undefined;

  const discard = (target: Container, error: LambdaInvocationError) => {
    if (container === target) container = undefined;
    for (const pending of target.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    target.pending.clear();
    void target.worker.terminate();
  };

  const start = (): Container => {
    const worker = new Worker(WORKER_FILE, {
      workerData: { file: options.bundle.file, repoRoot: REPO_ROOT },
      env: { ...options.environment },
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const pending = new Map<string, Pending>();
    let markReady: () => void = () => undefined;
    let failReady: (error: Error) => void = () => undefined;
    const ready = new Promise<void>((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    ready.catch(() => undefined);
    const started: Container = { worker, ready, pending };
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'ready') markReady();
      else if (message.type === 'load-error') {
        failReady(new LocalRuntimeError(`The Lambda handler ${options.bundle.entry} fails while loading: ${message.error.message}`));
      } else {
        const entry = pending.get(message.id);
        if (!entry) return;
        pending.delete(message.id);
        clearTimeout(entry.timer);
        if (message.type === 'result') entry.resolve(message.result);
        else entry.reject(new LambdaInvocationError(`${message.error.name}: ${message.error.message}`, 'error', message.error.stack));
      }
    });
    worker.on('error', (error) => {
      failReady(new LocalRuntimeError(`The Lambda handler ${options.bundle.entry} crashed while loading: ${error.message}`));
      discard(started, new LambdaInvocationError(`The function's container crashed: ${error.message}`, 'crash', error.stack));
    });
    worker.on('exit', () => discard(started, new LambdaInvocationError("The function's container exited.", 'crash')));
    return started;
  };

  const current = () => (container ??= start());

  return {
    functionName: options.functionName,
    warm: () => current().ready,
    async invoke(event) {
      const target = current();
      await target.ready;
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          target.pending.delete(id);
          reject(new LambdaInvocationError(`Task timed out after ${(timeoutMs / 1000).toFixed(2)} seconds`, 'timeout'));
          // Lambda discards a container whose invocation timed out.
          discard(target, new LambdaInvocationError("The function's container was stopped after a timeout.", 'crash'));
        }, timeoutMs);
        timer.unref();
        target.pending.set(id, { resolve, reject, timer });
        target.worker.postMessage({
          type: 'invoke',
          id,
          event,
          context: {
            functionName: options.functionName,
            invokedFunctionArn: `arn:aws:lambda:us-east-2:123456789012:function:${options.functionName}`,
            memoryLimitInMB: options.memoryLimitInMB ?? DEFAULT_LAMBDA_MEMORY_MB,
            awsRequestId: randomUUID(),
            logStreamName: `local/[$LATEST]${id.replace(/-/g, '')}`,
            deadline: Date.now() + timeoutMs,
          },
        });
      });
    },
    async stop() {
      const target = container;
      container = undefined;
      if (target) {
        target.worker.removeAllListeners('exit');
        discard(target, new LambdaInvocationError('The local runtime is stopping.', 'crash'));
        await target.worker.terminate();
      }
    },
  };
}
