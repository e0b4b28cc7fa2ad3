/** A small built portfolio for the Doc 3040 tests: two individuals, a company, a ceded operation, one small client. */
import Decimal from 'decimal.js';
import type { ClientInput, HeaderInput, OperationInput } from '../../../../src/server/domain/scr3040/model';
import { vencBuckets } from '../../../../src/server/domain/scr3040/venc';

export const HEADER: HeaderInput = {
  dtBase: '2026-03',
  cnpj: '12345678',
  remessa: 1,
  nomeResp: 'Ana Responsável & Cia',
  emailResp: 'ana@credito.example',
  telResp: '11987654321',
};

export function operation(contrt: string, over: Partial<OperationInput> = {}): OperationInput {
  const balance = over.balance ?? '1012.34';
  return {
    contrt,
    natuOp: '01',
    mod: '0203',
    origemRec: '0101',
    indx: '11',
    varCamb: '790',
    dtVencOp: '2026-12-10',
    cep: '01310100',
    taxEft: '42.58',
    dtContr: '2025-12-10',
    provConsttd: '19.23',
    diaAtraso: 0,
    balance,
    venc: vencBuckets({ baseDate: '2026-03-31', balance, flows: [{ due: '2026-04-10', amount: '400' }, { due: '2026-05-10', amount: '400' }] }),
    guarantees: [],
    stage: '1',
    portfolio: 'C5',
    stageSince: '2025-12-10',
    monthIncome: '12.34',
    ...over,
  };
}

export const CLIENTS: ClientInput[] = [
  { tp: '1', document: '52998224725', autorzc: 'S', porteCli: '0', iniRelactCli: '2025-11-20', operations: [operation('CCB-1'), operation('CCB-2', { diaAtraso: 45, stage: '2', balance: '700.00', venc: vencBuckets({ baseDate: '2026-03-31', flows: [{ due: '2026-02-14', amount: '350' }, { due: '2026-04-14', amount: '350' }] }) })] },
  {
    tp: '2',
    document: '00038166000288',
    autorzc: 'S',
    porteCli: '1',
    iniRelactCli: '2024-05-02',
    operations: [operation('CCB-3', { mod: '0216', portfolio: 'C4', guarantees: [{ tp: '0902', ident: '22222222', percGar: '100' }, { tp: '0102', vlrOrig: '5000', vlrData: '4800', dtReav: '2026-01-31' }] })],
  },
  { tp: '1', document: '11144477735', autorzc: 'S', porteCli: '0', iniRelactCli: '2025-01-15', operations: [operation('CCB-4', { natuOp: '11', cession: { date: '2026-02-01', assignee: '02533346', coobligation: '100' } })] },
];

/** Below the R$ 200 threshold: aggregated. */
export const SMALL: ClientInput = { tp: '1', document: '39053344705', autorzc: 'S', porteCli: '0', iniRelactCli: '2025-06-01', operations: [operation('CCB-5', { balance: '150.00', provConsttd: '2.85', venc: { v110: new Decimal('150.00') } })] };
