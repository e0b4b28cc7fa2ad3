/**
 * Every table the code declares, gathered from the areas that own them and
 * from the platform. Areas import their own schema.ts and another area's
 * tables from that area's schema.ts; this list is for what looks at the whole
 * database at once (the schema agreement test).
 */
export * as platformSchema from '../platform/schema';
export * as accessSchema from '../areas/access/schema';
export * as uploadsSchema from '../areas/uploads/schema';
export * as cataloguesSchema from '../areas/catalogues/schema';
export * as interestsSchema from '../areas/catalogues/schema-interests';
export * as companySchema from '../areas/company/schema';
export * as companyParameterChangesSchema from '../areas/company/schema-parameter-changes';
export * as intakeSchema from '../areas/intake/schema';
export * as dashboardSchema from '../areas/intake/schema-dashboard';
export * as bureauSchema from '../areas/bureau/schema';
export * as lgpdSchema from '../areas/lgpd/schema';
export * as messagesSchema from '../areas/messages/schema';
export * as borrowersSchema from '../areas/borrowers/schema';
export * as operationsSchema from '../areas/operations/schema';
export * as approvalsSchema from '../areas/operations/schema-approvals';
export * as servicingSchema from '../areas/servicing/schema';
export * as servicingStatusSchema from '../areas/servicing/schema-status';
export * as collectionSchema from '../areas/collection/schema';
export * as prepaymentSchema from '../areas/collection/schema-prepayment';
export * as installmentMovesSchema from '../areas/collection/schema-moves';
export * as ledgerSchema from '../areas/ledger/schema';
export * as ledgerDailySchema from '../areas/ledger/schema-daily';
export * as ledgerCloseSchema from '../areas/ledger/schema-close';
export * as boletoSchema from '../areas/boletos/schema-boleto';
export * as remittanceSchema from '../areas/bank-files/schema-remittance';
export * as remittanceManualSchema from '../areas/bank-files/schema-remittance-manual';
export * as returnFileSchema from '../areas/bank-files/schema-return';
export * as cessionSchema from '../areas/transfers/schema-cession';
export * as cessionPriceSchema from '../areas/transfers/schema-cession-price';
export * as assigneeTransferSchema from '../areas/transfers/schema-assignee-transfer';
export * as repurchaseSchema from '../areas/transfers/schema-repurchase';
export * as repurchaseCauseSchema from '../areas/transfers/schema-repurchase-causes';
export * as assignmentRemittanceSchema from '../areas/transfers/schema-assignment-remittance';
export * as custodianReturnSchema from '../areas/custodian/schema';
export * as savedReportsSchema from '../areas/reports/schema';
export * as pixSchema from '../areas/pix/schema';
export * as suspenseSchema from '../areas/suspense/schema';
export * as doc3044Schema from '../areas/regulatory/schema-doc3044';
export * as ledgerAccrualSchema from '../areas/ledger/schema-accrual';
export * as collectionsDeskSchema from '../areas/collections-desk/schema';
export * as renegotiationSchema from '../areas/renegotiation/schema';
export * as withdrawalSchema from '../areas/withdrawal/schema';
export * as remindersSchema from '../areas/reminders/schema';
export * as negativationSchema from '../areas/negativation/schema';
export * as lettersSchema from '../areas/letters/schema';
