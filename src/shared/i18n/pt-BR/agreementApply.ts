/** The suspense screen's apply dialog, its agreement target (an agreement's installment, by the agreement's number). */
export const agreementApply = {
  target: 'Aplicar a',
  targets: { operation: 'Parcela de operação', agreement: 'Parcela de acordo' },
  agreement: 'Número do acordo',
  agreementHint: 'Ex.: AC-000012 ou 12. O acordo deve ser do mesmo tomador.',
  notFound: 'Acordo não encontrado.',
  option: 'Parcela {{number}} — vence {{due}} — devido {{value}}',
  entry: 'Entrada — vence {{due}} — devido {{value}}',
};
