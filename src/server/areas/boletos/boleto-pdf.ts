/**
 * The boleto (ficha de compensação with the payer's receipt and a PIX QR
 * code) and the carnê (three slips per A4 page) as PDF bytes: a pure
 * renderer, data in and bytes out; the servicing calls choose the
 * installments, reserve the nossos números and pass them in.
 *
 * Codes come from the domain rules (buildBoleto for the barcode and linha
 * digitável, staticBrCode for the PIX BR Code); bwip-js encodes them and
 * pdfkit draws the result as vector bars and modules. Drawing bwip-js's bar
 * widths instead of embedding its PNGs keeps the bars exactly on the
 * FEBRABAN grid when printed (no resampling of a raster) and is what makes a
 * 360-slip carnê fast: a PNG costs ~10 ms per barcode and ~30 ms per QR
 * code, the bar pattern ~0.2 ms.
 *
 * Barcode dimensions (FEBRABAN layout of the ficha de compensação):
 * interleaved 2 of 5, wide elements three times the narrow ones, about
 * 103 mm long and 13 mm high, so the narrow element is 103 mm / 405 modules.
 *
 * Fonts: the standard Helvetica of every PDF reader (its WinAnsi encoding
 * has every Portuguese letter), as the contract PDF uses.
 */
// The node entry: the package's root export has only platform conditions, which the Bundler resolution of tsc does not pick.
import type BwipJs from 'bwip-js/node';
import Decimal from 'decimal.js';
import type PdfKitDocument from 'pdfkit';
import { lazyRequire } from '../../platform/lazy-require';
import { cepDigits, formatCep } from '@shared/address';
import { formatCnpj, formatCpfCnpj, isValidCnpj, isValidCpf, stripDocumentMask } from '@shared/documents';
import { formatCurrency } from '@shared/format';
import {
  buildBoleto,
  caixaBeneficiaryCheckDigit,
  itauAccountCheckDigit,
  type BoletoAccount,
  type BoletoBank,
  type BoletoCodes,
} from '../../domain/boleto';
import { parseCalendarDay } from '../../domain/credit/calendar';
import { checkTerms, lateFeeOn } from '../../domain/servicing/late-charges';
import { staticBrCode } from '../../domain/servicing/pix-brcode';

/** pdfkit is loaded by the first PDF, not at every start of the server (platform/lazy-require.ts). */
const pdfDocument = lazyRequire<typeof PdfKitDocument>('pdfkit');
/** bwip-js too (about 35 ms of CPU at every start otherwise): only slips and carnês draw bars. */
const bwipjs = lazyRequire<typeof BwipJs>('bwip-js/node');

// ---------------------------------------------------------------------------
// Input

/** The company's bank account that collects the boleto. */
export interface BoletoBankAccount {
  /** what the codes are built from: bank, agreement (convênio/código do beneficiário), wallet, Itaú's branch and account */
  account: BoletoAccount;
  /** agência, digits as the bank numbers it (Itaú's comes from `account`) */
  branch: string;
  /** the agency's check digit where the bank has one (Banco do Brasil) */
  branchDigit?: string;
  /** conta corrente without its digit (Banco do Brasil prints it; Caixa prints the beneficiary code, Itaú the account in `account`) */
  accountNumber?: string;
  accountDigit?: string;
}

export interface BoletoBeneficiary {
  /** legal name (razão social) */
  name: string;
  /** 14 characters, with or without the mask */
  cnpj: string;
  /** one line, e.g. "Av. Paulista, 1000 — São Paulo/SP" */
  address?: string;
}

export interface BoletoPayerAddress {
  street: string;
  number?: string;
  complement?: string;
  neighborhood?: string;
  city: string;
  /** UF, two letters */
  state: string;
  /** 8 digits, with or without the hyphen */
  cep: string;
}

export interface BoletoPayer {
  name: string;
  /** CPF (11) or CNPJ (14), with or without the mask */
  document: string;
  address: BoletoPayerAddress;
}

export interface BoletoLateCharges {
  /** multa, percent of the amount, once after the due date: decimal string, e.g. "2.00" */
  lateFeePercent: string;
  /** juros de mora, percent a month, pro rata die: decimal string, e.g. "1.00" */
  defaultInterestMonthlyPercent: string;
  /** the contract's rate, which keeps running after the due date where the contract states it; printed when given */
  contractMonthlyPercent?: string;
  /** whether it runs compounded pro rata die (the contract's capitalisation) */
  contractCompounded?: boolean;
}

export interface BoletoPix {
  /** the company's PIX key (CPF/CNPJ digits, e-mail, +55 phone or random key) */
  key: string;
  /** the city the BR Code names (field 60) */
  city: string;
  /** letters and digits, at most 25: the installment's reference, so a payment finds its installment */
  txid: string;
  /** the dynamic BR Code of the slip's Pix charge (areas/pix); printed instead of the static code built from the key */
  payload?: string;
}

export interface BoletoPdfInput {
  bank: BoletoBankAccount;
  beneficiary: BoletoBeneficiary;
  payer: BoletoPayer;
  /** the nosso número's sequence, reserved by boleto.ts for this boleto (never reused per account) */
  sequence: string | number;
  /** the company's document number (nº do documento), e.g. the operation and installment: "OP123/005" */
  documentNumber: string;
  /** decimal string with two places, e.g. "1234.56" */
  amount: string;
  /** 'YYYY-MM-DD' */
  dueDate: string;
  /** the lender's business date when the boleto is issued, 'YYYY-MM-DD' (data do documento / processamento) */
  issueDate: string;
  /** "Parcela 5/12" on the slip */
  installment?: { number: number; count: number };
  lateCharges: BoletoLateCharges;
  /** printed on the single boleto, and on the carnê's stub when given */
  pix?: BoletoPix;
  /** further instruction lines, after the late charges */
  instructions?: string[];
}

// ---------------------------------------------------------------------------
// What gets printed (pure, tested without a PDF)

const BANKS: Readonly<Record<BoletoBank, { name: string; checkDigit: string }>> = {
  // The bank code's check digit: modulo 11 of the 3 digits, weights 2…4 from the right, above 9 → 0.
  '001': { name: 'Banco do Brasil', checkDigit: '9' },
  '104': { name: 'CAIXA', checkDigit: '0' },
  '341': { name: 'Itaú', checkDigit: '7' },
};

/** "341-7": the bank's code with its check digit, as the slip's header prints it. */
export function bankCodeWithDigit(bank: BoletoBank): string {
  return `${bank}-${BANKS[bank].checkDigit}`;
}

const MONEY_TEXT = /^\d{1,8}\.\d{2}$/;
const PERCENT_TEXT = /^\d{1,3}\.\d{2}$/;

function moneyText(value: string, field: string): string {
  if (typeof value !== 'string' || !MONEY_TEXT.test(value)) throw new RangeError(`${field} must be a decimal string with two places`);
  return value;
}

function percentText(value: string, field: string): Decimal {
  if (typeof value !== 'string' || !PERCENT_TEXT.test(value)) throw new RangeError(`${field} must be a decimal string with two places`);
  return new Decimal(value);
}

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' by text, so no time zone can move the day. */
export function calendarDayPt(value: string, field = 'date'): string {
  try {
    parseCalendarDay(value);
  } catch {
    throw new RangeError(`${field} must be a calendar date YYYY-MM-DD`);
  }
  const [y, m, d] = value.split('-');
  return `${d}/${m}/${y}`;
}

function percentPt(value: Decimal): string {
  return `${value.toFixed(2).replace('.', ',')}%`;
}

/** The late-charge instructions in words, with the fee in reais (the same rounding the servicing rules charge). */
export function lateChargeInstructions(amount: string, charges: BoletoLateCharges): string[] {
  const fee = percentText(charges.lateFeePercent, 'lateCharges.lateFeePercent');
  const mora = percentText(charges.defaultInterestMonthlyPercent, 'lateCharges.defaultInterestMonthlyPercent');
  const contract = charges.contractMonthlyPercent === undefined ? null : percentText(charges.contractMonthlyPercent, 'lateCharges.contractMonthlyPercent');
  // checkTerms refuses terms above the legal ceilings, so a slip never prints a charge we may not take.
  const terms = checkTerms({ lateFeePercent: fee, defaultInterestMonthlyPercent: mora, remuneratory: 'none', contractMonthlyPercent: 0, lateDaysFrom: 'payable_until' });
  const words: string[] = [];
  if (fee.gt(0)) words.push(`multa de ${percentPt(fee)} (${formatCurrency(lateFeeOn(new Decimal(amount), terms).toFixed(2))})`);
  if (mora.gt(0)) words.push(`juros de mora de ${percentPt(mora)} ao mês, pro rata die`);
  const lines = words.length ? [`Após o vencimento, cobrar ${words.join(' e ')}.`] : [];
  if (contract && contract.gt(0)) {
    lines.push(
      charges.contractCompounded
        ? `Os juros do contrato, de ${percentPt(contract)} ao mês, continuam a correr, capitalizados por dia (pro rata die).`
        : `Os juros do contrato, de ${percentPt(contract)} ao mês, continuam a correr pro rata die.`,
    );
  }
  if (!lines.length) lines.push('Não cobrar multa nem juros após o vencimento.');
  return lines;
}

function payerAddressLines(address: BoletoPayerAddress): [string, string] {
  const cep = cepDigits(address.cep);
  if (!cep) throw new RangeError('payer.address.cep must be 8 digits');
  const street = [address.street, address.number].filter(Boolean).join(', ') + (address.complement ? ` — ${address.complement}` : '');
  const place = [address.neighborhood, `${address.city}/${address.state}`].filter(Boolean).join(' — ');
  return [street, `${place} — CEP ${formatCep(cep)}`];
}

/** "Agência/Código do beneficiário" in each bank's printed form. */
export function beneficiaryAccountText(bank: BoletoBankAccount): string {
  const a = bank.account;
  switch (a.bank) {
    case '341':
      return `${a.branch} / ${a.account}-${itauAccountCheckDigit(a.branch, a.account)}`;
    case '104':
      return `${bank.branch} / ${a.agreement}-${caixaBeneficiaryCheckDigit(a.agreement)}`;
    case '001': {
      if (!bank.accountNumber) throw new RangeError('bank.accountNumber is required for Banco do Brasil');
      const branch = bank.branchDigit ? `${bank.branch}-${bank.branchDigit}` : bank.branch;
      const account = bank.accountDigit ? `${bank.accountNumber}-${bank.accountDigit}` : bank.accountNumber;
      return `${branch} / ${account}`;
    }
  }
}

function walletText(account: BoletoAccount): string {
  if (account.bank === '104') return account.wallet === '1' ? 'RG' : 'SR';
  return account.wallet;
}

/** Everything a slip prints, checked and formatted. */
export interface BoletoSlip {
  bank: BoletoBank;
  bankName: string;
  bankCode: string;
  codes: BoletoCodes;
  beneficiaryName: string;
  beneficiaryDocument: string;
  beneficiaryAddress: string;
  beneficiaryAccount: string;
  wallet: string;
  payerName: string;
  payerDocument: string;
  payerAddress: [string, string];
  documentNumber: string;
  amount: string;
  dueDate: string;
  issueDate: string;
  installment: string;
  instructions: string[];
  /** the BR Code ("copia e cola"), when the input has a PIX key */
  pixPayload: string | null;
}

/** The domain rules' RangeErrors say what is wrong; this says in which part of the input. */
function naming<T>(field: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof RangeError) throw new RangeError(`${field}: ${error.message}`);
    throw error;
  }
}

export function boletoSlip(input: BoletoPdfInput): BoletoSlip {
  const amount = moneyText(input.amount, 'amount');
  if (new Decimal(amount).isZero()) throw new RangeError('amount must be positive');
  const dueDate = calendarDayPt(input.dueDate, 'dueDate');
  const issueDate = calendarDayPt(input.issueDate, 'issueDate');
  const bank = input.bank.account.bank;
  if (!(bank in BANKS)) throw new RangeError('bank.account.bank is not a boleto bank');
  const payerDoc = stripDocumentMask(input.payer.document ?? '');
  if (!(payerDoc.length === 11 ? isValidCpf(payerDoc) : isValidCnpj(payerDoc))) throw new RangeError('payer.document must be a valid CPF or CNPJ');
  if (!isValidCnpj(input.beneficiary.cnpj ?? '')) throw new RangeError('beneficiary.cnpj must be a valid CNPJ');
  if (!input.payer.name?.trim()) throw new RangeError('payer.name is empty');
  if (!input.beneficiary.name?.trim()) throw new RangeError('beneficiary.name is empty');
  const codes = naming('bank.account', () => buildBoleto({ account: input.bank.account, sequence: input.sequence, amount, dueDate: input.dueDate }));
  const pix = input.pix;
  const pixPayload = pix
    ? (pix.payload ?? naming('pix', () => staticBrCode({ key: pix.key, merchantName: input.beneficiary.name, merchantCity: pix.city, amount, txid: pix.txid })))
    : null;
  return {
    bank,
    bankName: BANKS[bank].name,
    bankCode: bankCodeWithDigit(bank),
    codes,
    beneficiaryName: input.beneficiary.name.trim(),
    beneficiaryDocument: formatCnpj(input.beneficiary.cnpj),
    beneficiaryAddress: input.beneficiary.address?.trim() ?? '',
    beneficiaryAccount: beneficiaryAccountText(input.bank),
    wallet: walletText(input.bank.account),
    payerName: input.payer.name.trim(),
    payerDocument: formatCpfCnpj(payerDoc),
    payerAddress: payerAddressLines(input.payer.address),
    documentNumber: input.documentNumber,
    amount: formatCurrency(amount),
    dueDate,
    issueDate,
    installment: input.installment ? `Parcela ${input.installment.number}/${input.installment.count}` : '',
    instructions: [...lateChargeInstructions(amount, input.lateCharges), ...(input.instructions ?? [])],
    pixPayload,
  };
}

// ---------------------------------------------------------------------------
// bwip-js: what is encoded (exported so tests see exactly the text the bars carry)

/** A wide interleaved 2 of 5 element, in narrow modules. */
const WIDE = 3;

/** What bwip-js is asked to encode: symbology, text and its option string. */
export interface BwipRequest {
  bcid: 'interleaved2of5' | 'qrcode';
  text: string;
  options: string;
}

function rawSymbol(request: BwipRequest): { sbs?: number[]; pixs?: number[]; pixx?: number } | undefined {
  return bwipjs().raw(request.bcid, request.text, request.options)[0];
}

/** The barcode: the 44 digits as they are (the general check digit is already in them, so no ITF check digit). */
export function barcodeRequest(barcode: string): BwipRequest {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('barcode must be 44 digits');
  return { bcid: 'interleaved2of5', text: barcode, options: '' };
}

/**
 * Widths of bar, space, bar… in narrow modules, wide elements three modules.
 * bwip-js lays out which elements are wide with a 2:1 ratio and has no
 * option to change it; the FEBRABAN ficha asks for 3:1, which also keeps a
 * 0.25 mm narrow element within the ratio ITF scanners need.
 */
export function barcodeBars(barcode: string): number[] {
  const sbs = rawSymbol(barcodeRequest(barcode))?.sbs;
  if (!sbs) throw new Error('bwip-js gave no bars for the barcode');
  // bwip-js ends the stop pattern with a narrow space; the quiet zone is the page's, so the list ends on the last bar.
  const elements = sbs.length % 2 === 0 ? sbs.slice(0, -1) : sbs;
  return elements.map((width) => {
    if (width !== 1 && width !== 2) throw new Error(`unexpected interleaved 2 of 5 element width ${width}`);
    return width === 1 ? 1 : WIDE;
  });
}


export function qrCodeRequest(payload: string): BwipRequest {
  // Level M is what payers' apps read reliably from print; the BR Code manual sets no level.
  return { bcid: 'qrcode', text: payload, options: 'eclevel=M' };
}

/** The QR code's modules: a square of `size` × `size`, 1 = dark, row by row. */
export function qrModules(payload: string): { size: number; dark: ArrayLike<number> } {
  const symbol = rawSymbol(qrCodeRequest(payload));
  if (!symbol?.pixs || !symbol.pixx) throw new Error('bwip-js gave no QR code');
  return { size: symbol.pixx, dark: symbol.pixs };
}

// ---------------------------------------------------------------------------
// Drawing

type Doc = PDFKit.PDFDocument;

const MM = 72 / 25.4;
const BARCODE_LENGTH = 103 * MM;
const BARCODE_HEIGHT = 13 * MM;
/** Blank left of the first bar (the carnê's cut line runs beside it). */
const BARCODE_QUIET_ZONE = 5 * MM;
const INK = '#000000';
const GREY = '#444444';

function drawBarcode(doc: Doc, barcode: string, x: number, y: number): void {
  const bars = barcodeBars(barcode);
  // 405 modules for 44 digits (start 4, 22 pairs of 18, stop 5): a narrow element of 0.254 mm.
  const unit = BARCODE_LENGTH / bars.reduce((sum, width) => sum + width, 0);
  let at = x;
  bars.forEach((width, k) => {
    if (k % 2 === 0) doc.rect(at, y, width * unit, BARCODE_HEIGHT);
    at += width * unit;
  });
  doc.fillColor(INK).fill();
}

function drawQrCode(doc: Doc, payload: string, x: number, y: number, side: number): void {
  const { size, dark } = qrModules(payload);
  const unit = side / size;
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (dark[row * size + col]) doc.rect(x + col * unit, y + row * unit, unit, unit);
    }
  }
  doc.fillColor(INK).fill();
}

/**
 * pdfkit's standard-font internals that the fast path below uses (pdfkit is
 * pinned to an exact version; the tests read every label back).
 */
interface StandardFontInternals {
  id: string;
  ascender: number;
  ref(): unknown;
  font: { encodeText(text: string): string[]; characterToGlyph(code: number): string; widthOfGlyph(glyph: string): number };
}
interface DocInternals {
  _font: StandardFontInternals;
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
}

/** Width of a line in the current standard font, without kerning (what `line` draws). */
function lineWidth(doc: Doc, text: string): number {
  const internals = doc as unknown as DocInternals;
  const afm = internals._font.font;
  let units = 0;
  for (let k = 0; k < text.length; k++) units += afm.widthOfGlyph(afm.characterToGlyph(text.charCodeAt(k)));
  return (units * internals._fontSize) / 1000;
}

/**
 * One line of text at (x, y), top-left like pdfkit's `text`, written as a
 * single Tj without kerning. pdfkit's `text` costs ~70 µs a call (it encodes
 * and kerns every string three times); a carnê slip has ~60 strings, so on
 * 360 slips this path is most of the difference to the 1.5 s aim.
 */
function line(doc: Doc, text: string, x: number, y: number): void {
  if (!text) return;
  const internals = doc as unknown as DocInternals;
  const font = internals._font;
  const size = internals._fontSize;
  if (internals.page.fonts[font.id] == null) internals.page.fonts[font.id] = font.ref();
  const baseline = internals.page.height - y - (font.ascender / 1000) * size;
  const hex = font.font.encodeText(text).map((code) => code.padStart(2, '0')).join('');
  doc.addContent(`q 1 0 0 -1 0 ${internals.page.height} cm BT 1 0 0 1 ${x.toFixed(2)} ${baseline.toFixed(2)} Tm /${font.id} ${size} Tf <${hex}> Tj ET Q`);
}

/** One line in a box `width` wide; cut with an ellipsis (pdfkit's wrapper) only when it does not fit. */
function put(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' | 'center' = 'left'): void {
  if (!text) return;
  const measured = lineWidth(doc, text);
  if (measured > width) {
    doc.text(text, x, y, { width, lineBreak: false, ellipsis: true, height: doc.currentLineHeight() + 1 });
    return;
  }
  line(doc, text, align === 'right' ? x + width - measured : align === 'center' ? x + (width - measured) / 2 : x, y);
}

/** One box of the form: a small label on top, the value under it. */
function cell(doc: Doc, x: number, y: number, w: number, h: number, label: string, value: string, opts: { bold?: boolean; align?: 'left' | 'right' } = {}): void {
  doc.lineWidth(0.5).strokeColor(INK).rect(x, y, w, h).stroke();
  // Labels are short and fixed, and every box is wide enough for its own.
  doc.font('Helvetica').fontSize(5.5).fillColor(GREY);
  line(doc, label, x + 2, y + 1.5);
  doc.font(opts.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).fillColor(INK);
  put(doc, value, x + 2, y + 8, w - 4, opts.align);
}

/** The header: bank name | code-digit | linha digitável. */
function bankHeader(doc: Doc, slip: BoletoSlip, x: number, y: number, w: number, right: string, rightSize: number): number {
  const h = 20;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(INK);
  put(doc, slip.bankName, x, y + 5, 90);
  doc.lineWidth(1.2).moveTo(x + 92, y + 2).lineTo(x + 92, y + h).moveTo(x + 140, y + 2).lineTo(x + 140, y + h).stroke();
  doc.font('Helvetica-Bold').fontSize(12);
  put(doc, slip.bankCode, x + 92, y + 5, 48, 'center');
  doc.font('Helvetica-Bold').fontSize(rightSize);
  put(doc, right, x + 144, y + 6, w - 146, 'right');
  doc.lineWidth(1.2).moveTo(x, y + h).lineTo(x + w, y + h).stroke();
  return y + h;
}

const ROW = 20;
/** Type sizes tried for the instructions box, largest first. */
const INSTRUCTION_SIZES = [7.5, 7, 6.5, 6];

/** The ficha's height apart from its instructions box: header, four rows, payer and barcode (drawFicha's layout). */
const FICHA_FIXED_HEIGHT = 20 + 4 * ROW + 30 + 4 + BARCODE_HEIGHT;

/** The ficha de compensação (the part the bank reads): header, fields and barcode. Returns its bottom. */
function drawFicha(doc: Doc, slip: BoletoSlip, x: number, y: number, w: number, instructionsHeight: number): number {
  let top = bankHeader(doc, slip, x, y, w, slip.codes.formattedLine, w > 450 ? 11 : 9);
  const side = Math.min(120, w * 0.27);
  const main = w - side;
  const row = (cells: Array<[number, string, string, { bold?: boolean; align?: 'left' | 'right' }?]>, height = ROW) => {
    let cx = x;
    for (const [width, label, value, opts] of cells) {
      cell(doc, cx, top, width, height, label, value, opts);
      cx += width;
    }
    top += height;
  };
  row([
    [main, 'Local de pagamento', 'Pagável em qualquer banco, mesmo após o vencimento'],
    [side, 'Vencimento', slip.dueDate, { bold: true, align: 'right' }],
  ]);
  row([
    [main, 'Beneficiário', `${slip.beneficiaryName} — CNPJ ${slip.beneficiaryDocument}`],
    [side, 'Agência / Código do beneficiário', slip.beneficiaryAccount, { align: 'right' }],
  ]);
  const f = main / 6;
  row([
    [f * 1.1, 'Data do documento', slip.issueDate],
    [f * 1.5, 'Nº do documento', slip.documentNumber],
    [f * 0.8, 'Espécie doc.', 'DM'],
    [f * 0.5, 'Aceite', 'N'],
    [f * 2.1, 'Data do processamento', slip.issueDate],
    [side, 'Nosso número', slip.codes.nossoNumero.printed, { align: 'right' }],
  ]);
  row([
    [f * 1.1, 'Uso do banco', ''],
    [f * 0.9, 'Carteira', slip.wallet],
    [f * 0.6, 'Espécie', 'R$'],
    [f * 1.4, 'Quantidade', ''],
    [f * 2, 'Valor', ''],
    [side, '(=) Valor do documento', slip.amount, { bold: true, align: 'right' }],
  ]);
  // Instructions on the left, the adjustments column on the right.
  doc.lineWidth(0.5).rect(x, top, main, instructionsHeight).stroke();
  doc.font('Helvetica').fontSize(5.5).fillColor(GREY);
  line(doc, 'Instruções (texto de responsabilidade do beneficiário)', x + 2, top + 1.5);
  const lines = slip.installment ? [...slip.instructions, slip.installment] : slip.instructions;
  const text = lines.join('\n');
  const box = { width: main - 4, height: instructionsHeight - 10, lineGap: 0.5 };
  // A long title note shrinks the type before anything is cut: the late charges and the installment line must reach
  // the payer; below 6 pt the text is no longer legible on paper, so only then is it cut with an ellipsis.
  const size = INSTRUCTION_SIZES.find((pt) => doc.font('Helvetica').fontSize(pt).heightOfString(text, box) <= box.height);
  doc.font('Helvetica').fontSize(size ?? INSTRUCTION_SIZES[INSTRUCTION_SIZES.length - 1]).fillColor(INK);
  doc.text(text, x + 2, top + 9, { ...box, ellipsis: true });
  const adjust = ['(-) Desconto / Abatimento', '(+) Mora / Multa', '(=) Valor cobrado'];
  const ah = instructionsHeight / adjust.length;
  adjust.forEach((label, i) => cell(doc, x + main, top + i * ah, side, ah, label, ''));
  top += instructionsHeight;
  // Payer.
  const payerH = 30;
  doc.lineWidth(0.5).rect(x, top, w, payerH).stroke();
  doc.font('Helvetica').fontSize(5.5).fillColor(GREY);
  line(doc, 'Pagador', x + 2, top + 1.5);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(INK);
  put(doc, `${slip.payerName} — CPF/CNPJ ${slip.payerDocument}`, x + 2, top + 8, w - 4);
  doc.font('Helvetica').fontSize(7.5);
  put(doc, `${slip.payerAddress[0]} — ${slip.payerAddress[1]}`, x + 2, top + 18.5, w - 4);
  top += payerH;
  // Beside the barcode, never over it: the carnê's ficha leaves little room on the right.
  const labelW = w - BARCODE_QUIET_ZONE - BARCODE_LENGTH - 16;
  doc.font('Helvetica').fontSize(6).fillColor(GREY);
  put(doc, 'Autenticação mecânica —', x + w - labelW, top + 3, labelW, 'right');
  put(doc, 'Ficha de Compensação', x + w - labelW, top + 10, labelW, 'right');
  drawBarcode(doc, slip.codes.barcode, x + BARCODE_QUIET_ZONE, top + 4);
  return top + 4 + BARCODE_HEIGHT;
}

function cutLine(doc: Doc, x: number, y: number, w: number, label?: string): void {
  doc.save().lineWidth(0.5).dash(3, { space: 2 }).strokeColor(GREY).moveTo(x, y).lineTo(x + w, y).stroke().undash().restore();
  if (label) put(doc.font('Helvetica').fontSize(6).fillColor(GREY), label, x, y + 2, w, 'right');
}

function documentStream(title: string): { doc: Doc; done: Promise<Buffer> } {
  // Pages are not buffered: each goes to the stream when the next begins, so a 120-page carnê is never all in memory.
  const doc = new (pdfDocument())({ size: 'A4', margin: 24, info: { Title: title, Author: 'Back-office de Crédito' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** The payer's receipt at the top of a single boleto, with the PIX QR code beside it. */
function drawReceipt(doc: Doc, slip: BoletoSlip, x: number, y: number, w: number): number {
  let top = bankHeader(doc, slip, x, y, w, 'Recibo do Pagador', 10);
  const qrSide = 110;
  const fieldsW = slip.pixPayload ? w - qrSide - 16 : w;
  const half = fieldsW / 2;
  const rows: Array<Array<[number, string, string, { bold?: boolean; align?: 'left' | 'right' }?]>> = [
    [[fieldsW, 'Beneficiário', `${slip.beneficiaryName} — CNPJ ${slip.beneficiaryDocument}`]],
    [[fieldsW, 'Endereço do beneficiário', slip.beneficiaryAddress]],
    [[fieldsW, 'Pagador', `${slip.payerName} — CPF/CNPJ ${slip.payerDocument}`]],
    [
      [half, 'Agência / Código do beneficiário', slip.beneficiaryAccount],
      [half, 'Nosso número', slip.codes.nossoNumero.printed],
    ],
    [
      [half, 'Nº do documento', slip.installment ? `${slip.documentNumber} (${slip.installment})` : slip.documentNumber],
      [half, 'Vencimento', slip.dueDate, { bold: true }],
    ],
    [
      [half, 'Data do documento', slip.issueDate],
      [half, '(=) Valor do documento', slip.amount, { bold: true }],
    ],
  ];
  const fieldsTop = top;
  for (const cells of rows) {
    let cx = x;
    for (const [width, label, value, opts] of cells) {
      cell(doc, cx, top, width, ROW, label, value, opts);
      cx += width;
    }
    top += ROW;
  }
  if (slip.pixPayload) {
    const qx = x + fieldsW + 16;
    doc.font('Helvetica-Bold').fontSize(8).fillColor(INK);
    put(doc, 'Pague com Pix', qx, fieldsTop + 2, qrSide, 'center');
    // Room around the code for its quiet zone (four modules).
    drawQrCode(doc, slip.pixPayload, qx + 5, fieldsTop + 20, qrSide - 10);
  }
  top += 6;
  doc.font('Helvetica').fontSize(6.5).fillColor(GREY).text('Linha digitável', x, top, { lineBreak: false });
  doc.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(slip.codes.formattedLine, x, top + 8, { lineBreak: false });
  top += 24;
  if (slip.pixPayload) {
    doc.font('Helvetica').fontSize(6.5).fillColor(GREY).text('Pix copia e cola', x, top, { lineBreak: false });
    // Courier keeps the payload on even lines and breaks it anywhere, as it has no spaces.
    doc.font('Courier').fontSize(7).fillColor(INK);
    const height = doc.heightOfString(slip.pixPayload, { width: w });
    doc.text(slip.pixPayload, x, top + 8, { width: w });
    top += 8 + height + 6;
  }
  doc.font('Helvetica').fontSize(6).fillColor(GREY).text('Autenticação mecânica', x + w - 200, top, { width: 200, align: 'right', lineBreak: false });
  return top + 10;
}

/** A single boleto on one A4 page: the payer's receipt with the PIX code, then the ficha de compensação. */
export function renderBoletoPdf(input: BoletoPdfInput): Promise<Buffer> {
  const slip = boletoSlip(input);
  const { doc, done } = documentStream(`Boleto ${slip.documentNumber}`);
  const x = doc.page.margins.left;
  const w = doc.page.width - x - doc.page.margins.right;
  const receiptBottom = drawReceipt(doc, slip, x, doc.page.margins.top, w);
  // The ficha sits at the foot of the page, where banks' readers expect it, below a cut line.
  const fichaTop = Math.max(receiptBottom + 30, doc.page.height - doc.page.margins.bottom - 330);
  cutLine(doc, x, fichaTop - 14, w, 'Corte na linha pontilhada');
  drawFicha(doc, slip, x, fichaTop, w, 78);
  doc.end();
  return done;
}

/** The carnê's stub (canhoto), kept by the payer: the few fields a receipt needs. */
function drawStub(doc: Doc, slip: BoletoSlip, x: number, y: number, w: number, h: number): void {
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK);
  put(doc, `${slip.bankName}  ${slip.bankCode}`, x, y + 6, w);
  doc.lineWidth(1.2).moveTo(x, y + 20).lineTo(x + w, y + 20).stroke();
  const fields: Array<[string, string, boolean]> = [
    ['Vencimento', slip.dueDate, true],
    ['Agência / Código do beneficiário', slip.beneficiaryAccount, false],
    ['Nosso número', slip.codes.nossoNumero.printed, false],
    ['Nº do documento', slip.installment ? `${slip.documentNumber} (${slip.installment})` : slip.documentNumber, false],
    ['(=) Valor do documento', slip.amount, true],
    ['(+) Mora / Multa', '', false],
    ['(=) Valor cobrado', '', false],
  ];
  let top = y + 20;
  for (const [label, value, bold] of fields) {
    cell(doc, x, top, w, ROW, label, value, { bold });
    top += ROW;
  }
  const rest = y + h - top;
  doc.lineWidth(0.5).rect(x, top, w, rest).stroke();
  doc.font('Helvetica').fontSize(5.5).fillColor(GREY);
  line(doc, 'Pagador', x + 2, top + 1.5);
  line(doc, 'Recibo do Pagador', x + 2, y + h - 8);
  doc.font('Helvetica').fontSize(7).fillColor(INK);
  put(doc, slip.payerName, x + 2, top + 8, w - 4);
  put(doc, `CPF/CNPJ ${slip.payerDocument}`, x + 2, top + 17, w - 4);
  // The charge's Pix code, when the slip has one: below the payer, as large as the stub leaves room for.
  const side = Math.min(w - 40, y + h - 10 - (top + 27));
  if (slip.pixPayload && side >= 40) {
    doc.font('Helvetica-Bold').fontSize(6).fillColor(INK);
    put(doc, 'Pix', x + 2, top + 27 + side / 2 - 3, 18);
    drawQrCode(doc, slip.pixPayload, x + w - side - 2, top + 27, side);
  }
}

const SLIPS_PER_PAGE = 3;

/** Every slip given, three per A4 page, each a stub beside the ficha de compensação, in the order given. */
export function renderCarnePdf(inputs: readonly BoletoPdfInput[]): Promise<Buffer> {
  if (!inputs.length) throw new RangeError('a carnê needs at least one installment');
  // Every slip is checked before the first byte, so a bad installment never yields half a carnê.
  const slips = inputs.map((input, k) => {
    try {
      return boletoSlip(input);
    } catch (error) {
      if (error instanceof RangeError) throw new RangeError(`installment ${k + 1}: ${error.message}`);
      throw error;
    }
  });
  const { doc, done } = documentStream(`Carnê ${slips[0].documentNumber}`);
  const x = doc.page.margins.left;
  const w = doc.page.width - x - doc.page.margins.right;
  const pitch = (doc.page.height - doc.page.margins.top - doc.page.margins.bottom) / SLIPS_PER_PAGE;
  const stubW = 128;
  const gap = 10;
  slips.forEach((slip, k) => {
    const slot = k % SLIPS_PER_PAGE;
    if (k > 0 && slot === 0) doc.addPage();
    const y = doc.page.margins.top + slot * pitch;
    const h = pitch - 18;
    drawStub(doc, slip, x, y, stubW, h);
    doc.save().lineWidth(0.5).dash(2, { space: 2 }).strokeColor(GREY).moveTo(x + stubW + gap / 2, y).lineTo(x + stubW + gap / 2, y + h).stroke().undash().restore();
    // The instructions box takes all the room the slot leaves, so a carnê's slip says as much as a single boleto.
    drawFicha(doc, slip, x + stubW + gap, y, w - stubW - gap, Math.floor(h - FICHA_FIXED_HEIGHT));
    if (slot < SLIPS_PER_PAGE - 1 && k < slips.length - 1) cutLine(doc, x, y + pitch - 6, w);
  });
  doc.end();
  return done;
}
