import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { AtsError, type AtsCredentials } from '../../../lambdas/ats/ats-port';
import { createConnector } from '../../../lambdas/ats/connectors';
import { ATS_DEMO_CREDENTIALS, atsKeyFile, prepareLocalAts, startAtsStandIns, type AtsStandIns } from '../../../local/ats/ats-stand-ins';
import { LocalRuntimeError } from '../../../local/errors';
import { ATS_PORT_NAMES, type AtsPortName } from '../../../local/ports';
import { readAllPages } from '../../lambdas/ats/support/connector-calls';
import { temporaryFolder } from '../support/local-services';

/**
 * The ATS stand-ins of `npm start`, over real HTTP on 127.0.0.1: each fake opens its demo account
 * to the product's own connector with the printed demo key, refuses any other key as its vendor
 * does, and a busy port or a damaged key file is one clear message.
 */

const FREE = { greenhouse: 0, lever: 0, workable: 0, crelate: 0 };
const NO_RETRY = { maxAttempts: 1, sleep: async () => undefined };
let standIns: AtsStandIns;

beforeAll(async () => {
  standIns = await startAtsStandIns({ ports: FREE, now: new Date('2026-11-26T12:00:00Z') });
});
afterAll(() => standIns.stop());

const connector = (name: AtsPortName, credentials: AtsCredentials = ATS_DEMO_CREDENTIALS[name]) =>
  createConnector(credentials, { baseUrls: standIns.baseUrls, ...NO_RETRY });

describe('the ATS stand-ins', () => {
  it.each(ATS_PORT_NAMES)(
    'opens the demo %s account to its connector with the demo key: jobs, candidates and applications',
    async (name) => {
      const { accountName } = await connector(name).testConnection();
      expect(accountName === null || typeof accountName === 'string').toBe(true);
      const ats = connector(name);
      const [jobs, candidates, applications] = await Promise.all([
        readAllPages((options) => ats.listJobs(options)),
        readAllPages((options) => ats.listCandidates(options)),
        readAllPages((options) => ats.listApplications(options)),
      ]);
      expect([jobs.items.length, candidates.items.length, applications.items.length].every((count) => count > 0)).toBe(true);
      expect(new Set(applications.items.map((application) => application.status)).size).toBeGreaterThan(1);
      expect(standIns.baseUrls[name]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    },
  );

  it.each(ATS_PORT_NAMES)(
    'refuses another %s key with the ATS’s 401, which the connector reports as a credentials problem',
    async (name) => {
      const demo: AtsCredentials = ATS_DEMO_CREDENTIALS[name];
      // Greenhouse's secret is its second credential; its first names the client and user.
      const wrong = name === 'greenhouse' ? { ...demo, apikey2: `${demo.apikey2}-wrong` } : { ...demo, apikey1: `${demo.apikey1}-wrong` };
      const error = await connector(name, wrong)
        .testConnection()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AtsError);
      expect((error as AtsError).reason).toBe('credentials');
    },
  );

  it('answers 401 in each vendor’s own words, and only GET', async () => {
    const answers = await Promise.all([
      fetch(`${standIns.baseUrls.greenhouse}/jobs`, { headers: { authorization: 'Bearer nope' } }),
      fetch(`${standIns.baseUrls.lever}/postings`),
      fetch(`${standIns.baseUrls.workable.replace('{subdomain}', 'groove-tech')}/jobs`, { headers: { authorization: 'Bearer nope' } }),
      fetch(`${standIns.baseUrls.crelate}/jobs`, { headers: { 'x-api-key': 'nope' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401]);
    expect(await answers[0].json()).toEqual({ error: 'Unauthorized', message: 'Invalid or expired token' });
    const post = await fetch(`${standIns.baseUrls.greenhouse}/jobs`, {
      method: 'POST',
      headers: { authorization: 'Bearer nope' },
    });
    expect(post.status).toBe(405);
  });

  it('needs the Workable demo subdomain beside the token', async () => {
    expect(ATS_DEMO_CREDENTIALS.workable.apikey2).toBe('groove-tech');
    const error = await connector('workable', { ...ATS_DEMO_CREDENTIALS.workable, apikey2: 'other-team' })
      .testConnection()
      .catch((caught: unknown) => caught);
    expect((error as AtsError).reason).toBe('account');
  });

  it('fails with the runtime’s one-line message when a port is busy, and leaves no fake running', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const busyPort = (blocker.address() as net.AddressInfo).port;
    try {
      await expect(startAtsStandIns({ ports: { ...FREE, lever: busyPort } })).rejects.toThrow(
        new LocalRuntimeError(`Port ${busyPort} is already in use (fake Lever). Stop the other process or set LOCAL_LEVER_PORT.`),
      );
    } finally {
      blocker.close();
    }
  });
});

describe('prepareLocalAts', () => {
  it('creates the credential key 0600 in the data folder, keeps it across starts, and refuses a damaged one with a clear message', async () => {
    const dataDir = temporaryFolder('local-ats');
    try {
      const first = await prepareLocalAts({ ports: FREE, dataDir: dataDir.path });
      await first.stop();
      expect(first.keyFile).toBe(path.join(dataDir.path, 'ats-credentials.key'));
      expect(atsKeyFile(dataDir.path)).toBe(first.keyFile);
      expect(fs.statSync(first.keyFile).mode & 0o777).toBe(0o600);
      const key = fs.readFileSync(first.keyFile);

      const second = await prepareLocalAts({ ports: FREE, dataDir: dataDir.path });
      await second.stop();
      expect(fs.readFileSync(second.keyFile)).toEqual(key);

      fs.writeFileSync(first.keyFile, 'not a key', { mode: 0o600 });
      await expect(prepareLocalAts({ ports: FREE, dataDir: dataDir.path })).rejects.toThrow(LocalRuntimeError);
      await expect(prepareLocalAts({ ports: FREE, dataDir: dataDir.path })).rejects.toThrow(/start with --reset/);
    } finally {
      dataDir.remove();
    }
  });

  it('keeps the key in a temporary folder, removed at stop, when there is no data folder', async () => {
    const ats = await prepareLocalAts({ ports: FREE, dataDir: undefined });
    expect(fs.existsSync(ats.keyFile)).toBe(true);
    await ats.stop();
    expect(fs.existsSync(path.dirname(ats.keyFile))).toBe(false);
  });
});
