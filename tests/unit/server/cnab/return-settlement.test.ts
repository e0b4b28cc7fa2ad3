/**
 * The pure decisions of settling a return file (src/server/domain/cnab/return-settlement.ts):
 * which account a header names, which slip sequence a nosso número stands for, what each line does.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cnabTables, headerAccountKey, headerNamesAccount, lineOutcome, slipSequenceOf, writeRecord, type LineFacts } from '../../../../src/server/domain/cnab';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'fixtures', name), 'latin1').split(/\r?\n/)[0] ?? '';

describe('the account a header names', () => {
  it('BB by its convênio (public sample, source in return-file.test.ts)', () => {
    const key = headerAccountKey('001', fixture('bb-retorno.ret'));
    expect(key.agreement).toBe('003294860');
    expect(headerNamesAccount('001', key, { agreement: '3294860', wallet: '17', agency: '0032', account: '7536' })).toBe(true);
    expect(headerNamesAccount('001', key, { agreement: '1234567', wallet: '17', agency: '0032', account: '7536' })).toBe(false);
  });
  it('Caixa by its beneficiary code (public sample)', () => {
    const key = headerAccountKey('104', fixture('caixa-retorno.ret'));
    expect(headerNamesAccount('104', key, { agreement: '43210', wallet: '1', agency: '1234', account: '1' })).toBe(true);
    expect(headerNamesAccount('104', key, { agreement: '43211', wallet: '1', agency: '1234', account: '1' })).toBe(false);
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
