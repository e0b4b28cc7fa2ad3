/**
 * Masks an e-mail for display to someone who only holds a recovery code:
 * first character of the local part, stars, and the domain.
 *   ana.souza@empresa.com.br -> a********@empresa.com.br
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const stars = '*'.repeat(Math.max(3, local.length - 1));
  return `${local[0]}${stars}@${domain}`;
}
