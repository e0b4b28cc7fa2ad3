/**
 * Negativação's refusals, each saying what to fix. The refusals catalogue (`refusals.ts` of each language in shared/i18n, `negativation`)
 * says them again in English; tests/unit/shared/server-refusals.test.ts walks this set.
 */
export const NEGATIVATION_MESSAGES = {
  installmentNotFound: 'Parcela não encontrada.',
  recordNotFound: 'Registro de negativação não encontrado.',
  notOpen: 'A parcela não está em aberto (paga, renegociada ou fora da cobrança): não há dívida a negativar.',
  protest: (days: number) => `O título desta parcela declara protesto após ${days} dias: ele vai a cartório, não ao birô. Altere os dados do título para negativar.`,
  tooEarly: (daysLate: number, after: number, due: string) => `A parcela está ${daysLate} dia(s) em atraso; só pode ser negativada após ${after} dias do vencimento (${due}).`,
  addressMissing: (labels: readonly string[]) =>
    `Não é possível negativar: endereço do tomador incompleto (falta: ${labels.join(', ')}). Complete o cadastro do tomador: o birô envia a notificação prévia por carta a esse endereço (CDC art. 43 §2º).`,
  alreadySent: 'Esta parcela já foi enviada ao birô e o registro está em aberto.',
  providerFailed: (text: string) => `O birô não recebeu a negativação: ${text}. Tente de novo mais tarde.`,
} as const;
