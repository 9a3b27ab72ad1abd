import { ValidationError } from '../../shared/errors';
import * as z from '../../shared/zod';

/**
 * Recurly's JSON webhook notification (API v2021-02-25 sites): a light payload naming the event
 * and the object; the object itself is fetched from the API. For subscriptions:
 * `{ "id": "<notification id>", "object_type": "subscription", "site_id": "…",
 *    "event_type": "created" | "updated" | "canceled" | "expired" | "renewed" | …,
 *    "event_time": "2022-07-26T22:01:56Z", "uuid": "<subscription uuid>" }`.
 * Unknown fields are kept out of our way (Recurly adds fields without notice).
 */
export const RecurlyNotificationSchema = z.looseObject({
  /** The notification's id; the same on every retry of this notification. */
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,100}$/, 'id must be a notification id')),
  object_type: z.string().check(z.minLength(1), z.maxLength(100)),
  event_type: z.optional(z.string().check(z.maxLength(100))),
  event_time: z.optional(z.string().check(z.maxLength(64))),
  site_id: z.optional(z.string().check(z.maxLength(100))),
  uuid: z.optional(z.string().check(z.maxLength(100))),
});
export type RecurlyNotification = z.infer<typeof RecurlyNotificationSchema>;

/** Subscription uuids as Recurly writes them: 32 hexadecimal digits. */
export const SUBSCRIPTION_UUID_PATTERN = /^[0-9a-f]{32}$/i;

/** Recurly's API takes `uuid-<uuid>` wherever it takes a subscription id. */
export function subscriptionIdForUuid(uuid: string): string {
  return `uuid-${uuid.toLowerCase()}`;
}

export const MISSING_UUID_MESSAGE = 'A subscription notification must name the subscription (uuid).';

/** The subscription a notification names; a ValidationError (400 at the endpoint) when it names none. */
export function requireSubscriptionUuid(notification: RecurlyNotification): string {
  const uuid = notification.uuid;
  if (!uuid || !SUBSCRIPTION_UUID_PATTERN.test(uuid))
    throw new ValidationError(MISSING_UUID_MESSAGE, { uuid: MISSING_UUID_MESSAGE }, { code: 'invalid_notification' });
  return uuid;
}

/** Whether the notification is about a subscription (the only ones we act on; others are ignored). */
export function isSubscriptionNotification(notification: RecurlyNotification): boolean {
  return notification.object_type === 'subscription';
}
