import type { OrganizationResponse } from '@contracts/organization';
import type { SeatChangePreview, SeatChangeRequest, SeatChangeResponse } from '@contracts/seats';
import { FALLBACK_ERROR_MESSAGE } from '../../../config/constants';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient } from '../../../lib/rest-client';

/**
 * The firm's seats on the REST API (issue 18): the seats are the quantity of the firm's
 * subscription. Every implementation rejects with a {@link RestApiError}. The app uses
 * {@link createRestSeatsApi}; tests pass a fake through the app's ports.
 */
export interface SeatsApi {
  /** `GET /user/organization`: the caller's firm, role and seats; null when they are in none (404). */
  getOrganization(): Promise<OrganizationResponse | null>;
  /** `POST /user/organization/seats/preview`: the new price and what is charged or credited now. */
  previewSeats(seats: number): Promise<SeatChangePreview>;
  /** `POST /user/organization/seats`: the change at the confirmed price, once per `idempotencyKey`. */
  changeSeats(request: SeatChangeRequest, idempotencyKey: string): Promise<SeatChangeResponse>;
}

function malformed(what: string, payload: unknown): RestApiError {
  return new RestApiError(200, 'MALFORMED_RESPONSE', FALLBACK_ERROR_MESSAGE, {}, { what, payload });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

// Answers are checked for their outline only, as in billing-api.ts (the full zod build is ~20 kB gzip).

export function createRestSeatsApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): SeatsApi {
  return {
    async getOrganization() {
      let payload: unknown;
      try {
        payload = await client.get<unknown>('user/organization');
      } catch (error) {
        if (error instanceof RestApiError && error.status === 404) return null;
        throw error;
      }
      if (!isObject(payload) || !isObject(payload.seats) || typeof payload.role !== 'string') throw malformed('organization', payload);
      return payload as unknown as OrganizationResponse;
    },
    async previewSeats(seats) {
      const payload = await client.post<unknown>('user/organization/seats/preview', { seats });
      if (!isObject(payload) || typeof payload.recurringTotal !== 'number' || typeof payload.chargedNow !== 'number')
        throw malformed('seat preview', payload);
      return payload as unknown as SeatChangePreview;
    },
    async changeSeats(request, idempotencyKey) {
      const payload = await client.post<unknown>('user/organization/seats', request, { headers: { 'Idempotency-Key': idempotencyKey } });
      if (!isObject(payload) || typeof payload.seats !== 'number' || !isObject(payload.subscription))
        throw malformed('seat change', payload);
      return payload as unknown as SeatChangeResponse;
    },
  };
}
