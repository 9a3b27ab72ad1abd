/** Resolves a handler's dependencies on first use and keeps them for the container's life. */
export function lazily<T>(build: () => T): () => T {
  let built: T | undefined;
  return () => (built ??= build());
}
