/**
 * The pure decisions of settling a return file (src/server/domain/cnab/return-settlement.ts):
 * which account a header names, which slip sequence a nosso número stands for, what each line does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cnabTables, headerAccountKey, headerNamesAccount, headerNamesCompany, lineOutcome, slipSequenceOf, writeRecord, type LineFacts } from '../../../../src/server/domain/cnab';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'latin1').split(/\r?\n/)[0] ?? '';

describe('the account a header names', () => {
  it('BB by its convênio, and the agency and account the header carries (public sample, source in return-file.test.ts)', () => {
    const key = headerAccountKey('001', fixture('bb-retorno.ret'));
    expect(key).toMatchObject({ agreement: '003294860', agency: '00328', agencyDigit: '6', account: '000000007536', accountDigit: '7' });
    expect(headerNamesAccount('001', key, { agreement: '3294860', wallet: '17', agency: '0328', account: '7536' })).toBe(true);
    expect(headerNamesAccount('001', key, { agreement: '1234567', wallet: '17', agency: '0328', account: '7536' })).toBe(false);
    // Our convênio with someone else's agency or account: another company's account, not ours.
    expect(headerNamesAccount('001', key, { agreement: '3294860', wallet: '17', agency: '0329', account: '7536' })).toBe(false);
    expect(headerNamesAccount('001', key, { agreement: '3294860', wallet: '17', agency: '0328', account: '7537' })).toBe(false);
    // A header that leaves agency and account blank or zero is judged by the convênio alone.
    expect(headerNamesAccount('001', { ...key, agency: '00000', account: '' }, { agreement: '3294860', wallet: '17', agency: '0001', account: '1' })).toBe(true);
  });
  it('Caixa by its beneficiary code and the agency (public sample; Caixa carries no account number)', () => {
    const key = headerAccountKey('104', fixture('caixa-retorno.ret'));
    expect(key).toMatchObject({ agency: '01234', account: '' });
    expect(headerNamesAccount('104', key, { agreement: '43210', wallet: '1', agency: '1234', account: '1' })).toBe(true);
    expect(headerNamesAccount('104', key, { agreement: '43211', wallet: '1', agency: '1234', account: '1' })).toBe(false);
    expect(headerNamesAccount('104', key, { agreement: '43210', wallet: '1', agency: '4321', account: '1' })).toBe(false);
  });
  it("the header's company document against the company's CNPJ", () => {
    const key = headerAccountKey('001', fixture('bb-retorno.ret'));
    expect(key.companyDocument).toBe('02659953000176');
    expect(headerNamesCompany(key, '02.659.953/0001-76')).toBe(true);
    expect(headerNamesCompany(key, '27.185.642/0001-69')).toBe(false);
    // Nothing to compare: no document in the header, no CNPJ registered, or an alphanumeric one (never in a numeric field).
    expect(headerNamesCompany({ ...key, companyDocument: '00000000000000' }, '27.185.642/0001-69')).toBe(true);
    expect(headerNamesCompany(key, null)).toBe(true);
    expect(headerNamesCompany(key, '12.ABC.345/01DE-35')).toBe(true);
  });
  it('Itaú by agency and account; an account without agreement never matches BB or Caixa', () => {
    const line = writeRecord(cnabTables('341').fileHeader, { bank: '341', direction: '2', agency: '0912', account: '45021', accountDac: '7', generatedOn: '2026-01-20', fileSequence: '1' });
    const key = headerAccountKey('341', line);
    expect(headerNamesAccount('341', key, { agreement: null, wallet: '109', agency: '912', account: '45021' })).toBe(true);
    expect(headerNamesAccount('341', key, { agreement: null, wallet: '109', agency: '0912', account: '45022' })).toBe(false);
    expect(headerNamesAccount('001', { agreement: '', agency: '1', account: '1' }, { agreement: null, wallet: null, agency: '1', account: '1' })).toBe(false);
  });
});

describe('the slip sequence of a nosso número', () => {
  const account = { agreement: '3294860', wallet: '1', agency: '0032', account: '7536' };
  it('BB: the convênio, then the sequence', () => {
    expect(slipSequenceOf('001', account, '32948600000000196')).toBe(196);
    expect(slipSequenceOf('001', account, '12345670000000196')).toBeNull();
  });
  it('Caixa: wallet, 4, then 15 digits', () => {
    expect(slipSequenceOf('104', account, '14000000000000042')).toBe(42);
    expect(slipSequenceOf('104', account, '24000000000000042')).toBeNull();
    expect(slipSequenceOf('104', account, '1400000000000042')).toBeNull();
  });
  it('Itaú: the 8 digits are the sequence; zero or text is none', () => {
    expect(slipSequenceOf('341', account, '00000017')).toBe(17);
    expect(slipSequenceOf('341', account, '00000000')).toBeNull();
    expect(slipSequenceOf('341', account, '')).toBeNull();
  });
});

describe('what a line does', () => {
  const facts = (over: Partial<LineFacts>): LineFacts => ({ kind: 'settled', paid: '10.00', matched: true, installmentClosed: false, appliedBefore: false, ...over });
  it('each movement kind to its outcome', () => {
    expect(lineOutcome(facts({}))).toBe('settled');
    expect(lineOutcome(facts({ kind: 'rejected', paid: '0.00' }))).toBe('rejected');
    expect(lineOutcome(facts({ kind: 'entryConfirmed' }))).toBe('confirmed');
    expect(lineOutcome(facts({ kind: 'writtenOff' }))).toBe('written_off');
    expect(lineOutcome(facts({ kind: 'other' }))).toBe('recorded');
  });
  it('no slip, applied before, installment closed, nothing paid', () => {
    expect(lineOutcome(facts({ matched: false, appliedBefore: true }))).toBe('unmatched');
    expect(lineOutcome(facts({ appliedBefore: true, installmentClosed: true }))).toBe('duplicate');
    expect(lineOutcome(facts({ installmentClosed: true }))).toBe('already_paid');
    expect(lineOutcome(facts({ paid: '0.00' }))).toBe('recorded');
    expect(lineOutcome(facts({ kind: 'rejected', installmentClosed: true }))).toBe('rejected');
  });
});
