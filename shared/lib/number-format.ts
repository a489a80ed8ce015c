/**
 * An Intl.NumberFormat made on first use. The first formatter a page makes loads the locale's data, about
 * 20 ms of a fresh page's main thread in Lighthouse's trace: modules the public pages' enhancement script
 * includes must not pay it while loading, only when they format a number.
 */
export function lazyNumberFormat(locale: string, options: Intl.NumberFormatOptions): { format(value: number): string } {
  let made: Intl.NumberFormat | undefined;
  return {
    format(value) {
      made ??= new Intl.NumberFormat(locale, options);
      return made.format(value);
    },
  };
}
