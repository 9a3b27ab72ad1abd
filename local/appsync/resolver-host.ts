import { randomUUID } from 'node:crypto';
import { convertToAttr, marshall } from '@aws-sdk/util-dynamodb';
import type { AppSyncErrorDetails, AuthMode, ResolverHost } from './host-bridge';

/** What one handler call (request or response) collected besides its outcome. */
export interface InvocationState {
  readonly authMode: AuthMode;
  readonly appendedErrors: AppSyncErrorDetails[];
}

const MARSHALL_OPTIONS = { removeUndefinedValues: true, convertClassInstanceToMap: true } as const;

/**
 * The host side of the shim: marshalling with `@aws-sdk/util-dynamodb` (what `util.dynamodb`
 * does in AppSync), UUIDs from node:crypto, and the state of the handler call in progress.
 * Handlers run synchronously, so one "current invocation" slot per resolver context is enough.
 */
export class LocalResolverHost implements ResolverHost {
  private current: InvocationState | undefined;

  toMapValues(value: Record<string, unknown>): Record<string, unknown> {
    return marshall(value, MARSHALL_OPTIONS) as Record<string, unknown>;
  }

  toAttributeValue(value: unknown): unknown {
    return convertToAttr(value, MARSHALL_OPTIONS);
  }

  randomUUID(): string {
    return randomUUID();
  }

  appendError(error: AppSyncErrorDetails): void {
    this.state().appendedErrors.push(error);
  }

  authMode(): AuthMode {
    return this.state().authMode;
  }

  /** Opens the state of a handler call; {@link end} closes it and returns what was collected. */
  begin(authMode: AuthMode): void {
    this.current = { authMode, appendedErrors: [] };
  }

  end(): InvocationState {
    const state = this.state();
    this.current = undefined;
    return state;
  }

  private state(): InvocationState {
    if (!this.current) throw new Error('No resolver handler is running.');
    return this.current;
  }
}
