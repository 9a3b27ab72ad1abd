import { createServer, type Server } from 'node:net';
import { LocalRuntimeError } from './errors';
import { PORT_LABELS, type PortName } from './ports';

/** The interface every local service binds to: nothing is reachable from other machines. */
export const LOCAL_HOST = '127.0.0.1';

export interface ListenLabel {
  /** What listens, for messages: `REST API`, `GraphQL API`, ... */
  readonly service: string;
  /** Environment variable that overrides the port. */
  readonly envVar: string;
}

/**
 * Starts listening on 127.0.0.1 (`port` 0 picks a free port) and returns the bound port.
 * A busy port becomes a {@link LocalRuntimeError} that says what to do.
 */
export function listen(server: Server, port: number, label: ListenLabel): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') {
        reject(new LocalRuntimeError(`Port ${port} is already in use (${label.service}). Stop the other process or set ${label.envVar}.`));
      } else if (error.code === 'EACCES') {
        reject(new LocalRuntimeError(`Port ${port} cannot be used (${label.service}): permission denied. Set ${label.envVar}.`));
      } else {
        reject(error);
      }
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, LOCAL_HOST);
  });
}

/** Stops a server and closes its open connections (keep-alive sockets included). */
export function closeServer(server: Server & { closeAllConnections?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}

/**
 * Fails at once, with the message a bind would give, when a chosen port is taken: checked before
 * any service starts, so a busy port costs no start and stop of the rest. (A port taken in between
 * still fails at its bind, with the same message.)
 */
export async function ensurePortsFree(ports: Readonly<Partial<Record<PortName, number>>>): Promise<void> {
  for (const [name, port] of Object.entries(ports) as [PortName, number | undefined][]) {
    if (!port) continue;
    const probe = createServer();
    await listen(probe, port, PORT_LABELS[name]);
    await closeServer(probe);
  }
}
