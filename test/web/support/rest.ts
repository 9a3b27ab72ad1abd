import { createRestClient, type RestClient } from '../../../web/src/lib/rest-client';

/** A JSON answer as the REST API sends it. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * The web's real REST client over a fetch that gives `answer` to every request, signed in with
 * `idToken`: the feature APIs' tests build their API on it and read what was sent from `fetchImpl`.
 */
export function restClientAnswering(answer: Response, idToken = 'id-token-ada'): { client: RestClient; fetchImpl: jest.Mock } {
  const fetchImpl = jest.fn(async (_url: string, _init: RequestInit) => answer);
  const client = createRestClient({
    baseUrl: 'http://127.0.0.1:5181/prod/',
    getIdToken: async () => idToken,
    fetch: fetchImpl as unknown as typeof fetch,
  });
  return { client, fetchImpl };
}

/** The first request the client sent: address, method, headers and the parsed JSON body. */
export function sentRequest(fetchImpl: jest.Mock) {
  const [url, init] = fetchImpl.mock.calls[0] as [string, RequestInit];
  return {
    url,
    method: init.method,
    headers: init.headers as Record<string, string>,
    body: init.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  };
}
