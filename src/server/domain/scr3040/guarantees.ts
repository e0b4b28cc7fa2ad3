/**
 * The Doc 3040's `Gar` elements of an operation, from the guarantees the desk records: the secured guarantees pledged
 * to it (credit_operations.secured_guarantee_ids → borrower_secured_guarantees: kind and value, the same facts the
 * close reads for the portfolio C1–C5) and the personal guarantees of a company's CCB (its shareholders who sign as
 * avalistas, `signs_as_guarantor`: the rule operations/contracts.ts writes the signature lines by).
 *
 * Codes (Tp = type and subtype concatenated, four digits, the instructions' annex of guarantees — "anexo 12" in the
 * Central Bank's example file's comments). Each code names its source and whether it is confirmed; the README of the
 * regulatory area lists them. Unconfirmed codes are the lender's reading, to confirm against the annex before the
 * first sending.
 */
import Decimal from 'decimal.js';
import type { GuaranteeKind } from '@shared/enums';
import type { GuaranteeInput } from './model';

export interface GuaranteeCode {
  tp: string;
  /** what the annex calls it (as the source words it) */
  name: string;
  source: string;
  /** true when a public primary text or the Central Bank's example states the code; false: the lender's reading */
  confirmed: boolean;
}

const EXAMPLE = 'exemploDocPadraoInfosBasicas.xml (Banco Central, tests/fixtures/scr3040), comentários de Gar';
const VALIDATOR = 'validador público de Doc 3040 (github picpay, enum GarTp e GarValidator: 0101–0108, 0199, 0889, 0901–0904, 1001–1002)';

/** Personal guarantees (type 09, garantia fidejussória): 0901 by an individual, 0902 by a company. */
export const PERSONAL_GUARANTEE_CODES = {
  individual: { tp: '0901', name: 'garantia fidejussória — pessoa física', source: `${VALIDATOR}; tipo 09 fidejussória: ${EXAMPLE}`, confirmed: true },
  company: { tp: '0902', name: 'garantia fidejussória — pessoa jurídica', source: `${EXAMPLE} ("0902 = tipo 09 e subtipo 02 = garantia fidejussoria de pessoa juridica")`, confirmed: true },
} as const satisfies Record<string, GuaranteeCode>;

/**
 * The desk's secured guarantee kinds. receivables: type 01 (cessão de direitos creditórios, the example's "0102 = tipo 01
 * e subtipo 02 = cessao de direitos creditorios - cheques"), subtype 99 (others) as the public validator lists it — the
 * desk does not record which receivables. The liens on property, vehicles, equipment and investments (alienação
 * fiduciária): the annex's type was not found in a public source here; written 04, subtype 99, unconfirmed. `other`: no
 * code is known for an unnamed guarantee: not written (the README says so).
 */
export const SECURED_GUARANTEE_CODES: Readonly<Record<GuaranteeKind, GuaranteeCode | null>> = {
  receivables: { tp: '0199', name: 'cessão de direitos creditórios — outros', source: `${EXAMPLE} (tipo 01); ${VALIDATOR} (0199)`, confirmed: true },
  property: { tp: '0499', name: 'alienação fiduciária — imóveis (leitura do credor)', source: 'não confirmado: anexo de garantias não encontrado em fonte pública aqui', confirmed: false },
  vehicle: { tp: '0499', name: 'alienação fiduciária — veículos (leitura do credor)', source: 'não confirmado: anexo de garantias não encontrado em fonte pública aqui', confirmed: false },
  equipment: { tp: '0499', name: 'alienação fiduciária — máquinas e equipamentos (leitura do credor)', source: 'não confirmado: anexo de garantias não encontrado em fonte pública aqui', confirmed: false },
  investment: { tp: '0499', name: 'alienação fiduciária — aplicações financeiras (leitura do credor)', source: 'não confirmado: anexo de garantias não encontrado em fonte pública aqui', confirmed: false },
  other: null,
};

/** The type (first two digits) of a personal guarantee. */
export const PERSONAL_GUARANTEE_TYPE = '09';

export interface SecuredGuaranteeFact {
  kind: GuaranteeKind;
  /** the value the desk recorded (the guarantee's value when pledged) */
  value: Decimal.Value;
}

export interface GuarantorFact {
  /** CPF (11 digits) or CNPJ (14), without mask */
  document: string;
}

/**
 * An operation's `Gar` elements: each secured guarantee with a code, its original value (VlrOrig; no reappraisal is
 * recorded, so VlrData/DtReav are not written); each guarantor of the CCB, 0901 (CPF) or 0902 (CNPJ base), with the
 * percentage it guarantees — 100: the avalista answers as the one it guarantees, for the whole debt (Código Civil art.
 * 899; the CCB's aval, Lei 10.931/2004 art. 44: the rules of cambial law apply to it).
 */
export function guaranteesOf(secured: readonly SecuredGuaranteeFact[], guarantors: readonly GuarantorFact[]): GuaranteeInput[] {
  const out: GuaranteeInput[] = [];
  for (const g of secured) {
    const code = SECURED_GUARANTEE_CODES[g.kind];
    if (!code || new Decimal(g.value).lte(0)) continue;
    out.push({ tp: code.tp, vlrOrig: new Decimal(g.value) });
  }
  const seen = new Set<string>();
  for (const g of guarantors) {
    const digits = g.document.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    const ident = digits.length === 11 ? digits : digits.length === 14 ? digits.slice(0, 8) : null;
    if (ident === null || seen.has(ident)) continue;
    seen.add(ident);
    out.push({ tp: digits.length === 11 ? PERSONAL_GUARANTEE_CODES.individual.tp : PERSONAL_GUARANTEE_CODES.company.tp, ident, percGar: 100 });
  }
  return out;
}
