/** Types of file-exit.js (plain JavaScript: jest loads test environments without a transform). */
export function withFileExit<T extends abstract new (...args: never[]) => { setup(): Promise<void>; teardown(): Promise<void> }>(
  Base: T,
): new (...args: ConstructorParameters<T>) => InstanceType<T>;
