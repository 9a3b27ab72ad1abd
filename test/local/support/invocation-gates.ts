import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Gates for handlers under test: a handler fetches a gate's URL and its invocation stays running
 * until the test opens the gate. The test learns when (and from which container) each handler
 * arrived, so tests about concurrency wait for events instead of for time.
 */
export interface InvocationGates {
  /** The URL a handler fetches to wait at gate `name`. */
  url(name: string): string;
  /** Resolves with the `container` query parameter once a handler arrived at the gate. */
  arrived(name: string): Promise<string>;
  /** Lets the handler waiting at the gate (now or later) go on. */
  open(name: string): void;
  stop(): Promise<void>;
}

interface Gate {
  readonly arrived: Promise<string>;
  arrive(container: string): void;
  opened: boolean;
  waiting?: http.ServerResponse;
}

export async function startInvocationGates(): Promise<InvocationGates> {
  const gates = new Map<string, Gate>();
  const gate = (name: string): Gate => {
    let found = gates.get(name);
    if (!found) {
      let arrive: (container: string) => void = () => undefined;
      const arrived = new Promise<string>((resolve) => (arrive = resolve));
      found = { arrived, arrive, opened: false };
      gates.set(name, found);
    }
    return found;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://gates');
    const target = gate(decodeURIComponent(url.pathname.slice(1)));
    target.arrive(url.searchParams.get('container') ?? '');
    if (target.opened) res.end('open');
    else target.waiting = res;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (name) => `${base}/${encodeURIComponent(name)}`,
    arrived: (name) => gate(name).arrived,
    open(name) {
      const target = gate(name);
      target.opened = true;
      target.waiting?.end('open');
    },
    stop() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
