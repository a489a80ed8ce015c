import { markPageDegraded } from "../../server/cache/page-cache";
import { errorFields, log } from "../../server/log";

/**
 * Runs a loader read; if it fails the page still renders with `fallback` and `failed: true`, so it can
 * show its empty or fallback state (SPEC §4, §8) instead of an error page. The failure is logged.
 */
export async function orFallback<T>(what: string, read: () => Promise<T>, fallback: T): Promise<{ value: T; failed: boolean }> {
  try {
    return { value: await read(), failed: false };
  } catch (err) {
    log.error(`could not load ${what}`, errorFields(err));
    markPageDegraded(); // a page with fallback content must not be kept in the page cache
    return { value: fallback, failed: true };
  }
}
