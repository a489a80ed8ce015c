/**
 * Work done at most `max` at a time, the rest waiting their turn, first come first served. Making a PDF holds
 * a document (and for a datasheet a picture) in memory on the server's one thread: a burst of requests is
 * made a few at a time instead of all at once.
 */
export function inTurn(max: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
