/** `items` cut into runs of at most `size`, in order (ids per add or remove call). */
export function inChunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
