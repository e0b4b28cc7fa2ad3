/**
 * The Pix area's pure rules: the webhook signature (good, bad, missing,
 * stale, tampered; a replay is the same signature, refused by the table of
 * deliveries — the integration suite shows it), the cobv JSON of PUT
 * /cobv/{txid}, the amount a charge asks on a day, and the dynamic BR Code.
 */
import fc from 'fast-check';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { checkPixSignature, PIX_SIGNATURE_WINDOW_SECONDS, signPixNotice } from '../../../../src/server/domain/pix-signature';
import { agreementCobvTxid, cobvAmountOn, cobvRequest, cobvTxid, isCobvTxid, COBV_VALID_DAYS_AFTER_DUE, type CobvInput } from '../../../../src/server/domain/servicing/pix-cobv';
import { dynamicBrCode, isValidBrCode, parseTlv } from '../../../../src/server/domain/servicing/pix-brcode';
import { checkTerms, daysLate, defaultInterestFor, lateFeeOn } from '../../../../src/server/domain/servicing/late-charges';

/** The app's multa and mora on an amount open since `due`, paid on `day` (domain/servicing/late-charges.ts). */
function appDue(amount: string, due: string, day: string): string {
  const terms = checkTerms({ lateFeePercent: '2.00', defaultInterestMonthlyPercent: '1.00', remuneratory: 'none', contractMonthlyPercent: '0', lateDaysFrom: 'payable_until' });
  const base = new Decimal(amount);
  const days = daysLate(due, day);
  if (days === 0) return base.toFixed(2);
  return base.plus(lateFeeOn(base, terms)).plus(defaultInterestFor(base, days, terms)).toFixed(2);
}

const SECRET = 'a-shared-secret-of-the-provider';
const BODY = JSON.stringify({ pix: [{ endToEndId: 'E1', txid: 'OP00000001P00000002S0000000003', valor: '100.00', horario: '2026-02-10T12:00:00-03:00' }] });
const AT = new Date('2026-02-10T15:00:00Z');
const T = Math.floor(AT.getTime() / 1000);

describe('webhook signature', () => {
  it('a notice signed with the secret at a fresh timestamp passes', () => {
    expect(checkPixSignature(SECRET, signPixNotice(SECRET, T, BODY), String(T), BODY, AT)).toEqual({ ok: true });
    expect(checkPixSignature(SECRET, signPixNotice(SECRET, T, BODY), String(T), Buffer.from(BODY), AT)).toEqual({ ok: true });
  });

  it('missing signature or timestamp: unsigned', () => {
    expect(checkPixSignature(SECRET, undefined, String(T), BODY, AT)).toEqual({ ok: false, reason: 'unsigned' });
    expect(checkPixSignature(SECRET, signPixNotice(SECRET, T, BODY), undefined, BODY, AT)).toEqual({ ok: false, reason: 'unsigned' });
    expect(checkPixSignature(SECRET, '', '', BODY, AT)).toEqual({ ok: false, reason: 'unsigned' });
  });

  it('another secret, a changed body, a changed timestamp or garbage: bad signature', () => {
    expect(checkPixSignature(SECRET, signPixNotice('other', T, BODY), String(T), BODY, AT)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(checkPixSignature(SECRET, signPixNotice(SECRET, T, BODY), String(T), BODY.replace('100.00', '1.00'), AT)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(checkPixSignature(SECRET, signPixNotice(SECRET, T, BODY), String(T + 1), BODY, AT)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(checkPixSignature(SECRET, 'sha256=00', String(T), BODY, AT)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(checkPixSignature(SECRET, signPixNotice(SECRET, T, BODY), 'yesterday', BODY, AT)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('a timestamp more than five minutes away either way: stale (a captured notice sent again later)', () => {
    for (const offset of [-PIX_SIGNATURE_WINDOW_SECONDS - 1, PIX_SIGNATURE_WINDOW_SECONDS + 1, -86_400]) {
      const at = T + offset;
      expect(checkPixSignature(SECRET, signPixNotice(SECRET, at, BODY), String(at), BODY, AT)).toEqual({ ok: false, reason: 'stale' });
    }
    for (const offset of [-PIX_SIGNATURE_WINDOW_SECONDS, PIX_SIGNATURE_WINDOW_SECONDS]) {
      const at = T + offset;
      expect(checkPixSignature(SECRET, signPixNotice(SECRET, at, BODY), String(at), BODY, AT)).toEqual({ ok: true });
    }
  });

  it('a replay is the same signature: the check alone cannot tell it, so the server keeps every signature taken', () => {
    const signature = signPixNotice(SECRET, T, BODY);
    expect(checkPixSignature(SECRET, signature, String(T), BODY, AT)).toEqual(checkPixSignature(SECRET, signature, String(T), BODY, AT));
    // Re-signed a second later (a provider's retry) it is another signature.
    expect(signPixNotice(SECRET, T + 1, BODY)).not.toBe(signature);
  });

  it('only the exact body passes (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        fc.pre(a !== b);
        return !checkPixSignature(SECRET, signPixNotice(SECRET, T, a), String(T), b, AT).ok;
      }),
    );
  });
});

const INPUT: CobvInput = {
  txid: cobvTxid(123, 4567, 89),
  amount: '907.75',
  dueDate: '2026-02-12',
  multaIncluded: false,
  terms: { late_fee_percent: '2.00', default_interest_monthly_percent: '1.00', remuneratory: 'none' },
  payer: { name: 'José da Conceição', document: '111.444.777-35' },
  pixKey: '27185642000169',
  description: 'Parcela 5/12 da operação OP-000123',
};

describe('cobv JSON (PUT /cobv/{txid})', () => {
  it('txid: operation, installment and slip, 30 letters and digits', () => {
    expect(cobvTxid(123, 4567, 89)).toBe('OP00000123P00004567S0000000089');
    expect(isCobvTxid(cobvTxid(123, 4567, 89))).toBe(true);
    expect(isCobvTxid('OP1P2S3')).toBe(false);
    expect(() => cobvTxid(1_000_000_000, 1, 1)).toThrow(RangeError);
  });

  it("an agreement installment's txid: AC, never an operation installment's for the same numbers", () => {
    expect(agreementCobvTxid(123, 4567, 89)).toBe('AC00000123P00004567S0000000089');
    expect(isCobvTxid(agreementCobvTxid(123, 4567, 89))).toBe(true);
    expect(agreementCobvTxid(123, 4567, 89)).not.toBe(cobvTxid(123, 4567, 89));
    expect(() => agreementCobvTxid(1, 1_000_000_000, 1)).toThrow(RangeError);
  });

  it('the Pix API fields: calendario, devedor, valor with multa (percent) and juros (percent a month, calendar days), chave', () => {
    expect(cobvRequest(INPUT)).toEqual({
      calendario: { dataDeVencimento: '2026-02-12', validadeAposVencimento: COBV_VALID_DAYS_AFTER_DUE },
      devedor: { cpf: '11144477735', nome: 'Jose da Conceicao' },
      valor: { original: '907.75', multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 3, valorPerc: '1.00' } },
      chave: '27185642000169',
      solicitacaoPagador: 'Parcela 5/12 da operacao OP-000123',
    });
  });

  it('an updated slip has the multa in its amount: its charge asks none again; a CNPJ payer is devedor.cnpj', () => {
    const body = cobvRequest({ ...INPUT, multaIncluded: true, payer: { name: 'Padaria Ltda', document: '27.185.642/0001-69' } });
    expect(body.valor).toEqual({ original: '907.75', juros: { modalidade: 3, valorPerc: '1.00' } });
    expect(body.devedor).toEqual({ cnpj: '27185642000169', nome: 'Padaria Ltda' });
  });

  it('remuneratory interest during delay (compounded, no cobv modality says it): payable only up to its due date', () => {
    expect(cobvRequest({ ...INPUT, terms: { ...INPUT.terms, remuneratory: 'compound_daily' } }).calendario.validadeAposVencimento).toBe(0);
  });

  it('refuses a bad txid, date or amount', () => {
    expect(() => cobvRequest({ ...INPUT, txid: 'short' })).toThrow(RangeError);
    expect(() => cobvRequest({ ...INPUT, dueDate: '12/02/2026' })).toThrow(RangeError);
    expect(() => cobvRequest({ ...INPUT, amount: '0' })).toThrow(RangeError);
    expect(() => cobvRequest({ ...INPUT, amount: '1.001' })).toThrow(RangeError);
  });
});

describe('what a charge asks on a day', () => {
  const charge = cobvRequest(INPUT);

  it('the original up to the due date; then multa once and 1/30 of the mora a calendar day', () => {
    expect(cobvAmountOn(charge, '2026-02-01')).toBe('907.75');
    expect(cobvAmountOn(charge, '2026-02-12')).toBe('907.75');
    // Six days late on the 18th: multa 18.16 (2% of 907.75 = 18.155 → 18.16), mora 907.75 × 1%/30 × 6 = 1.8155 → 1.82.
    expect(cobvAmountOn(charge, '2026-02-18')).toBe('927.73');
  });

  it('a due date on a Sunday is payable on the next business day without charges (Código Civil art. 132 §1)', () => {
    const sunday = cobvRequest({ ...INPUT, dueDate: '2026-03-15' });
    expect(cobvAmountOn(sunday, '2026-03-16')).toBe('907.75');
    // From Monday 16 to Friday 20: 4 days.
    expect(cobvAmountOn(sunday, '2026-03-20')).toBe(new Decimal('907.75').plus('18.16').plus('1.21').toFixed(2));
  });

  it('equals the app late charges for an installment whose slip amount is its open value (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 5_000_000 }), fc.integer({ min: 1, max: 60 }), (centsValue, days) => {
        const amount = new Decimal(centsValue).div(100).toFixed(2);
        const body = cobvRequest({ ...INPUT, amount, dueDate: '2026-04-01' });
        const day = new Date(Date.UTC(2026, 3, 1 + days)).toISOString().slice(0, 10);
        return cobvAmountOn(body, day) === appDue(amount, '2026-04-01', day);
      }),
    );
  });
});

describe('dynamic BR Code', () => {
  it('point of initiation 12, the location without its protocol in 26-25, no amount, txid ***, valid CRC', () => {
    const code = dynamicBrCode({ location: 'https://pix.example.com/qr/v2/cobv/abc123', merchantName: 'Crédito Popular SCD S.A.', merchantCity: 'São Paulo' });
    expect(isValidBrCode(code)).toBe(true);
    const fields = parseTlv(code);
    expect(fields.get('01')).toBe('12');
    expect(parseTlv(fields.get('26')!)).toEqual(new Map([['00', 'br.gov.bcb.pix'], ['25', 'pix.example.com/qr/v2/cobv/abc123']]));
    expect(fields.has('54')).toBe(false);
    expect(fields.get('62')).toBe('0503***');
    expect(fields.get('59')).toBe('Credito Popular SCD S.A.');
  });

  it('refuses a location that is not https or too long', () => {
    expect(() => dynamicBrCode({ location: 'http://x.example/a', merchantName: 'A', merchantCity: 'B' })).toThrow(RangeError);
    expect(() => dynamicBrCode({ location: `x.example/${'a'.repeat(80)}`, merchantName: 'A', merchantCity: 'B' })).toThrow(RangeError);
  });
});
