/**
 * The slip of an agreement's installment (renegotiation; the down payment is its installment 0): the same ficha de
 * compensação, nosso número and PDF as an operation installment's (boleto.ts), recorded in boleto_slips with kind
 * 'agreement' (migration 0064) and its Pix charge beside it (areas/pix).
 *
 * - What it asks is renegotiation's (agreementSlipFacts: the agreement's book on the business date): not yet overdue →
 *   what the installment still owes, due on its due date in force, with the original contract's multa and mora (and
 *   the agreement's rate where the contract charges remuneratory interest in delay) as instructions; overdue → an
 *   updated slip due today for everything due today (multa already in it, only the interest keeps running).
 * - One title while nothing changes: the installment's newest slip at the same collecting account with the same
 *   amount, due date and barcode is given again (same nosso número); otherwise a new slip with a newly reserved
 *   sequence, the old one stays recorded.
 * - Locks in the boletos' order: the company's collecting account, then the agreement (renegotiation's advisory lock,
 *   taken by agreementSlipFacts), so two requests for one installment never both issue.
 * - At the bank: the automatic remittance registers it and writes it off (bank-files' remittance-agreement.ts); where
 *   each installment's title stands is bank-files' rule (agreementRegistration below).
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/connect';
import { collectingAccountOf, companyOf, reserveSequences } from '../company';
import { agreementInstallmentOwner, agreementSlipFacts, type AgreementSlipFacts } from '../renegotiation';
import type { Actor } from '../operations';
import { conflict, notFound } from '../../platform/http/errors';
import { agreementRegistrationOf } from '../bank-files';
import type { BoletoRegistration } from '@shared/contract/servicing-boleto';
import { logActivity } from '../../platform/activity';
import { buildBoleto, SEQUENCE_DIGITS } from '../../domain/boleto';
import { calendarDayPt, type BoletoPdfInput } from './boleto-pdf';
import { beneficiaryAddress, BOLETO_MESSAGES, boletoAccount, checkedSlip, payerOf, percent2, type IssuedSlip } from './boleto';
import { boletoSlips, type BoletoSlipRow } from './schema-boleto';
import { agreementDocumentNumber } from '../../domain/servicing/title-document-number';

const brl = (v: { toFixed(n: number): string }) => v.toFixed(2).replace('.', ',');

export { agreementDocumentNumber };

function instructionsOf(f: AgreementSlipFacts, issueDate: string): string[] {
  const lines = [f.number === 0 ? `Entrada do acordo de renegociação nº ${f.agreementId}.` : `Parcela ${f.number}/${f.count} do acordo de renegociação nº ${f.agreementId}.`];
  if (f.overdueSince && f.charges) {
    const c = f.charges;
    lines.push(
      `Boleto atualizado em ${calendarDayPt(issueDate)}: parcela vencida em ${calendarDayPt(f.overdueSince)}; o valor inclui multa de R$ ${brl(c.lateFee)}` +
        (c.contractInterest.isZero() ? ` e juros de mora de R$ ${brl(c.defaultInterest)} até esta data.` : `, juros de mora de R$ ${brl(c.defaultInterest)} e juros do contrato de R$ ${brl(c.contractInterest)} até esta data.`),
    );
  }
  return lines;
}

/** An agreement installment's slip, with the agreement and the installment's number (for the file's name). */
export type AgreementIssuedSlip = IssuedSlip & { agreementId: number; number: number };

/** The slip of an agreement's installment (GET /api/boleto/agreement-installment/:x). */
export async function issueAgreementBoleto(tx: Db, actor: Actor, agreementInstallmentId: number, today: string): Promise<AgreementIssuedSlip> {
  // Read unlocked only to learn the company (so which account to lock first); 404 for an unknown installment.
  const owner = await agreementInstallmentOwner(tx, agreementInstallmentId);
  const account = await collectingAccountOf(tx, owner.companyId, true);
  if (!account) throw conflict(BOLETO_MESSAGES.noAccount, 'bank_account');
  const f = await agreementSlipFacts(tx, agreementInstallmentId, today);
  const company = await companyOf(tx, f.companyId);
  if (!company.legal_name.trim()) throw conflict(BOLETO_MESSAGES.companyData('razão social'), 'company.legal_name');
  if (!company.cnpj) throw conflict(BOLETO_MESSAGES.companyData('CNPJ'), 'company.cnpj');
  const payer = await payerOf(tx, f.borrowerId);
  const bank = boletoAccount(account);
  const [newest] = await tx.select().from(boletoSlips).where(and(eq(boletoSlips.kind, 'agreement'), eq(boletoSlips.agreement_installment_id, agreementInstallmentId))).orderBy(desc(boletoSlips.id)).limit(1);
  let recorded: BoletoSlipRow | null = null;
  if (newest && newest.bank_account_id === account.id && newest.amount === f.amount && newest.due_date === f.dueDate) {
    try {
      if (buildBoleto({ account: bank.account, sequence: newest.sequence, amount: f.amount, dueDate: f.dueDate }).barcode === newest.barcode) recorded = newest;
    } catch {
      recorded = null;
    }
  }
  const issueDate = recorded ? recorded.issued_on : today;
  const input = (sequence: number): BoletoPdfInput => ({
    bank,
    beneficiary: { name: company.legal_name, cnpj: company.cnpj ?? '', address: beneficiaryAddress(company) },
    payer,
    sequence,
    documentNumber: agreementDocumentNumber(f.agreementId, f.number),
    amount: f.amount,
    dueDate: f.dueDate,
    issueDate,
    ...(f.number > 0 ? { installment: { number: f.number, count: f.count } } : {}),
    lateCharges: {
      lateFeePercent: f.overdueSince ? '0.00' : percent2(f.terms.late_fee_percent),
      defaultInterestMonthlyPercent: percent2(f.terms.default_interest_monthly_percent),
      ...(f.terms.remuneratory === 'none' ? {} : { contractMonthlyPercent: percent2(f.terms.contract_monthly_percent), contractCompounded: f.terms.remuneratory === 'compound_daily' }),
    },
    ...(account.pix_key && company.city ? { pix: { key: account.pix_key, city: company.city, txid: `AC${f.agreementId}P${f.installmentId}` } } : {}),
    instructions: instructionsOf(f, issueDate),
  });
  let slip: BoletoSlipRow;
  if (recorded) {
    checkedSlip(input(recorded.sequence));
    slip = recorded;
  } else {
    const sequence = await reserveSequences(tx, account.id, 1);
    if (sequence >= 10 ** SEQUENCE_DIGITS[bank.account.bank]) throw conflict(BOLETO_MESSAGES.sequenceExhausted(SEQUENCE_DIGITS[bank.account.bank]), 'bank_account');
    checkedSlip(input(sequence));
    const codes = buildBoleto({ account: bank.account, sequence, amount: f.amount, dueDate: f.dueDate });
    [slip] = await tx
      .insert(boletoSlips)
      .values({
        kind: 'agreement',
        installment_id: null,
        agreement_installment_id: f.installmentId,
        credit_operation_id: f.operationId,
        bank_account_id: account.id,
        sequence,
        our_number: codes.nossoNumero.printed,
        amount: f.amount,
        due_date: f.dueDate,
        barcode: codes.barcode,
        digitable_line: codes.digitableLine,
        issued_on: today,
        title_version: 0,
        actor_id: actor.id,
      })
      .returning();
  }
  await logActivity(tx, {
    actorId: actor.id,
    action: recorded ? 'boleto.reprint' : 'boleto.issue',
    entity: 'renegotiation',
    entityId: f.agreementId,
    after: { agreement_installment: f.number, bank_account_id: slip.bank_account_id, our_number: slip.our_number, amount: slip.amount, slip_due_date: slip.due_date, digitable_line: slip.digitable_line, reused: recorded !== null },
  });
  return {
    agreementId: f.agreementId,
    number: f.number,
    slip,
    input: input(slip.sequence),
    reused: recorded !== null,
    charge: {
      companyId: f.companyId,
      operationId: f.operationId,
      installmentId: null,
      agreementInstallmentId: f.installmentId,
      slipId: slip.id,
      amount: slip.amount,
      dueDate: slip.due_date,
      multaIncluded: f.overdueSince !== null,
      terms: { late_fee_percent: f.terms.late_fee_percent, default_interest_monthly_percent: f.terms.default_interest_monthly_percent, remuneratory: f.terms.remuneratory },
      payer: { name: payer.name, document: payer.document },
      pixKey: account.pix_key,
      merchantName: company.legal_name,
      merchantCity: company.city,
      description: f.number === 0 ? `Entrada do acordo ${f.agreementId}` : `Parcela ${f.number}/${f.count} do acordo ${f.agreementId}`,
    },
  };
}

/** "boleto-acordo-000012-000.pdf". */
export function agreementBoletoFileName(slip: AgreementIssuedSlip): string {
  return `boleto-acordo-${String(slip.agreementId).padStart(6, '0')}-${String(slip.number).padStart(3, '0')}.pdf`;
}

/** renegotiation's own words for an unknown agreement (the refusals catalogue translates them). */
const AGREEMENT_NOT_FOUND = 'Acordo de renegociação não encontrado.';

/** Where each installment of the agreement has its title registered (bank-files' rule); 404 for an unknown agreement. */
export async function agreementRegistration(db: Db, agreementId: number): Promise<BoletoRegistration[]> {
  const found = await agreementRegistrationOf(db, agreementId);
  if (!found) throw notFound(AGREEMENT_NOT_FOUND);
  return found;
}
