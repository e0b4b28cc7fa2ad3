/** The suspense screen's apply dialog, its agreement target (an agreement's installment, by the agreement's number). */
export const agreementApply = {
  target: 'Apply to',
  targets: { operation: "An operation's installment", agreement: "An agreement's installment" },
  agreement: 'Agreement number',
  agreementHint: "E.g. AC-000012 or 12. The agreement must be the same borrower's.",
  notFound: 'Agreement not found.',
  option: 'Installment {{number}} — due {{due}} — owed {{value}}',
  entry: 'Down payment — due {{due}} — owed {{value}}',
};
