/**
 * The CPU of one REST call on the local runtime (W14CALL, issue 14): starts the runtime as the
 * security tests do (security-runtime.ts), then makes N sequential calls of a few typical routes
 * and prints the process's CPU (user + sys, worker threads included: the Lambda containers,
 * cognito-local and dynalite all run in this process) per call, route by route.
 * `node --import tsx test/bench/call-cost.ts [calls per route]`.
 */
import * as fs from 'node:fs';
import { startSecurityRuntime } from '../security/support/security-runtime';

/** CPU ms of this process's main thread and of all its other threads (workers, libuv's pool), from /proc. */
function threadCpuMs(): { main: number; others: number } {
  const tick = 10; // USER_HZ = 100
  let main = 0;
  let others = 0;
  for (const tid of fs.readdirSync('/proc/self/task')) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended in between
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ms = (Number(fields[11]) + Number(fields[12])) * tick;
    if (Number(tid) === process.pid) main += ms;
    else others += ms;
  }
  return { main, others };
}

const CALLS = Number(process.argv[2] ?? 200);
const WARM_UP = 20;

interface Kind {
  readonly name: string;
  readonly expect: number;
  send(): Promise<Response>;
}

async function main(): Promise<void> {
  const rt = await startSecurityRuntime();
  const call = (method: string, path: string, authorization: string | undefined, body?: unknown) =>
    fetch(`${rt.restUrl}${path}`, {
      method,
      headers: {
        ...(authorization ? { authorization } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const kinds: Kind[] = [
    { name: 'unknown route (403)', expect: 403, send: () => call('GET', '/no/such/route', undefined) },
    { name: 'no token (401)', expect: 401, send: () => call('GET', '/assistant/jobs', undefined) },
    { name: 'GET /assistant/jobs', expect: 200, send: () => call('GET', '/assistant/jobs', rt.subscriber.idToken) },
    {
      name: 'POST /assistant/must-haves',
      expect: 200,
      send: () =>
        call('POST', '/assistant/must-haves', rt.subscriber.idToken, {
          title: 'Senior Backend Engineer',
          description: 'Python developer, 5+ years with PostgreSQL and AWS. Kafka is a plus.',
        }),
    },
    { name: 'GET /ats/connection', expect: 200, send: () => call('GET', '/ats/connection', rt.subscriber.idToken) },
    { name: 'unsubscribed GET /assistant/jobs (403)', expect: 403, send: () => call('GET', '/assistant/jobs', rt.member.idToken) },
  ];
  const rows: string[] = [];
  {
    // What the runtime spends with no call at all (its pollers), over 10 s.
    const threadsBefore = threadCpuMs();
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const threadsAfter = threadCpuMs();
    rows.push(`idle: main thread ${((threadsAfter.main - threadsBefore.main) / 10).toFixed(1)} ms/s, other threads ${((threadsAfter.others - threadsBefore.others) / 10).toFixed(1)} ms/s`);
  }
  // CALL_COST_KINDS=<part of a name>,...: only the kinds named (for profiles of one route).
  const only = process.env.CALL_COST_KINDS?.split(',');
  try {
    for (const kind of kinds.filter((candidate) => !only || only.some((part) => candidate.name.includes(part)))) {
      for (let index = 0; index < WARM_UP; index += 1) await (await kind.send()).arrayBuffer();
      const threadsBefore = threadCpuMs();
      const before = process.cpuUsage();
      const started = performance.now();
      for (let index = 0; index < CALLS; index += 1) {
        const response = await kind.send();
        await response.arrayBuffer();
        if (response.status !== kind.expect) throw new Error(`${kind.name}: ${response.status}, expected ${kind.expect}`);
      }
      const used = process.cpuUsage(before);
      const wall = performance.now() - started;
      const threadsAfter = threadCpuMs();
      const cpuMs = (used.user + used.system) / 1000 / CALLS;
      const mainMs = (threadsAfter.main - threadsBefore.main) / CALLS;
      const othersMs = (threadsAfter.others - threadsBefore.others) / CALLS;
      rows.push(
        `${kind.name.padEnd(40)} cpu ${cpuMs.toFixed(2).padStart(6)} ms/call (main thread ${mainMs.toFixed(2)}, other threads ${othersMs.toFixed(2)})  wall ${(wall / CALLS).toFixed(2).padStart(6)} ms/call`,
      );
    }
  } finally {
    await rt.stop();
  }
  console.log(rows.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
