/**
 * A `runSync` deadline spent once `pages` pages were read: the engine asks it once before each
 * page, so the call reads exactly that many (a time budget in pages, without a clock).
 */
export function afterPages(pages: number): () => boolean {
  let asked = 0;
  return () => asked++ >= pages;
}
