/** "1 review", "3 reviews": a count with its English noun. */
export const plural = (count: number, one: string): string => `${count} ${one}${count === 1 ? '' : 's'}`;
