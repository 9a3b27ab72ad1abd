/** Types of quiet-output.js (plain JavaScript: jest loads test environments without a transform). */
export function withQuietOutput<T extends abstract new (...args: never[]) => object>(
  Base: T,
): new (...args: ConstructorParameters<T>) => InstanceType<T> & { handleTestEvent(event: unknown, state: unknown): Promise<void> };
