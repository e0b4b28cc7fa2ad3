/** 'new' → create; a positive integer → edit; anything else → not a user. */
export function parseFormParam(form: string | undefined): { mode: 'create' } | { mode: 'edit'; id: number } | { mode: 'invalid' } {
  if (form === 'new') return { mode: 'create' };
  const id = Number(form);
  return Number.isInteger(id) && id > 0 ? { mode: 'edit', id } : { mode: 'invalid' };
}
