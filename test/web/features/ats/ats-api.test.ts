/** @jest-environment ./test/support/backend-environment.js */
import { createRestAtsApi, isSubscriptionRequired } from '../../../../web/src/features/ats/api/ats-api';
import { RestApiError } from '../../../../web/src/lib/rest-client';
import { atsCandidate, atsJob, atsOptions, greenhouseConnection, idleSync, trainedPrediction } from '../../support/ats';
import { jsonResponse, restClientAnswering, sentRequest } from '../../support/rest';
import { testConfig } from '../../support/config';

/** The ATS API over the real REST client, against a fake HTTP answer. */
function atsApi(answer: Response) {
  const { client, fetchImpl } = restClientAnswering(answer);
  return { api: createRestAtsApi(testConfig(), client), fetchImpl };
}

const connectionAnswer = { connection: greenhouseConnection(), sync: idleSync(), options: atsOptions() };

describe('the ATS API', () => {
  it('posts the connection with the id token and reads the masked view', async () => {
    const { api, fetchImpl } = atsApi(jsonResponse(200, connectionAnswer));
    const request = { atsname: 'greenhouse', apikeytype: 'basic', apikey1: 'gh-key-abcd1234', apikey2: null } as const;
    await expect(api.connect(request)).resolves.toEqual(connectionAnswer);
    expect(sentRequest(fetchImpl)).toMatchObject({ url: 'http://127.0.0.1:5181/prod/ats/connection', method: 'POST', body: request });
    expect(sentRequest(fetchImpl).headers.Authorization).toBe('id-token-ada');
  });

  it.each([
    ['getConnection', 'GET', 'ats/connection', connectionAnswer],
    ['disconnect', 'POST', 'ats/connection/remove', { ...connectionAnswer, connection: null }],
    [
      'testConnection',
      'POST',
      'ats/connection/test',
      { ok: true, accountName: null, message: 'It works.', testedAt: '2026-11-24T15:00:00.000Z' },
    ],
    ['sync', 'POST', 'ats/sync', { outcome: 'partial', sync: idleSync({ state: 'partial' }) }],
  ] as const)('%s calls %s /%s, without a body', async (method, verb, path, answer) => {
    const { api, fetchImpl } = atsApi(jsonResponse(200, answer));
    await expect(api[method]()).resolves.toEqual(answer);
    expect(sentRequest(fetchImpl)).toMatchObject({ url: `http://127.0.0.1:5181/prod/${path}`, method: verb, body: undefined });
    expect(sentRequest(fetchImpl).headers.Authorization).toBe('id-token-ada');
  });

  it('reads a sync from an API deployed before skipped records were counted as nothing skipped', async () => {
    const { skippedReasons: _reasons, ...before } = idleSync({ state: 'complete' });
    const counts = { jobs: { read: 2, stored: 2 }, candidates: { read: 3, stored: 3 }, applications: { read: 4, stored: 4 } };
    const { api } = atsApi(jsonResponse(200, { outcome: 'complete', sync: { ...before, counts } }));

    const answer = await api.sync();

    expect(answer.sync.skippedReasons).toEqual([]);
    expect(answer.sync.counts).toEqual({
      jobs: { read: 2, stored: 2, skipped: 0 },
      candidates: { read: 3, stored: 3, skipped: 0 },
      applications: { read: 4, stored: 4, skipped: 0 },
    });
  });

  it('reads a sync from an API deployed before notices as none, and keeps only distinct text of one that sends them', async () => {
    const { notices: _notices, ...before } = idleSync({ state: 'complete' });
    const old = atsApi(jsonResponse(200, { outcome: 'complete', sync: before }));
    expect((await old.api.sync()).sync.notices).toEqual([]);

    const archive = 'Lever did not let this API key read archive reasons.';
    const { api } = atsApi(jsonResponse(200, { connection: null, options: [], sync: { ...before, notices: [archive, 42, archive, ''] } }));
    expect((await api.getConnection()).sync.notices).toEqual([archive]);
  });

  it('lists jobs, the candidates of a job by its id, and predicts for a job', async () => {
    const jobs = atsApi(jsonResponse(200, { jobs: [atsJob(), { nonsense: true }] }));
    await expect(jobs.api.listJobs()).resolves.toEqual([atsJob()]);
    expect(sentRequest(jobs.fetchImpl).url).toBe('http://127.0.0.1:5181/prod/ats/jobs');

    const candidates = atsApi(jsonResponse(200, { candidates: [atsCandidate(1)] }));
    await expect(candidates.api.listCandidates('gh 4001')).resolves.toEqual([atsCandidate(1)]);
    expect(sentRequest(candidates.fetchImpl).url).toBe('http://127.0.0.1:5181/prod/ats/candidates?jobId=gh+4001');

    const predicted = atsApi(jsonResponse(200, trainedPrediction()));
    await expect(predicted.api.predict('gh-4001')).resolves.toEqual(trainedPrediction());
    expect(sentRequest(predicted.fetchImpl)).toMatchObject({
      url: 'http://127.0.0.1:5181/prod/ats/predict',
      method: 'POST',
      body: { jobId: 'gh-4001' },
    });
  });

  it('treats an answer that is not the contract’s shape as a failure', async () => {
    await expect(atsApi(jsonResponse(200, { connection: null })).api.getConnection()).rejects.toBeInstanceOf(RestApiError);
    await expect(atsApi(jsonResponse(200, { outcome: 'complete' })).api.sync()).rejects.toBeInstanceOf(RestApiError);
    await expect(atsApi(jsonResponse(200, '<html>')).api.listJobs()).rejects.toBeInstanceOf(RestApiError);
  });

  it('recognises the refusal of a user without a live subscription', async () => {
    const { api } = atsApi(jsonResponse(403, { message: 'This needs a live subscription.', code: 'subscription_required' }));
    const refusal = await api.getConnection().catch((error: unknown) => error);
    expect(isSubscriptionRequired(refusal)).toBe(true);
    expect(isSubscriptionRequired(new RestApiError(403, 'FORBIDDEN', 'No.'))).toBe(false);
  });
});
