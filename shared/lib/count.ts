/** "1 enquiry", "3 enquiries": a count with its noun. */
export const countText = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
