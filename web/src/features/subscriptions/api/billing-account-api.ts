import type { BillingOverviewResponse, InvoicePdfResponse, UpdateCardRequest, UpdateCardResponse } from '@contracts/billing-account';
import { FALLBACK_ERROR_MESSAGE } from '../../../config/constants';
import type { RuntimeConfig } from '../../../config/runtime-config';
import { createAppRestClient, RestApiError, type RestClient } from '../../../lib/rest-client';

/**
 * The subscriber's own billing on the REST API: the card on file, its update and the invoices.
 * Every implementation rejects with a {@link RestApiError}. The app uses
 * {@link createRestBillingAccountApi}; tests pass a fake through the app's ports.
 */
export interface BillingAccountApi {
  /** `GET /user/billing`: the card on file (null when none) and the invoices, newest first. */
  getOverview(): Promise<BillingOverviewResponse>;
  /** `PUT /user/billing/card`: replaces the card with the one behind the card form's token. */
  updateCard(billingToken: string, threeDSecureActionResultTokenId?: string): Promise<UpdateCardResponse>;
  /** `GET /user/billing/invoices/{id}/pdf`: the invoice's PDF, as bytes. */
  getInvoicePdf(invoiceId: string): Promise<Blob>;
}

function malformed(what: string, payload: unknown): RestApiError {
  return new RestApiError(200, 'MALFORMED_RESPONSE', FALLBACK_ERROR_MESSAGE, {}, { what, payload });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Base64 to bytes, without a dependency (atob is in every browser). */
function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/*
 * Answers are checked for their outline only (the contract's types describe the rest), as in
 * billing-api.ts: the full zod build would add about 20 kB gzip to the account page.
 */

export function createRestBillingAccountApi(config: RuntimeConfig, client: RestClient = createAppRestClient(config)): BillingAccountApi {
  return {
    async getOverview() {
      const payload = await client.get<unknown>('user/billing');
      if (!isObject(payload) || !Array.isArray(payload.invoices) || !('card' in payload)) throw malformed('billing', payload);
      return payload as unknown as BillingOverviewResponse;
    },
    async updateCard(billingToken, threeDSecureActionResultTokenId) {
      const body: UpdateCardRequest = { billingToken, ...(threeDSecureActionResultTokenId ? { threeDSecureActionResultTokenId } : {}) };
      const payload = await client.request<unknown>('PUT', 'user/billing/card', { body });
      if (!isObject(payload) || !isObject(payload.card)) throw malformed('card', payload);
      return payload as unknown as UpdateCardResponse;
    },
    async getInvoicePdf(invoiceId) {
      const payload = await client.get<unknown>(`user/billing/invoices/${encodeURIComponent(invoiceId)}/pdf`);
      if (!isObject(payload) || typeof payload.base64 !== 'string') throw malformed('invoice PDF', payload);
      const { base64, contentType } = payload as unknown as InvoicePdfResponse;
      return new Blob([bytesOf(base64)], { type: contentType });
    },
  };
}
