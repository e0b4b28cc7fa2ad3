/**
 * The boleto and carnê PDFs (src/server/areas/boletos/boleto-pdf.ts): the
 * text read back with pdftotext (poppler-utils), the page count, and the
 * barcode — the text bwip-js was asked to encode is the 44-digit code of
 * buildBoleto, and the bars drawn decode back to it. A PNG of each first
 * page is left in test-results/boleto-pdf/ for a look at the layout.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type BwipJs from 'bwip-js/node';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  barcodeBars,
  bankCodeWithDigit,
  boletoSlip,
  renderBoletoPdf,
  renderCarnePdf,
  type BoletoPdfInput,
} from '../../../../src/server/areas/boletos/boleto-pdf';
import { buildBoleto, caixaModulo11, type BoletoAccount } from '../../../../src/server/domain/boleto';
import { addMonths } from '../../../../src/server/domain/credit/calendar';
import { isValidBrCode, staticBrCode } from '../../../../src/server/domain/servicing/pix-brcode';

const hasPoppler = spawnSync('pdftotext', ['-v']).error === undefined && spawnSync('pdftoppm', ['-v']).error === undefined;
if (!hasPoppler) console.warn('boleto-pdf.test: pdftotext/pdftoppm (poppler-utils) not found — the PDF read-back tests are skipped');

const work = mkdtempSync(path.join(tmpdir(), 'boleto-pdf-'));
const preview = path.resolve('test-results/boleto-pdf');
afterAll(() => rmSync(work, { recursive: true, force: true }));

function pdfText(pdf: Buffer, name: string): { text: string; pages: number } {
  const file = path.join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  // pdftotext ends every page with a form feed.
  return { text, pages: text.split('\f').length - 1 };
}

function savePreview(pdf: Buffer, name: string): void {
  mkdirSync(preview, { recursive: true });
  const file = path.join(work, `${name}-preview.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', '-singlefile', file, path.join(preview, name)]);
}

const ACCOUNTS: Record<string, BoletoAccount> = {
  '001': { bank: '001', agreement: '1234567', wallet: '17' },
  '104': { bank: '104', agreement: '654321', wallet: '1' },
  '341': { bank: '341', wallet: '109', branch: '0057', account: '12345' },
};

function input(bank: keyof typeof ACCOUNTS, overrides: Partial<BoletoPdfInput> = {}): BoletoPdfInput {
  return {
    bank: { account: ACCOUNTS[bank], branch: '0057', branchDigit: '2', accountNumber: '12345', accountDigit: '6' },
    beneficiary: { name: 'Crédito Fácil Sociedade de Crédito Direto S.A.', cnpj: '12345678000195', address: 'Av. Paulista, 1000, 10º andar — Bela Vista — São Paulo/SP — CEP 01310-100' },
    payer: {
      name: 'Joana da Conceição Araújo',
      document: '52998224725',
      address: { street: 'Rua das Acácias', number: '45', complement: 'apto 12', neighborhood: 'Jardim América', city: 'Campinas', state: 'SP', cep: '13070000' },
    },
    sequence: 42,
    documentNumber: 'OP000123/005',
    amount: '1234.56',
    dueDate: '2027-03-15',
    issueDate: '2027-02-20',
    installment: { number: 5, count: 12 },
    lateCharges: { lateFeePercent: '2.00', defaultInterestMonthlyPercent: '1.00', contractMonthlyPercent: '2.49' },
    pix: { key: '12345678000195', city: 'São Paulo', txid: 'OP000123P005' },
    ...overrides,
  };
}

// Interleaved 2 of 5: each digit is five elements, two of them wide (N narrow, W wide).
const ITF_DIGITS = ['NNWWN', 'WNNNW', 'NWNNW', 'WWNNN', 'NNWNW', 'WNWNN', 'NWWNN', 'NNNWW', 'WNNWN', 'NWNWN'];

/** Reads the digits back from bar/space widths (1 narrow, 3 wide), checking start and stop patterns. */
function decodeItf(widths: number[]): string {
  const letter = (w: number) => (w === 1 ? 'N' : w === 3 ? 'W' : '?');
  expect(widths.slice(0, 4)).toEqual([1, 1, 1, 1]);
  expect(widths.slice(-3)).toEqual([3, 1, 1]);
  expect(widths.length % 2).toBe(1); // starts and ends with a bar
  const body = widths.slice(4, -3);
  expect(body.length % 10).toBe(0);
  let digits = '';
  for (let k = 0; k < body.length; k += 10) {
    const pair = body.slice(k, k + 10);
    const bars = pair.filter((_, i) => i % 2 === 0).map(letter).join('');
    const spaces = pair.filter((_, i) => i % 2 === 1).map(letter).join('');
    digits += `${ITF_DIGITS.indexOf(bars)}${ITF_DIGITS.indexOf(spaces)}`;
  }
  return digits;
}

/** Every request made to bwip-js during a render, in order. */
// The instance the server loads on first use (lazy-require.ts: Node's require, not the ESM import).
const bwipjs = createRequire(import.meta.url)('bwip-js/node') as typeof BwipJs;
const rawSpy = vi.spyOn(bwipjs, 'raw');
// A block body: a function returned from beforeEach would be called as its teardown.
beforeEach(() => {
  rawSpy.mockClear();
});
// The renderer calls raw(bcid, text, options); the spy's types only know the first overload.
const requests = (bcid: string) =>
  rawSpy.mock.calls.map((call) => call as unknown[]).filter((call) => call[0] === bcid).map((call) => call[1] as string);

describe('what a slip prints', () => {
  it("prints each bank's code with its check digit (modulo 11 of the code, above 9 → 0)", () => {
    for (const bank of ['001', '104', '341'] as const) {
      expect(bankCodeWithDigit(bank)).toBe(`${bank}-${caixaModulo11(bank)}`);
    }
    expect(bankCodeWithDigit('341')).toBe('341-7');
    expect(bankCodeWithDigit('001')).toBe('001-9');
    expect(bankCodeWithDigit('104')).toBe('104-0');
  });

  it('formats money, dates, documents and the late charges in words', () => {
    const slip = boletoSlip(input('341'));
    expect(slip.amount).toBe('R$ 1.234,56');
    expect(slip.dueDate).toBe('15/03/2027');
    expect(slip.payerDocument).toBe('529.982.247-25');
    expect(slip.beneficiaryDocument).toBe('12.345.678/0001-95');
    expect(slip.beneficiaryAccount).toBe('0057 / 12345-7');
    expect(slip.payerAddress).toEqual(['Rua das Acácias, 45 — apto 12', 'Jardim América — Campinas/SP — CEP 13070-000']);
    expect(slip.instructions[0]).toBe('Após o vencimento, cobrar multa de 2,00% (R$ 24,69) e juros de mora de 1,00% ao mês, pro rata die.');
    expect(slip.instructions[1]).toBe('Os juros do contrato, de 2,49% ao mês, continuam a correr pro rata die.');
    // A contract that states no remuneratory interest during delay: no line for it (the caller leaves the rate out).
    const noClause = boletoSlip(input('341', { lateCharges: { lateFeePercent: '2.00', defaultInterestMonthlyPercent: '1.00' } }));
    expect(noClause.instructions.some((l) => l.includes('juros do contrato'))).toBe(false);
    const compounded = boletoSlip(input('341', { lateCharges: { lateFeePercent: '2.00', defaultInterestMonthlyPercent: '1.00', contractMonthlyPercent: '2.49', contractCompounded: true } }));
    expect(compounded.instructions[1]).toBe('Os juros do contrato, de 2,49% ao mês, continuam a correr, capitalizados por dia (pro rata die).');
    const none = boletoSlip(input('341', { lateCharges: { lateFeePercent: '0.00', defaultInterestMonthlyPercent: '0.00' } }));
    expect(none.instructions[0]).toBe('Não cobrar multa nem juros após o vencimento.');
    expect(isValidBrCode(slip.pixPayload ?? '')).toBe(true);
  });

  it('prints Caixa and Banco do Brasil accounts the way those banks do', () => {
    expect(boletoSlip(input('104')).beneficiaryAccount).toBe(`0057 / 654321-${caixaModulo11('654321')}`);
    expect(boletoSlip(input('104')).wallet).toBe('RG');
    expect(boletoSlip(input('001')).beneficiaryAccount).toBe('0057-2 / 12345-6');
  });

  it('refuses bad input naming the field', () => {
    expect(() => boletoSlip(input('341', { amount: '12.5' }))).toThrow(/amount/);
    expect(() => boletoSlip(input('341', { amount: '0.00' }))).toThrow(/amount/);
    expect(() => boletoSlip(input('341', { dueDate: '2027-02-30' }))).toThrow(/dueDate/);
    expect(() => boletoSlip(input('341', { payer: { ...input('341').payer, document: '123' } }))).toThrow(/payer\.document/);
    expect(() => boletoSlip(input('341', { lateCharges: { lateFeePercent: '2', defaultInterestMonthlyPercent: '1.00' } }))).toThrow(/lateFeePercent/);
    // Above the legal ceiling of the multa.
    expect(() => boletoSlip(input('341', { lateCharges: { lateFeePercent: '3.00', defaultInterestMonthlyPercent: '1.00' } }))).toThrow(RangeError);
    expect(() => boletoSlip(input('001', { bank: { account: ACCOUNTS['001'], branch: '0057' } }))).toThrow(/accountNumber/);
    expect(() => boletoSlip(input('341', { payer: { ...input('341').payer, document: '52998224724' } }))).toThrow(/payer\.document/);
    expect(() => boletoSlip(input('341', { sequence: 0 }))).toThrow(/^bank\.account: sequence/);
    expect(() => boletoSlip(input('341', { pix: { key: 'not a key', city: 'São Paulo', txid: 'X1' } }))).toThrow(/^pix: /);
  });
});

describe('the barcode', () => {
  it.each(['001', '104', '341'] as const)('bank %s: the bars drawn decode back to the 44 digits of buildBoleto', (bank) => {
    const { barcode } = buildBoleto({ account: ACCOUNTS[bank], sequence: 42, amount: '1234.56', dueDate: '2027-03-15' });
    const bars = barcodeBars(barcode);
    expect(decodeItf(bars)).toBe(barcode);
    // 405 modules: start 4, 22 pairs of 18, stop 5 (the 103 mm of the FEBRABAN ficha at 0.254 mm).
    expect(bars.reduce((a, b) => a + b, 0)).toBe(405);
  });
});

describe.skipIf(!hasPoppler)('the boleto PDF', () => {
  it.each(['001', '104', '341'] as const)('bank %s: one page with the linha digitável, amount, due date, payer, PIX and barcode', async (bank) => {
    const data = input(bank);
    const codes = buildBoleto({ account: ACCOUNTS[bank], sequence: 42, amount: '1234.56', dueDate: '2027-03-15' });
    const pdf = await renderBoletoPdf(data);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = pdfText(pdf, `boleto-${bank}`);
    expect(pages).toBe(1);
    expect(text).toContain(codes.formattedLine);
    expect(text).toContain('R$ 1.234,56');
    expect(text).toContain('15/03/2027');
    expect(text).toContain('Joana da Conceição Araújo');
    expect(text).toContain('529.982.247-25');
    expect(text).toContain('CEP 13070-000');
    expect(text).toContain('12.345.678/0001-95');
    expect(text).toContain(bankCodeWithDigit(bank));
    expect(text).toContain(codes.nossoNumero.printed);
    expect(text).toContain('OP000123/005');
    expect(text).toContain('multa de 2,00%');
    expect(text).toContain('juros de mora de 1,00% ao mês, pro rata die');
    // The barcode carries exactly buildBoleto's 44 digits.
    expect(requests('interleaved2of5')).toEqual([codes.barcode]);
    // The QR code and the copy-and-paste text are the same BR Code, with the amount and the txid.
    const brCode = staticBrCode({ key: '12345678000195', merchantName: data.beneficiary.name, merchantCity: 'São Paulo', amount: '1234.56', txid: 'OP000123P005' });
    expect(requests('qrcode')).toEqual([brCode]);
    expect(text.replace(/\s/g, '')).toContain(brCode.replace(/\s/g, ''));
    savePreview(pdf, `boleto-${bank}`);
  });

  it('leaves the PIX block out when no key is given', async () => {
    const pdf = await renderBoletoPdf(input('341', { pix: undefined }));
    expect(pdfText(pdf, 'boleto-no-pix').text).not.toContain('Pix copia e cola');
    expect(requests('qrcode')).toEqual([]);
  });
});

describe.skipIf(!hasPoppler)('the carnê PDF', () => {
  it('puts 7 installments on 3 pages, each slip with its own codes', async () => {
    const inputs = Array.from({ length: 7 }, (_, k) =>
      input('341', {
        sequence: 100 + k,
        documentNumber: `OP000123/${String(k + 1).padStart(3, '0')}`,
        dueDate: addMonths('2027-01-10', k),
        amount: k === 6 ? '1000.03' : '987.65',
        installment: { number: k + 1, count: 7 },
      }),
    );
    const pdf = await renderCarnePdf(inputs);
    const { text, pages } = pdfText(pdf, 'carne');
    expect(pages).toBe(3);
    const barcodes: string[] = [];
    for (const [k, one] of inputs.entries()) {
      const codes = buildBoleto({ account: ACCOUNTS['341'], sequence: one.sequence, amount: one.amount, dueDate: one.dueDate });
      barcodes.push(codes.barcode);
      expect(text).toContain(codes.formattedLine);
      expect(text).toContain(codes.nossoNumero.printed);
      expect(text).toContain(`${one.dueDate.slice(8)}/${one.dueDate.slice(5, 7)}/${one.dueDate.slice(0, 4)}`);
      expect(text).toContain(`Parcela ${k + 1}/7`);
    }
    expect(text).toContain('R$ 987,65');
    expect(text).toContain('R$ 1.000,03');
    expect(text).toContain('Joana da Conceição Araújo');
    // Three slips on each page but the last.
    expect(text.split('\f').map((page) => page.split('341-7').length - 1).slice(0, 3)).toEqual([6, 6, 2]);
    expect(requests('interleaved2of5')).toEqual(barcodes);
    savePreview(pdf, 'carne');
  });

  it("fits a long title note in the carnê's instructions box, with the late charges and the installment line", async () => {
    // Five notes of the kind a title's data carries (protest, discount, messages to the payer): the carnê's box used
    // to cut the last of them and the installment line.
    const notes = [
      'Não receber após 60 dias do vencimento.',
      'Sujeito a protesto após o 10º dia corrido do vencimento.',
      'Desconto de R$ 10,00 para pagamento até 05/03/2027.',
      'Em caso de dúvida, ligue 0800 000 0000 (dias úteis, 8h às 18h).',
      'Pagamento referente ao contrato OP000123 — última observação.',
    ];
    const pdf = await renderCarnePdf([input('341', { instructions: notes })]);
    const { text } = pdfText(pdf, 'carne-long-note');
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('multa de 2,00% (R$ 24,69)');
    for (const note of notes) expect(flat).toContain(note);
    expect(flat).toContain('Parcela 5/12');
    savePreview(pdf, 'carne-long-note');
  });

  it('names the installment whose data is bad, and refuses an empty carnê', () => {
    expect(() => renderCarnePdf([input('341'), input('341', { amount: '1,00' })])).toThrow(/installment 2: amount/);
    expect(() => renderCarnePdf([])).toThrow(RangeError);
  });
});
