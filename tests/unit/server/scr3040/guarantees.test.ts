/**
 * The Doc 3040's guarantees: the desk's secured guarantees and a company's avalistas as `Gar` elements (codes of the
 * annex of guarantees, each with its source), and the offline rules that hold a `Gar` (personal: guarantor and
 * percentage; real: original value; reappraisal: value and date together, not after the data-base).
 */
import { describe, expect, it } from 'vitest';
import { GUARANTEE_KINDS } from '@shared/enums';
import { GUARANTEE_PORTFOLIO } from '@shared/books/portfolio';
import { checkDocument } from '../../../../src/server/domain/scr3040/checks';
import { guaranteesOf, PERSONAL_GUARANTEE_CODES, SECURED_GUARANTEE_CODES } from '../../../../src/server/domain/scr3040/guarantees';
import { clientElement } from '../../../../src/server/domain/scr3040/model';
import { parseXml } from '../../../../src/server/domain/scr3040/xml';
import { CLIENTS, HEADER } from './portfolio';

const plain = (gs: ReturnType<typeof guaranteesOf>) => gs.map((g) => ({ ...g, vlrOrig: g.vlrOrig?.toString(), percGar: g.percGar?.toString() }));

describe('guaranteesOf', () => {
  it('a secured guarantee: its code and original value; an avalista: 0901 with the CPF or 0902 with the CNPJ base, 100 %', () => {
    const out = guaranteesOf(
      [
        { kind: 'receivables', value: '12000.00' },
        { kind: 'vehicle', value: '45000.50' },
      ],
      [{ document: '52998224725' }, { document: '11222333000181' }],
    );
    expect(plain(out)).toEqual([
      { tp: '0199', vlrOrig: '12000', percGar: undefined },
      { tp: '0499', vlrOrig: '45000.5', percGar: undefined },
      { tp: '0901', ident: '52998224725', percGar: '100', vlrOrig: undefined },
      { tp: '0902', ident: '11222333', percGar: '100', vlrOrig: undefined },
    ]);
  });

  it('an unnamed guarantee (other) and a value not positive are not written; a guarantor once; a document of neither size skipped', () => {
    const out = guaranteesOf([{ kind: 'other', value: '100' }, { kind: 'property', value: '0' }], [{ document: '52998224725' }, { document: '529.982.247-25' }, { document: '123' }]);
    expect(out.map((g) => g.tp)).toEqual(['0901']);
  });

  it('every desk kind has a code or is explicitly left out; every code names its source and whether it is confirmed', () => {
    for (const kind of GUARANTEE_KINDS) expect(kind in SECURED_GUARANTEE_CODES, kind).toBe(true);
    for (const code of [...Object.values(SECURED_GUARANTEE_CODES), ...Object.values(PERSONAL_GUARANTEE_CODES)]) {
      if (code === null) continue;
      expect(code.tp).toMatch(/^\d{4}$/);
      expect(code.source.length).toBeGreaterThan(20);
      expect(typeof code.confirmed).toBe('boolean');
    }
    // The kinds that give a secured portfolio (C1–C3) are all reported as a guarantee.
    for (const kind of GUARANTEE_KINDS) if (GUARANTEE_PORTFOLIO[kind] !== null) expect(SECURED_GUARANTEE_CODES[kind], kind).not.toBeNull();
    expect(PERSONAL_GUARANTEE_CODES.company.tp).toBe('0902');
  });
});

describe('the rules on Gar', () => {
  const withGuarantees = (guarantees: ReturnType<typeof guaranteesOf>) => {
    const client = { ...CLIENTS[0], operations: [{ ...CLIENTS[0].operations[0], guarantees }] };
    const root = parseXml(`<Doc3040 DtBase="2026-03" CNPJ="12345678" Remessa="1" Parte="1" TpArq="F" NomeResp="A" EmailResp="a@b.example" TelResp="1133334444" TotalCli="1"/>`);
    root.children.push(clientElement(HEADER.cnpj, client));
    return checkDocument(root).map((f) => `${f.rule}:${f.attribute}:${f.value}`);
  };

  it('what guaranteesOf writes passes', () => {
    expect(withGuarantees(guaranteesOf([{ kind: 'property', value: '250000' }], [{ document: '52998224725' }]))).toEqual([]);
  });

  it('0901 needs a valid CPF; 0902 a CNPJ base; a personal guarantee its percentage above 0', () => {
    expect(withGuarantees([{ tp: '0901', ident: '52998224724', percGar: 100 }])).toEqual(['guaranteePersonal:Ident:52998224724']);
    expect(withGuarantees([{ tp: '0902', ident: '52998224725', percGar: 100 }])).toEqual(['guaranteePersonal:Ident:52998224725']);
    expect(withGuarantees([{ tp: '0901', ident: '52998224725', percGar: 0 }])).toEqual(['guaranteePersonal:PercGar:0.00']);
    expect(withGuarantees([{ tp: '0901', percGar: 50 }])).toEqual(['guarantee:Ident:null', 'guaranteePersonal:Ident:null']);
  });

  it('a real guarantee needs its original value; a reappraisal its value and date, not after the data-base', () => {
    expect(withGuarantees([{ tp: '0499', ident: '11222333' }])).toEqual(['guaranteeReal:VlrOrig:null']);
    expect(withGuarantees([{ tp: '0199', vlrOrig: 10, vlrData: 9 }])).toEqual(['guaranteeRevaluation:DtReav:null']);
    expect(withGuarantees([{ tp: '0199', vlrOrig: 10, vlrData: 9, dtReav: '2026-04-01' }])).toEqual(['guaranteeRevaluation:DtReav:2026-04-01']);
  });
});
