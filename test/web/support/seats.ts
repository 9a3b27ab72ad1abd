import type { OrganizationResponse } from '@contracts/organization';
import type { SeatChangePreview } from '@contracts/seats';
import type { SeatsApi } from '../../../web/src/features/subscriptions/api/seats-api';
import { RestApiError } from '../../../web/src/lib/rest-client';

/** The seats port of a person in no firm (the account page then shows no seats). */
export function noFirmSeats(): SeatsApi {
  const none = async () => {
    throw new RestApiError(404, 'organization_not_found', 'You are not part of a team yet.');
  };
  return { getOrganization: async () => null, previewSeats: none, changeSeats: none };
}

/** A firm as `GET /user/organization` answers it, seen by a member in `role`. */
export function firmAs(role: OrganizationResponse['role'], seats: { total: number; inUse: number }): OrganizationResponse {
  return {
    organization: { id: 'firm-1', name: 'Harbor Staffing', ownerId: 'owner-1' },
    role,
    seats: { ...seats, free: Math.max(0, seats.total - seats.inUse) },
    members: [],
    invitations: role === 'recruiter' ? null : [],
  };
}

/**
 * A firm's seats on a $49 plan, in the server's terms: a preview prorates nothing (the free trial)
 * unless `chargedNow` is set; below the seats in use is the server's 409; a change sets the seats.
 */
export class FakeSeats {
  organization: OrganizationResponse;
  chargedNow = 0;
  readonly changes: { readonly request: Parameters<SeatsApi['changeSeats']>[0]; readonly idempotencyKey: string }[] = [];

  constructor(organization: OrganizationResponse) {
    this.organization = organization;
  }

  preview(seats: number): SeatChangePreview {
    const { total, inUse } = this.organization.seats;
    return {
      currentSeats: total,
      seats,
      seatsInUse: inUse,
      currency: 'USD',
      unitAmount: 49,
      currentRecurringTotal: 49 * total,
      recurringTotal: 49 * seats,
      chargedNow: seats > total ? this.chargedNow : 0,
      creditedNow: 0,
    };
  }

  api(): SeatsApi & { readonly [K in keyof SeatsApi]: jest.Mock } {
    return {
      getOrganization: jest.fn(async () => this.organization),
      previewSeats: jest.fn(async (seats: number) => {
        const { inUse } = this.organization.seats;
        if (seats < inUse)
          throw new RestApiError(
            409,
            'seats_in_use',
            `${inUse} seats are in use (members and pending invitations): revoke invitations or remove members before going below ${inUse}.`,
          );
        return this.preview(seats);
      }),
      changeSeats: jest.fn(async (request, idempotencyKey: string) => {
        this.changes.push({ request, idempotencyKey });
        this.organization = { ...this.organization, seats: { ...this.organization.seats, total: request.seats } };
        return { outcome: 'changed' as const, seats: request.seats, subscription: {} as never };
      }),
    };
  }
}
