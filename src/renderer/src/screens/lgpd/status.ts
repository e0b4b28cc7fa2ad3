/** Colour of a request's status tag. */
import type { Intent } from '@blueprintjs/core';
import type { LgpdStatus } from '@shared/contract';

export function statusIntent(status: LgpdStatus): Intent {
  if (status === 'aberto') return 'warning';
  if (status === 'concluido') return 'success';
  return 'danger';
}

/** The typed confirmation of the erase: the person's e-mail (any case) or the fixed word. */
export function erasureConfirmed(typed: string, email: string | null | undefined, word: string): boolean {
  const value = typed.trim();
  if (!value) return false;
  if (value === word) return true;
  return !!email && value.toLowerCase() === email.trim().toLowerCase();
}
