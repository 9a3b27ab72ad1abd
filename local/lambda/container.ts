import { randomUUID } from 'node:crypto';
import * as path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { serveDynaliteOnPort, type DynaliteListener } from '../dynamodb/dynalite-in-process';
import { LocalRuntimeError } from '../errors';
import { REPO_ROOT } from '../paths';
import type { LambdaBundle } from './bundle';

/**
 * One local execution environment ("container") of a Lambda function: a worker thread with the
 * function's own environment that loads the bundled handler once (the cold start) and then
 * serves one invocation at a time, keeping module state between them. A timeout or a crash ends
 * the container; the pool in host.ts decides which container serves which invocation.
 */

const WORKER_FILE = path.join(__dirname, 'worker.js');
/** Lambda's limit on a function's init phase (loading the handler module). */
const INIT_TIMEOUT_MS = 10_000;

/** A failed invocation: the handler threw, timed out, its container crashed, or no container was free in time. */
export class LambdaInvocationError extends Error {
  override readonly name = 'LambdaInvocationError';
  constructor(
    message: string,
    readonly kind: 'error' | 'timeout' | 'crash' | 'throttle',
    readonly handlerStack?: string,
  ) {
    super(message);
  }
}

export interface ContainerOptions {
  readonly bundle: LambdaBundle;
  readonly functionName: string;
  readonly environment: Readonly<Record<string, string>>;
  readonly timeoutMs: number;
  readonly memoryLimitInMB: number;
  /** Called once when the container is gone (timeout, crash, exit or terminate). */
  readonly onEnd: () => void;
  /**
   * The runtime's dynalite, which the handler's DynamoDB clients for `endpoint` (its
   * DYNAMODB_ENDPOINT) reach over a MessagePort instead of a socket (lambda/dynamodb-port-handler.js);
   * absent, they use HTTP.
   */
  readonly dynamodb?: LocalDynamoDbAccess;
}

/** The runtime's dynalite as a container reaches it: its endpoint and its request listener. */
export interface LocalDynamoDbAccess {
  readonly endpoint: string;
  readonly listener: DynaliteListener;
}

export interface Container {
  /** Resolves once the handler is loaded; a load failure is a {@link LocalRuntimeError}. */
  readonly ready: Promise<void>;
  /** False once the container ended: it serves nothing any more. */
  readonly alive: boolean;
  /** Runs one invocation (the caller makes sure it is the only one); its timeout starts now. */
  run(event: unknown): Promise<unknown>;
  /** Ends the container; a running invocation fails with `error`. */
  end(error: LambdaInvocationError): Promise<void>;
}

type WorkerMessage =
  | { type: 'ready' }
  | { type: 'load-error'; error: { message: string } }
  | { type: 'result'; id: string; result: unknown }
  | { type: 'error'; id: string; error: { name: string; message: string; stack?: string } };

interface Running {
  readonly id: string;
  resolve(result: unknown): void;
  reject(error: LambdaInvocationError): void;
  readonly timer: NodeJS.Timeout;
}

export function startContainer(options: ContainerOptions): Container {
  const entry = options.bundle.entry;
  const channel = options.dynamodb ? new MessageChannel() : undefined;
  if (channel && options.dynamodb) serveDynaliteOnPort(channel.port1, options.dynamodb.listener);
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      file: options.bundle.file,
      repoRoot: REPO_ROOT,
      dynamodb: channel && options.dynamodb ? { port: channel.port2, endpoint: options.dynamodb.endpoint } : undefined,
    },
    transferList: channel ? [channel.port2] : [],
    env: { ...options.environment },
    execArgv: [],
    // The handler's log lines go through this process's streams (not straight to the terminal),
    // so whoever hosts the runtime decides where they land: the terminal under npm start, the
    // test's held-back output under jest. Forwarded chunk by chunk (not piped): a container
    // ending never closes them, and dozens of containers add no listeners to them.
    stdout: true,
    stderr: true,
  });
  worker.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
  worker.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  worker.unref();
  let alive = true;
  let running: Running | undefined;
  let markReady: () => void = () => undefined;
  let failReady: (error: Error) => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve;
    failReady = reject;
  });
  ready.catch(() => undefined);
  const initTimer = setTimeout(
    () => void end(new LambdaInvocationError(`The handler did not load within ${INIT_TIMEOUT_MS / 1000} seconds.`, 'timeout')),
    INIT_TIMEOUT_MS,
  );
  initTimer.unref();
  void ready.then(
    () => clearTimeout(initTimer),
    () => clearTimeout(initTimer),
  );

  const end = (error: LambdaInvocationError): Promise<void> => {
    if (!alive) return Promise.resolve();
    alive = false;
    failReady(new LocalRuntimeError(`The Lambda handler ${entry} did not finish loading: ${error.message}`));
    const current = running;
    running = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
    options.onEnd();
    channel?.port1.close();
    return worker.terminate().then(() => undefined);
  };

  worker.on('message', (message: WorkerMessage) => {
    if (message.type === 'ready') markReady();
    else if (message.type === 'load-error') {
      const error = new LocalRuntimeError(`The Lambda handler ${entry} fails while loading: ${message.error.message}`);
      failReady(error);
      void end(new LambdaInvocationError(error.message, 'crash'));
    } else if (running?.id === message.id) {
      const current = running;
      running = undefined;
      clearTimeout(current.timer);
      if (message.type === 'result') current.resolve(message.result);
      else current.reject(new LambdaInvocationError(`${message.error.name}: ${message.error.message}`, 'error', message.error.stack));
    }
  });
  worker.on('error', (error) => {
    failReady(new LocalRuntimeError(`The Lambda handler ${entry} crashed while loading: ${error.message}`));
    void end(new LambdaInvocationError(`The function's container crashed: ${error.message}`, 'crash', error.stack));
  });
  worker.on('exit', () => void end(new LambdaInvocationError("The function's container exited.", 'crash')));

  return {
    ready,
    get alive() {
      return alive;
    },
    end,
    run(event) {
      if (!alive) return Promise.reject(new LambdaInvocationError("The function's container has ended.", 'crash'));
      if (running) return Promise.reject(new LambdaInvocationError('A container serves one invocation at a time.', 'crash'));
      const id = randomUUID();
      return new Promise((resolve, reject) => {
        // Lambda discards an environment whose invocation timed out; only that invocation fails.
        const timer = setTimeout(
          () => void end(new LambdaInvocationError(`Task timed out after ${(options.timeoutMs / 1000).toFixed(2)} seconds`, 'timeout')),
          options.timeoutMs,
        );
        timer.unref();
        running = { id, resolve, reject, timer };
        worker.postMessage({
          type: 'invoke',
          id,
          event,
          context: {
            functionName: options.functionName,
            invokedFunctionArn: `arn:aws:lambda:us-east-2:123456789012:function:${options.functionName}`,
            memoryLimitInMB: options.memoryLimitInMB,
            awsRequestId: randomUUID(),
            logStreamName: `local/[$LATEST]${id.replace(/-/g, '')}`,
            deadline: Date.now() + options.timeoutMs,
          },
        });
      });
    },
  };
}
