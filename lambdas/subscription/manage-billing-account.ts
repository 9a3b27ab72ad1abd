import {
  BillingOverviewResponseSchema,
  INVOICE_ID_PATTERN,
  InvoicePdfResponseSchema,
  UpdateCardRequestSchema,
  UpdateCardResponseSchema,
} from '../shared/contracts/billing-account';
import { accountCode } from '../shared/domain/account-codes';
import { NotFoundError, ValidationError } from '../shared/errors';
import { callerFromEvent } from '../shared/http/caller';
import { byRoute } from '../shared/http/by-route';
import { httpHandler, parseJsonBody, validateBody, type ApiGatewayHandler, type HttpHandlerOptions } from '../shared/http/handler';
import { lazily } from '../shared/lazily';
import { requireActiveUser } from '../shared/users/active-user';
import { createUsersRepository, type UsersRepository } from '../shared/users/users-repository';
import type { BillingPort } from './billing/billing-port';
import { subscriptionEnvironment } from './subscription-dependencies';

/**
 * The subscriber's own billing (signed-in users), one function for three routes:
 * - `GET /user/billing`: the card on file (null when none) and the invoices, newest first;
 * - `PUT /user/billing/card`: body `{ billingToken }` from the card form; answers `{ card }`. A
 *   declined or invalid card is a 400 whose `fields.billingToken` the form shows by the card; a
 *   card the bank wants authenticated is a 402 `three_d_secure_required`, repeated with
 *   `threeDSecureActionResultTokenId` after the challenge;
 * - `GET /user/billing/invoices/{id}/pdf`: `{ fileName, contentType, base64 }`.
 * The account is always the caller's own, derived from their ACTIVE User record, never from the
 * request; an invoice of another account is a 404 exactly as an unknown one. Admins get their
 * own billing too: another user's is read through `GET /user/subscriptions/{id}`.
 */

export interface ManageBillingAccountDependencies {
  readonly billing: BillingPort;
  readonly users: UsersRepository;
  readonly productSlug: string;
}

export const BILLING_ACCOUNT_ROUTES = {
  overview: 'GET /user/billing',
  updateCard: 'PUT /user/billing/card',
  invoicePdf: 'GET /user/billing/invoices/{id}/pdf',
} as const;

export const INVOICE_ID_MESSAGE = 'The invoice id must be 1 to 40 lowercase letters or digits.';

export function createManageBillingAccountHandler(
  dependencies: () => ManageBillingAccountDependencies,
  options?: HttpHandlerOptions,
): ApiGatewayHandler {
  return httpHandler(async ({ event }) => {
    const caller = callerFromEvent(event);
    const route = `${event.httpMethod} ${event.resource}`;
    const deps = dependencies();
    // Checked before any read, so a malformed request costs no lookup.
    const invoiceId = route === BILLING_ACCOUNT_ROUTES.invoicePdf ? readInvoiceId(event.pathParameters?.id) : undefined;
    const cardRequest =
      route === BILLING_ACCOUNT_ROUTES.updateCard ? validateBody(parseJsonBody(event), UpdateCardRequestSchema) : undefined;
    const user = await requireActiveUser(deps.users, caller);
    const code = accountCode(deps.productSlug, user.id);

    if (route === BILLING_ACCOUNT_ROUTES.overview) {
      const [card, invoices] = await Promise.all([deps.billing.getCardOnFile(code), deps.billing.listInvoices(code)]);
      return { body: BillingOverviewResponseSchema.parse({ card: card ?? null, invoices }) };
    }
    if (cardRequest) {
      const card = await deps.billing.updateCardOnFile(code, cardRequest.billingToken, {
        threeDSecureActionResultTokenId: cardRequest.threeDSecureActionResultTokenId,
      });
      return { body: UpdateCardResponseSchema.parse({ card }) };
    }
    if (invoiceId) {
      const pdf = await deps.billing.getInvoicePdf(code, invoiceId);
      return {
        body: InvoicePdfResponseSchema.parse({
          fileName: `invoice-${invoiceId}.pdf`,
          contentType: 'application/pdf',
          base64: Buffer.from(pdf).toString('base64'),
        }),
      };
    }
    // Only the three routes above are wired to this function.
    throw new NotFoundError('Not found.', { code: 'unknown_route' });
  }, options);
}

function readInvoiceId(raw: string | undefined): string {
  const id = raw?.trim() ?? '';
  if (!INVOICE_ID_PATTERN.test(id))
    throw new ValidationError(INVOICE_ID_MESSAGE, { id: INVOICE_ID_MESSAGE }, { code: 'invalid_invoice_id' });
  return id;
}

const environment = lazily(() => {
  const env = subscriptionEnvironment({ requireSubscriptionsTable: false });
  return { env, users: createUsersRepository({ client: env.client, tableName: env.usersTable }) };
});
const billingAccount = createManageBillingAccountHandler(() => {
  const { env, users } = environment();
  return { billing: env.billing, users, productSlug: env.productSlug };
});

/** The Lambda entry point: the three routes above (`GET /user/organization` moved to the team function). */
export const handler = byRoute({
  ...Object.fromEntries(Object.values(BILLING_ACCOUNT_ROUTES).map((route) => [route, billingAccount])),
});
