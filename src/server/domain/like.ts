/** Escapes user text for a LIKE/ILIKE "contains" pattern, so % and _ match themselves. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
