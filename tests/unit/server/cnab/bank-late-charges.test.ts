/**
 * The late charges a remittance tells the bank (src/server/domain/servicing/bank-late-charges.ts) against the ones the
 * app charges (late-charges.ts): the worked case of a R$ 907,75 title, the forms per bank in the written P and R
 * segments, and, over the input space, that a bank following the instruction never collects less than the app says
 * is due.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildRemittance, readRecord, cnabTables, type CnabBank, type RemittanceSlip } from '../../../../src/server/domain/cnab';
import { nossoNumero } from '../../../../src/server/domain/boleto';
import { addDays } from '../../../../src/server/domain/servicing/days';
import { BANK_WINDOW_DAYS, bankCollects, bankLateCharges } from '../../../../src/server/domain/servicing/bank-late-charges';
import { lateChargesAt, type LateChargeTerms } from '../../../../src/server/domain/servicing/late-charges';

/** multa 2% and mora 1% a month only: the CCB and MPO templates. */
const noClause: LateChargeTerms = { lateFeePercent: '2', defaultInterestMonthlyPercent: '1', remuneratory: 'none', contractMonthlyPercent: '3.5', lateDaysFrom: 'payable_until' };
const compound: LateChargeTerms = { ...noClause, remuneratory: 'compound_daily' };

const appDue = (amount: string, dueDate: string, paidOn: string, terms: LateChargeTerms) =>
  new Decimal(amount).plus(lateChargesAt({ overdue: amount, dueDate, date: paidOn, terms }).total);

describe('the late charges a remittance instructs', () => {
  it('R$ 907,75 due 12/02/2026, paid 18/02: a fixed multa equal to the app\'s and a daily amount rounded up, so the bank collects at least what the app books', () => {
    const c = bankLateCharges('907.75', '2026-02-12', noClause);
    // multa 2% = 18,155 → 18,16 (the app's half-up); mora 907,75 × 1%/30 = 0,30258… a day → 0,31 (up, never 0,30)
    expect(c).toEqual({ fine: '18.16', dailyInterest: '0.31', from: '2026-02-13', keepDays: null });
    // the app: 18,16 + 907,75 × 1%/30 × 6 = 1,8155 → 1,82: 927,73; the bank: 18,16 + 0,31 × 6 = 1,86: 927,77
    expect(appDue('907.75', '2026-02-12', '2026-02-18', noClause).toFixed(2)).toBe('927.73');
    expect(bankCollects('907.75', '2026-02-12', c, '2026-02-18')?.toFixed(2)).toBe('927.77');
    // the old instruction (2% as a percentage, 0,30 a day rounded down) collected 927,70 or 927,71: less than the app's
    expect(new Decimal('907.75').plus('18.15').plus(new Decimal('0.30').mul(6)).lt(appDue('907.75', '2026-02-12', '2026-02-18', noClause))).toBe(true);
  });

  it('nothing to instruct without multa and mora; nothing collected above the amount by the moved due date', () => {
    const none = bankLateCharges('100.00', '2026-03-10', { ...noClause, lateFeePercent: '0', defaultInterestMonthlyPercent: '0' });
    expect(none).toEqual({ fine: null, dailyInterest: null, from: '2026-03-11', keepDays: null });
    // Saturday 2026-03-14 moves to Monday 16: paid then, the bank charges nothing, as the app
    const c = bankLateCharges('100.00', '2026-03-14', noClause);
    expect(bankCollects('100.00', '2026-03-14', c, '2026-03-16')?.toFixed(2)).toBe('100.00');
  });

  it('with remuneratory interest compounded in the contract: the title stays at the bank for the window, and the daily amount covers its last day', () => {
    const c = bankLateCharges('1000.00', '2026-02-12', compound);
    expect(c.keepDays).toBe(BANK_WINDOW_DAYS);
    const last = addDays('2026-02-12', BANK_WINDOW_DAYS);
    expect(bankCollects('1000.00', '2026-02-12', c, last)!.gte(appDue('1000.00', '2026-02-12', last, compound))).toBe(true);
    expect(bankCollects('1000.00', '2026-02-12', c, addDays(last, 1))).toBeNull();
  });

  it('are written in each bank\'s codes: P juros code 1 (amount a day), R multa code 1 (fixed amount), baixa/devolução code 1 with the window', () => {
    const accounts = {
      '001': { bank: '001', companyName: 'Crédito Fácil Ltda', companyDocument: '12345678000195', agency: '3286', agencyDigit: '6', account: '75367', accountDigit: '7', agreement: '1234567', wallet: '17', walletVariation: '019' },
      '104': { bank: '104', companyName: 'Crédito Fácil Ltda', companyDocument: '12345678000195', agency: '1234', agencyDigit: '0', account: '', agreement: '654321' },
      '341': { bank: '341', companyName: 'Crédito Fácil Ltda', companyDocument: '12345678000195', agency: '0057', account: '12345', accountDac: '8', wallet: '109' },
    } as const;
    for (const bank of ['001', '104', '341'] as CnabBank[]) {
      const account = accounts[bank];
      const nn = nossoNumero(bank === '341' ? { bank, wallet: '109', branch: '0057', account: '12345' } : bank === '001' ? { bank, agreement: '1234567', wallet: '17' } : { bank, agreement: '654321', wallet: '1' }, '1');
      for (const terms of [noClause, compound]) {
        const c = bankLateCharges('907.75', '2026-02-12', terms);
        const slip: RemittanceSlip = {
          reference: '000001/001',
          instruction: 'entry',
          nossoNumero: nn.digits,
          ...(bank === '341' ? { nossoNumeroDigit: nn.checkDigit ?? '' } : {}),
          documentNumber: '1/001',
          issuedOn: '2026-01-12',
          dueDate: '2026-02-12',
          amount: '907.75',
          payer: { name: 'Maria da Silva', document: '52998224725', address: 'Rua A, 1', district: 'Centro', postalCode: '01001000', city: 'Sao Paulo', state: 'SP' },
          lateCharges: {
            interest: { kind: 'dailyAmount', value: c.dailyInterest!, from: c.from },
            fine: { kind: 'amount', value: c.fine!, from: c.from },
            ...(c.keepDays !== null ? { keepDays: c.keepDays } : {}),
          },
        };
        const built = buildRemittance({ account, slips: [slip], fileSequence: 1, previousFileSequence: null, generatedOn: '2026-01-12' });
        if (!built.ok) throw new Error(JSON.stringify(built.problems));
        const tables = cnabTables(bank);
        const p = readRecord(tables.segmentP, built.file.lines[2]);
        const r = readRecord(tables.segmentR, built.file.lines[4]);
        expect(p.interest).toBe(c.dailyInterest);
        if (bank !== '341') expect(p.interestCode).toBe('1');
        expect(r).toMatchObject({ fineCode: '1', fine: '18.16', fineFrom: '2026-02-13' });
        expect(p.writeOffCode).toBe(c.keepDays === null ? '0' : '1');
        if (c.keepDays !== null) expect(Number(p.writeOffDays)).toBe(BANK_WINDOW_DAYS);
      }
    }
  });

  it('never let the bank collect less than the app says is due, for any amount, rates, clause and days late (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 100 }),
        fc.constantFrom('none', 'compound_daily', 'simple_daily'),
        fc.integer({ min: 0, max: 1500 }),
        fc.constantFrom('payable_until', 'due_date'),
        fc.integer({ min: 0, max: 1100 }),
        fc.integer({ min: 0, max: 400 }),
        fc.option(fc.integer({ min: -40, max: 40 }), { nil: null }),
        (amountCents, feeBp, moraBp, remuneratory, contractBp, lateDaysFrom, dueOffset, late, legacyOffset) => {
          const amount = new Decimal(amountCents).div(100).toFixed(2);
          const dueDate = addDays('2026-01-01', dueOffset);
          const terms: LateChargeTerms = {
            lateFeePercent: new Decimal(feeBp).div(100).toFixed(2),
            defaultInterestMonthlyPercent: new Decimal(moraBp).div(100).toFixed(2),
            remuneratory: remuneratory as LateChargeTerms['remuneratory'],
            contractMonthlyPercent: new Decimal(contractBp).div(100).toFixed(2),
            legacyUntil: legacyOffset === null ? null : addDays(dueDate, legacyOffset),
            lateDaysFrom: lateDaysFrom as LateChargeTerms['lateDaysFrom'],
          };
          const paidOn = addDays(dueDate, late);
          const collected = bankCollects(amount, dueDate, bankLateCharges(amount, dueDate, terms), paidOn);
          // null: the title left the bank (baixa/devolução) and is paid by a new slip at the app's figure
          if (collected === null) return;
          expect(collected.gte(appDue(amount, dueDate, paidOn, terms))).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
