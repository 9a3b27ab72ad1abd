import type { AccountView, SubscriptionView, UserSubscriptionsResponse } from '@contracts/subscriptions';

export type SubscriptionsStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The signed-in user's subscriptions and billing account (spec section 4): fetched when the
 * database user exists; on failure the error is stored and the list emptied. `lookupId` is the
 * id the data belongs to, so another user's (or an old lookup's) data never shows.
 */
export interface SubscriptionsState {
  readonly lookupId: string | null;
  readonly status: SubscriptionsStatus;
  readonly subscriptions: readonly SubscriptionView[];
  readonly account: AccountView | null;
  readonly error: string | null;
  /** Counts stored errors, so each failure is reported once. */
  readonly errorSeq: number;
}

export type SubscriptionsAction =
  | { readonly type: 'reset' }
  /** A fetch started; `keep` leaves the current data shown while it runs (a refresh). */
  | { readonly type: 'loading'; readonly lookupId: string; readonly keep: boolean }
  | { readonly type: 'loaded'; readonly lookupId: string; readonly response: UserSubscriptionsResponse }
  | { readonly type: 'failed'; readonly lookupId: string; readonly message: string }
  /** The API answered a change with the subscription as it is now (create, change, cancel, reactivate). */
  | { readonly type: 'subscriptionChanged'; readonly subscription: SubscriptionView };

export const initialSubscriptionsState: SubscriptionsState = {
  lookupId: null,
  status: 'idle',
  subscriptions: [],
  account: null,
  error: null,
  errorSeq: 0,
};

/** The transitions of the subscriptions state. Pure: the REST calls live in the provider. */
export function subscriptionsReducer(state: SubscriptionsState, action: SubscriptionsAction): SubscriptionsState {
  switch (action.type) {
    case 'reset':
      return { ...initialSubscriptionsState, errorSeq: state.errorSeq };
    case 'loading':
      if (action.keep && state.lookupId === action.lookupId && state.status === 'ready') return state;
      return { ...state, lookupId: action.lookupId, status: 'loading', subscriptions: [], account: null, error: null };
    case 'loaded':
      return {
        ...state,
        lookupId: action.lookupId,
        status: 'ready',
        subscriptions: action.response.subscriptions,
        account: action.response.account,
        error: null,
      };
    case 'failed':
      return {
        ...state,
        lookupId: action.lookupId,
        status: 'error',
        subscriptions: [],
        account: null,
        error: action.message,
        errorSeq: state.errorSeq + 1,
      };
    case 'subscriptionChanged': {
      if (state.lookupId === null) return state;
      const others = state.subscriptions.filter((subscription) => subscription.id !== action.subscription.id);
      const replaced = others.length < state.subscriptions.length;
      const subscriptions = replaced
        ? state.subscriptions.map((subscription) => (subscription.id === action.subscription.id ? action.subscription : subscription))
        : [action.subscription, ...state.subscriptions];
      return { ...state, status: 'ready', subscriptions, error: null };
    }
  }
}
