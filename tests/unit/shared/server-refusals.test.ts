/**
 * Every refusal a person can meet in the money areas (payments, reversals, prepayment, write-off, cession, repurchase,
 * suspense, remittances and returns, boletos, Pix, four eyes) reaches an English screen in English: the walk calls
 * each message of those areas' message sets — every text, every function with samples of what varies (each status,
 * cause and kind it can name) — and reads it through the main process as a 409 on an English screen. A message no
 * catalogue template declares comes back as the server wrote it and fails here; a Portuguese screen gets it unchanged.
 */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { portugueseWords } from '../../helpers/portuguese';
import { failureFromResponse } from '../../../src/main/services/http';
import { readRefusal } from '../../../src/main/services/server-refusals';
import { resources } from '../../../src/shared/i18n';
import { INSTALLMENT_STATUSES } from '../../../src/shared/installment-status';
import { REPURCHASE_MARK_CAUSES } from '../../../src/shared/servicing';
import { APPROVAL_KINDS } from '../../../src/shared/contract/approvals';
import { CREDIT_OPERATION_STATUSES } from '../../../src/shared/credit-operation-status';
import { AllAdmins, AllOperators, Role } from '../../../src/shared/roles';
import { PAYMENT_MESSAGES } from '../../../src/server/areas/collection/payments';
import { WRITE_OFF_MESSAGES } from '../../../src/server/areas/collection/write-off';
import { PREPAYMENT_MESSAGES } from '../../../src/server/areas/collection/prepayment';
import { MOVE_MESSAGES } from '../../../src/server/areas/collection/installment-moves';
import { CHANGE_MESSAGES } from '../../../src/server/areas/collection/installment-change';
import { INSTALLMENT_MESSAGES } from '../../../src/server/areas/collection/installments';
import { DISBURSEMENT_MESSAGES } from '../../../src/server/areas/servicing/disbursement';
import { STORED_STATUS_MESSAGES } from '../../../src/server/areas/servicing/stored-status';
import { REPURCHASE_MESSAGES } from '../../../src/server/areas/transfers/repurchase';
import { CAUSE_MESSAGES } from '../../../src/server/areas/transfers/repurchase-causes';
import { CESSION_MESSAGES } from '../../../src/server/areas/transfers/cession';
import { CESSION_PRICE_MESSAGES } from '../../../src/server/areas/transfers/cession-price';
import { ASSIGNEE_TRANSFER_MESSAGES } from '../../../src/server/areas/transfers/assignee-transfer';
import { ASSIGNMENT_REMITTANCE_MESSAGES } from '../../../src/server/areas/transfers/assignment-remittance';
import { SUSPENSE_MESSAGES } from '../../../src/server/areas/suspense/items';
import { RETURN_MESSAGES } from '../../../src/server/areas/bank-files/cnab-return';
import { REMITTANCE_MESSAGES } from '../../../src/server/areas/bank-files/remittance';
import { MANUAL_REMITTANCE_MESSAGES } from '../../../src/server/areas/bank-files/remittance-manual';
import { BOLETO_MESSAGES } from '../../../src/server/areas/boletos/boleto';
import { PIX_MESSAGES } from '../../../src/server/areas/pix/settings';
import { PIX_NOTICE_MESSAGES } from '../../../src/server/areas/pix/notices';
import { APPROVAL_MESSAGES } from '../../../src/server/areas/operations/approvals';
import { STATUS_PT } from '../../../src/server/areas/operations/credit-operations';
import { AGREEMENT_SERVICE_MESSAGES } from '../../../src/server/areas/renegotiation/agreements';
import { COLLECTION_MESSAGES } from '../../../src/server/areas/renegotiation/collection';
import { OPEN_MESSAGES } from '../../../src/server/areas/renegotiation/open-amounts';
import { TITLE_MESSAGES } from '../../../src/server/areas/renegotiation/titles';
import { DOCUMENT_MESSAGES } from '../../../src/server/areas/renegotiation/document';
import { LIMITS_MESSAGES } from '../../../src/server/areas/renegotiation/limits';
import { AGREEMENT_MESSAGES } from '../../../src/server/domain/renegotiation/agreement';
import { WITHDRAWAL_MESSAGES } from '../../../src/server/areas/withdrawal/withdrawals';
import { LETTER_MESSAGES } from '../../../src/server/areas/letters/figures';
import { NEGATIVATION_MESSAGES } from '../../../src/server/areas/negativation/messages';
import { INSTALLMENT_STATUS_LABELS_PT } from '../../../src/shared/installment-status';

type Message = string | ((...args: never[]) => string) | { readonly [key: string]: string };

const SETS: Record<string, Record<string, Message>> = {
  PAYMENT_MESSAGES,
  WRITE_OFF_MESSAGES,
  PREPAYMENT_MESSAGES,
  MOVE_MESSAGES,
  CHANGE_MESSAGES,
  INSTALLMENT_MESSAGES,
  DISBURSEMENT_MESSAGES,
  STORED_STATUS_MESSAGES,
  REPURCHASE_MESSAGES,
  CAUSE_MESSAGES,
  CESSION_MESSAGES,
  CESSION_PRICE_MESSAGES,
  ASSIGNEE_TRANSFER_MESSAGES,
  ASSIGNMENT_REMITTANCE_MESSAGES,
  SUSPENSE_MESSAGES,
  RETURN_MESSAGES,
  REMITTANCE_MESSAGES,
  MANUAL_REMITTANCE_MESSAGES,
  BOLETO_MESSAGES,
  PIX_MESSAGES,
  PIX_NOTICE_MESSAGES,
  APPROVAL_MESSAGES,
  AGREEMENT_SERVICE_MESSAGES,
  COLLECTION_MESSAGES,
  OPEN_MESSAGES,
  TITLE_MESSAGES,
  DOCUMENT_MESSAGES,
  LIMITS_MESSAGES,
  WITHDRAWAL_MESSAGES,
  LETTER_MESSAGES,
  NEGATIVATION_MESSAGES,
};

/** The simulation's input refusals (domain/renegotiation/agreement.ts), said by the area on their field ("Campo x: …"). */
const onField = (message: string) => `Campo late_charges_discount_percent: ${message}`;
for (const [name, message] of Object.entries(AGREEMENT_MESSAGES)) {
  SETS.AGREEMENT_INPUT_MESSAGES ??= {};
  SETS.AGREEMENT_INPUT_MESSAGES[name] = typeof message === 'string' ? onField(message) : (limit: string) => onField(message(limit));
}

/** Texts of those sets that are not refusals (a reference a return line carries; labels used inside a list). */
const NOT_REFUSALS = new Set([
  'SUSPENSE_MESSAGES.returnReference',
  'MANUAL_REMITTANCE_MESSAGES.reasons',
  // the reasons recorded with an agreement, a break, a withdrawal or a cancelled change (shown as written, not refusals)
  'AGREEMENT_SERVICE_MESSAGES.reason',
  'COLLECTION_MESSAGES.breakReason',
  'LIMITS_MESSAGES.staleReason',
  'WITHDRAWAL_MESSAGES.reason',
]);

const DAY = '2026-04-15';
const money = new Decimal('11312.74');
const opStatuses = CREDIT_OPERATION_STATUSES.map((s) => [STATUS_PT[s]]);
const installmentStatuses = INSTALLMENT_STATUSES.map((s) => [s]);
const causes = REPURCHASE_MARK_CAUSES.map((c) => [c]);

/** What each function message is called with: every label it can carry, one sample of the rest. */
const SAMPLES: Record<string, unknown[][]> = {
  'PAYMENT_MESSAGES.notCollecting': opStatuses,
  'PAYMENT_MESSAGES.beforeDisbursement': [[DAY]],
  'PAYMENT_MESSAGES.future': [[DAY]],
  'PAYMENT_MESSAGES.aboveDue': [[money, DAY]],
  'PAYMENT_MESSAGES.squeezesLater': [[DAY, money]],
  'PAYMENT_MESSAGES.beforeCession': [[DAY]],
  'WRITE_OFF_MESSAGES.installmentsPending': [[[3]], [[3, 4]]],
  'PREPAYMENT_MESSAGES.notCollecting': opStatuses,
  'PREPAYMENT_MESSAGES.beforeDisbursement': [['paid_on', DAY]],
  'PREPAYMENT_MESSAGES.future': [['paid_on', DAY]],
  'PREPAYMENT_MESSAGES.beforeLastMovement': [['paid_on', DAY]],
  'PREPAYMENT_MESSAGES.overdueOpen': [[[2, 3], money]],
  'PREPAYMENT_MESSAGES.settlesAll': [[money]],
  'PREPAYMENT_MESSAGES.belowAccrued': [[money]],
  'PREPAYMENT_MESSAGES.fullAmount': [[money, DAY]],
  'PREPAYMENT_MESSAGES.assignedRemaining': [[[5, 6]]],
  'PREPAYMENT_MESSAGES.beforeItsSchedule': [[DAY]],
  'MOVE_MESSAGES.staleTitle': [[4]],
  'CHANGE_MESSAGES.notCollecting': opStatuses,
  'DISBURSEMENT_MESSAGES.notIssued': opStatuses,
  'DISBURSEMENT_MESSAGES.afterFirstDue': [[DAY]],
  'DISBURSEMENT_MESSAGES.amountsDisagree': [['30000.00', '29990.00']],
  'STORED_STATUS_MESSAGES.notCollecting': installmentStatuses,
  'REPURCHASE_MESSAGES.notAssigned': [[3]],
  'REPURCHASE_MESSAGES.alreadyRepurchased': [[3]],
  'REPURCHASE_MESSAGES.pending': [[3]],
  'REPURCHASE_MESSAGES.nothingOpen': INSTALLMENT_STATUSES.map((s) => [3, resources['pt-BR'].translation.refusals.words.installmentStatus[s]]),
  'REPURCHASE_MESSAGES.reasonRequired': [[3, 45, 90]],
  'REPURCHASE_MESSAGES.notRepurchased': [[3]],
  'REPURCHASE_MESSAGES.repurchasePending': [[3]],
  'REPURCHASE_MESSAGES.reversalPending': [[3]],
  'REPURCHASE_MESSAGES.movedSince': [[3]],
  'REPURCHASE_MESSAGES.changedSince': [[3]],
  'REPURCHASE_MESSAGES.neverRepurchased': [[3]],
  'REPURCHASE_MESSAGES.markCleared': causes.map(([c]) => [3, c]),
  'CAUSE_MESSAGES.alreadySet': causes,
  'CAUSE_MESSAGES.notSet': causes,
  'CESSION_MESSAGES.installmentNotFound': [[77]],
  'CESSION_MESSAGES.otherOperation': [[3, 15]],
  'CESSION_MESSAGES.otherCompany': [[3, 15]],
  'CESSION_MESSAGES.notCollecting': [[3, 15]],
  'CESSION_MESSAGES.replaced': [[3, 15]],
  'CESSION_MESSAGES.status': INSTALLMENT_STATUSES.map((s) => [3, 15, s]),
  'CESSION_MESSAGES.held': [[3, 15]],
  'CESSION_MESSAGES.tooLate': [[3, 15, 120, 90]],
  'CESSION_MESSAGES.nothingOpen': [[3, 15]],
  'CESSION_MESSAGES.future': [[DAY]],
  'CESSION_MESSAGES.beforeDisbursement': [[15, DAY]],
  'CESSION_MESSAGES.priceAboveFace': [['11312.74']],
  'CESSION_MESSAGES.changedSince': [[3, 15]],
  'CESSION_MESSAGES.notAssigned': [[3]],
  'CESSION_MESSAGES.fullyCollected': [[3]],
  'CESSION_MESSAGES.reversalChangedSince': [[3]],
  'CESSION_MESSAGES.outsideReversalWindow': [[3, 8, DAY, 30, '2026-05-15']],
  'CESSION_MESSAGES.reversalPending': [[3]],
  'CESSION_PRICE_MESSAGES.notInForce': [[7]],
  'CESSION_PRICE_MESSAGES.reversed': [[7]],
  'CESSION_PRICE_MESSAGES.aboveOwed': [[money.toFixed(2)], ['0.00']],
  'CESSION_PRICE_MESSAGES.beforeCession': [[DAY]],
  'CESSION_PRICE_MESSAGES.future': [[DAY]],
  'CESSION_PRICE_MESSAGES.settledAbove': [[7, money.toFixed(2), '0.00']],
  'ASSIGNEE_TRANSFER_MESSAGES.future': [[DAY]],
  'ASSIGNEE_TRANSFER_MESSAGES.aboveOwed': [[money.toFixed(2)], ['0.00']],
  'ASSIGNMENT_REMITTANCE_MESSAGES.noAccount': [['341']],
  'ASSIGNMENT_REMITTANCE_MESSAGES.otherBank': [['341']],
  'ASSIGNMENT_REMITTANCE_MESSAGES.futureDate': [[DAY]],
  'ASSIGNMENT_REMITTANCE_MESSAGES.nothingToCarry': [[DAY]],
  'ASSIGNMENT_REMITTANCE_MESSAGES.again': [[1, DAY]],
  'ASSIGNMENT_REMITTANCE_MESSAGES.companyData': [['razão social'], ['CNPJ']],
  'ASSIGNMENT_REMITTANCE_MESSAGES.problems': [['header.cnpj: 14 digits']],
  'SUSPENSE_MESSAGES.aboveOpen': [['11312.74']],
  'RETURN_MESSAGES.broken': [['line 3: segment T']],
  'RETURN_MESSAGES.otherAccount': [['341', 'agency 1234, account 56789-0']],
  'RETURN_MESSAGES.otherCompany': [['341', '1234/56789-0', '11.222.333/0001-81', '44.555.666/0001-72']],
  'RETURN_MESSAGES.excess': [['R$ 1.000,00', 'R$ 12,50']],
  'RETURN_MESSAGES.unmatchedFee': [['R$ 2,50']],
  'REMITTANCE_MESSAGES.noAccount': [['341']],
  'REMITTANCE_MESSAGES.otherBank': [['341']],
  'REMITTANCE_MESSAGES.futureDate': [[DAY]],
  'REMITTANCE_MESSAGES.companyData': [['razão social'], ['CNPJ']],
  'REMITTANCE_MESSAGES.badAccount': [['agency', 'agency 12345']],
  'REMITTANCE_MESSAGES.problems': [['header.cnpj: 14 digits']],
  'MANUAL_REMITTANCE_MESSAGES.noCnab': [['237']],
  'MANUAL_REMITTANCE_MESSAGES.notEligible': [['12 (sem boleto emitido), 13 (boleto de outra conta)']],
  'BOLETO_MESSAGES.notDisbursed': opStatuses,
  'BOLETO_MESSAGES.notPayable': INSTALLMENT_STATUSES.map((s) => [3, 'OP-000015', resources['pt-BR'].translation.refusals.words.installmentStatus[s]]),
  'BOLETO_MESSAGES.replaced': [[3, 'OP-000015']],
  'BOLETO_MESSAGES.badAccount': [['agency 12345']],
  'BOLETO_MESSAGES.sequenceExhausted': [[10]],
  'BOLETO_MESSAGES.companyData': [['razão social'], ['CNPJ']],
  'BOLETO_MESSAGES.borrowerData': [['CPF']],
  'BOLETO_MESSAGES.badSlip': [['field 7']],
  'PIX_NOTICE_MESSAGES.unknownTxid': [['abc123'], ['']],
  'PIX_NOTICE_MESSAGES.wrongAmount': [['100.00', '120.00', DAY]],
  'APPROVAL_MESSAGES.makerCannotCheck': Object.keys(APPROVAL_KINDS).map((k) => [k]),
  'AGREEMENT_SERVICE_MESSAGES.changed': [['discount: agora 120.00; principal: agora 5000.00']],
  'AGREEMENT_SERVICE_MESSAGES.dayPassed': [[DAY]],
  'AGREEMENT_SERVICE_MESSAGES.downPaymentDue': [[DAY, '2026-05-15']],
  'COLLECTION_MESSAGES.beforeAgreement': [[DAY]],
  'COLLECTION_MESSAGES.beforeLast': [[DAY]],
  'COLLECTION_MESSAGES.above': [['1234.56']],
  'OPEN_MESSAGES.notRenegotiable': [[3, 15]],
  'TITLE_MESSAGES.paid': [[0, 7], [3, 7]],
  'LIMITS_MESSAGES.unknownRole': [[2]],
  'LIMITS_MESSAGES.repeatedRole': [[5]],
  'AGREEMENT_INPUT_MESSAGES.overLimit': [['50.00']],
  'WITHDRAWAL_MESSAGES.notReleased': opStatuses,
  'WITHDRAWAL_MESSAGES.already': [[DAY]],
  'WITHDRAWAL_MESSAGES.expired': [['2026-04-08', DAY]],
  'WITHDRAWAL_MESSAGES.paid': [[3]],
  'WITHDRAWAL_MESSAGES.notOpen': INSTALLMENT_STATUSES.map((s) => [3, INSTALLMENT_STATUS_LABELS_PT[s]]),
  'WITHDRAWAL_MESSAGES.changed': [['R$ 1.234,56']],
  'LETTER_MESSAGES.neverReleased': opStatuses,
  'LETTER_MESSAGES.beforeRelease': [['as_of', DAY]],
  'LETTER_MESSAGES.future': [['as_of', DAY]],
  'LETTER_MESSAGES.validPast': [[DAY]],
  'LETTER_MESSAGES.validTooFar': [[DAY]],
  'LETTER_MESSAGES.notSettled': opStatuses,
  'LETTER_MESSAGES.stillOpen': [[[3, 4]]],
  'LETTER_MESSAGES.yearNotOver': [[2026]],
  'LETTER_MESSAGES.yearOpen': [[2025, ['OP-000015/3', 'OP-000015/4']]],
  'LETTER_MESSAGES.nothingInYear': [[2025]],
  'NEGATIVATION_MESSAGES.protest': [[5]],
  'NEGATIVATION_MESSAGES.tooEarly': [[12, 30, DAY]],
  'NEGATIVATION_MESSAGES.addressMissing': [[['CEP']], [['CEP', 'logradouro', 'cidade', 'UF']]],
  'NEGATIVATION_MESSAGES.providerFailed': [['timeout']],
  'APPROVAL_MESSAGES.roleCannotCheck': [
    [AllOperators, null, false],
    [[Role.ADMIN], null, false],
    [AllAdmins, '50000.00', true],
    [AllAdmins, null, true],
  ],
};

/** Every refusal text of those sets, named by where it comes from. */
function walk(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [set, messages] of Object.entries(SETS)) {
    for (const [name, message] of Object.entries(messages)) {
      const where = `${set}.${name}`;
      if (NOT_REFUSALS.has(where)) continue;
      if (typeof message === 'string') out.push([where, message]);
      else if (typeof message === 'function') {
        const samples = SAMPLES[where];
        expect(samples, `samples for ${where} (a new message: add its samples and its catalogue template)`).toBeDefined();
        for (const args of samples ?? []) out.push([where, (message as (...a: unknown[]) => string)(...args)]);
      } else throw new Error(`${where}: not a text or a function`);
    }
  }
  return out;
}

describe('the money areas\' refusals on an English screen', () => {
  const texts = walk();

  it('walk every message of the sets', () => {
    expect(texts.length).toBeGreaterThan(200);
    for (const key of Object.keys(SAMPLES)) {
      const [set, name] = key.split('.');
      expect(typeof SETS[set]?.[name], `${key} is a message of its set`).toBe('function');
    }
  });

  it('each is declared in the catalogue, so it has an English rendering', () => {
    const missing = texts.filter(([, text]) => readRefusal(text) === null).map(([where, text]) => `${where}: ${text}`);
    expect(missing).toEqual([]);
  });

  it('each reads in English on an English screen, and as it is on a Portuguese one', () => {
    const found = texts.flatMap(([where, text]) => {
      const en = failureFromResponse(409, { message: text }, 'en').message;
      expect(failureFromResponse(409, { message: text }, 'pt-BR').message).toBe(text);
      const words = portugueseWords(en);
      return en === text || words.length || en.includes('{{') ? [`${where}: ${en} (${words.join(', ')})`] : [];
    });
    expect(found).toEqual([]);
  });

  it('carries what varies: amounts as English writes them, labels in English', () => {
    const en = (text: string) => failureFromResponse(409, { message: text }, 'en').message;
    expect(en(NEGATIVATION_MESSAGES.addressMissing(['CEP', 'cidade']))).toMatch(/^It cannot be reported: the borrower's address is incomplete \(missing: postal code \(CEP\), city\)\./);
    expect(en(PAYMENT_MESSAGES.aboveDue(money, DAY))).toBe(
      'Field amount: the amount is more than what is due on 2026-04-15 (R$ 11,312.74). Amount due: 11312.74.',
    );
    expect(en(PAYMENT_MESSAGES.notCollecting(STATUS_PT.analysis))).toBe(
      'The operation is not being collected (it is in analysis): payments only after the release.',
    );
    expect(en(STORED_STATUS_MESSAGES.notCollecting('written_off'))).toMatch(/^The installment's status is "Written off as a loss": .* undo the write-off first\.$/);
    expect(en(CESSION_MESSAGES.status(3, 15, 'assigned'))).toBe('Installment 3 of operation 15 has status "Assigned": it is already assigned.');
    expect(en(APPROVAL_MESSAGES.roleCannotCheck(AllAdmins, '50000.00', true))).toBe(
      'The second approval (amount above R$ 50,000.00) is for someone with the role Super administrator or Administrator.',
    );
    expect(en(APPROVAL_MESSAGES.makerCannotCheck('installment.reverse'))).toBe('You asked for this reversal: the approval is for another person (four-eyes rule).');
    expect(en(REPURCHASE_MESSAGES.markCleared(3, 'fraud'))).toMatch(/operation's fraud mark/);
    expect(en(MANUAL_REMITTANCE_MESSAGES.notEligible('12 (sem boleto emitido)'))).toMatch(/: 12 \(no slip issued\)\.$/);
    // Written where it is refused (installment-moves.ts), not in a message set.
    expect(en('A parcela está na situação "Renegociada": o título não é mais cobrado.')).toBe('The installment\'s status is "Renegotiated": its title is no longer collected.');
    expect(en(AGREEMENT_MESSAGES.overLimit('50.00'))).toBe(AGREEMENT_MESSAGES.overLimit('50.00'));
    expect(en(onField(AGREEMENT_MESSAGES.overLimit('50.00')))).toBe("Field late_charges_discount_percent: the discount is above your role's limit (50.00%).");
    expect(en(TITLE_MESSAGES.paid(0, 7))).toBe('Field status: installment the down payment of agreement 7 is already paid.');
    expect(en(WITHDRAWAL_MESSAGES.notOpen(3, INSTALLMENT_STATUS_LABELS_PT.paid))).toBe('Installment 3 is paid: the withdrawal only undoes an operation with every installment open.');
    expect(en(LIMITS_MESSAGES.pending)).toMatch(/^A change of the renegotiation limits is already waiting/);
    expect(en(BOLETO_MESSAGES.companyData('razão social'))).toBe("The company's data are incomplete for the slip: legal name. Complete them under Company.");
  });

  it('leave a text the catalogue does not declare as the server wrote it (a 409) or as its code says (a 404)', () => {
    expect(failureFromResponse(409, { message: 'Uma regra nova qualquer.' }, 'en').message).toBe('Uma regra nova qualquer.');
    expect(failureFromResponse(404, { message: 'Operação de crédito não encontrada.' }, 'en').message).toBe('Record not found.');
    expect(failureFromResponse(404, { message: INSTALLMENT_MESSAGES.notFound }, 'en').message).toBe('Installment not found on this operation.');
  });
});
