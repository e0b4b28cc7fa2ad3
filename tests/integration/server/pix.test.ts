/**
 * Pix charges matched to installments, over HTTP: the company chooses the
 * sandbox provider; a slip issued creates its cobv at the sandbox (once per
 * slip, with the frozen contract's multa and mora) and prints its dynamic
 * code; the sandbox's signed notice settles the installment through the
 * payment path with its ledger entries (trial balance zero); the same
 * delivery again is refused (409), the same pix re-signed is a no-op; unsigned,
 * badly signed and stale notices are refused (401) and logged; an unknown
 * txid, a wrong amount and a pix for an installment already paid are kept
 * unmatched with the reason; a late Pix at the charge's multa and juros
 * settles exactly; the carnê carries a code per open installment; an
 * installment paid by Pix goes out as a baixa (02) in the next remittance.
 *
 * The schedule's first due date, 2026-02-15, is a Sunday followed by Carnival
 * (payable without charges until 2026-02-18); the second, 2026-03-15, a
 * Sunday too (payable until Monday 2026-03-16).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, raw, signInEveryRole, type DemoRole } from './client';
import { itAnswersTheMatrix } from './matrix';
import { disbursedOperation, expectBooksBalanced, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';
import { createSandboxPixProvider, sandboxPix, signedSandboxNotice } from '../../../src/server/areas/pix';
import { cobvAmountOn, type CobvRequest } from '../../../src/server/domain/servicing/pix-cobv';
import { dynamicBrCode, isValidBrCode, parseTlv } from '../../../src/server/domain/servicing/pix-brcode';
import { PIX_SIGNATURE_HEADER } from '../../../src/server/domain/pix-signature';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

let server: TestServer;
let tokens: Record<DemoRole, string>;
let secret = '';
let opId = 0;
let installments: Array<{ id: number; number: number; due_date: string }> = [];
let itauId = 0;
const scratch = mkdtempSync(join(tmpdir(), 'pix-it-'));

interface ChargeRow {
  id: number;
  txid: string;
  installment_id: number;
  slip_id: number;
  amount: string;
  due_date: string;
  request: CobvRequest;
  location: string | null;
}

const chargesOf = (installmentId: number) =>
  server.database.rows<ChargeRow>('SELECT id, txid, installment_id, slip_id, amount::text, due_date::text, request, location FROM pix_charges WHERE installment_id = $1 ORDER BY id', [installmentId]);

const now = () => Math.floor(Date.now() / 1000);

/** POSTs a notice to the webhook with the given body and headers, as the provider would. */
function deliver(notice: { body: string; headers: Record<string, string> }) {
  return raw(server, 'pix.webhook', { params: { company_id: 1 }, body: notice.body, headers: notice.headers });
}

/** The sandbox's signed notice of these pix, timestamped now. */
const signed = (pix: object[], at = now()) => signedSandboxNotice(secret, pix, at);

async function installmentOf(id: number) {
  const answer = await call(server, 'servicing.installmentDetails', { id: opId, installment: id }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { installment: { status: string; due_total: string }; transactions: Array<{ kind: string; method: string; amount: string; reference: string | null }> };
}

function pdfText(bytes: Uint8Array, name: string): string | null {
  if (!hasPdftotext) return null;
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  opId = await disbursedOperation(server, tokens, await insertBorrower(server, 'Pedro Pix', '111.444.777-35'));
  installments = (await call(server, 'servicing.installments', { id: opId }, tokens.agent)).body.installments;
  [{ id: itauId }] = await server.database.rows<{ id: number }>("SELECT id FROM company_bank_accounts WHERE company_id = 1 AND bank_code = '341' ORDER BY id LIMIT 1");
});
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('the provider is the company choice', () => {
  itAnswersTheMatrix(
    [['pix.settings', { id: 1 }, { superadmin: 200, admin: 200, operator: 403, agent: 403, user: 403 }]],
    () => ({ server, tokens }),
  );

  it('none until chosen: the slip keeps the static code and no charge is made', async () => {
    expect((await call(server, 'pix.settings', { id: 1 }, tokens.admin)).body).toMatchObject({ provider: 'none', webhook_secret: null, webhook_path: '/api/pix/webhook/1' });
    server.clock.set('2026-02-01');
    expect((await call(server, 'boleto.slip', { x: installments[0].id }, tokens.agent)).status).toBe(200);
    expect(await chargesOf(installments[0].id)).toEqual([]);
    // Without a provider every notice is refused.
    expect((await deliver(signedSandboxNotice('whatever', [{ endToEndId: 'E1', txid: 'x', valor: '1.00', horario: '2026-02-01T12:00:00-03:00' }], now()))).status).toBe(401);
  });

  it('choosing the sandbox draws the secret, answered once; api needs its https address', async () => {
    const noUrl = await call(server, 'pix.saveSettings', { id: 1, provider: 'api' }, tokens.admin);
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.field).toBe('api_base_url');
    expect((await call(server, 'pix.saveSettings', { id: 1, provider: 'sandbox' }, tokens.operator)).status).toBe(403);
    const chosen = await call(server, 'pix.saveSettings', { id: 1, provider: 'sandbox' }, tokens.admin);
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.provider).toBe('sandbox');
    secret = chosen.body.webhook_secret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect((await call(server, 'pix.settings', { id: 1 }, tokens.admin)).body).toMatchObject({ provider: 'sandbox', webhook_secret: null });
    // Saved again without rotating: the same secret, not answered.
    expect((await call(server, 'pix.saveSettings', { id: 1, provider: 'sandbox' }, tokens.admin)).body.webhook_secret).toBeNull();
  });
});

describe('slip → cobv at the sandbox → signed notice → installment paid', () => {
  let charge: ChargeRow;
  let settledNotice: { body: string; headers: Record<string, string> };

  it('the slip creates its cobv at the sandbox with the contract multa and mora and prints its dynamic code; a reprint creates nothing', async () => {
    server.clock.set('2026-02-10');
    const first = installments[0];
    const slip = await call(server, 'boleto.slip', { x: first.id }, tokens.agent);
    expect(slip.status).toBe(200);
    const rows = await chargesOf(first.id);
    expect(rows).toHaveLength(1);
    charge = rows[0];
    const [recorded] = await server.database.rows<{ id: number; amount: string }>('SELECT id, amount::text FROM boleto_slips WHERE installment_id = $1 ORDER BY id DESC LIMIT 1', [first.id]);
    expect(charge.slip_id).toBe(recorded.id);
    expect(charge.txid).toMatch(/^OP\d{8}P\d{8}S\d{10}$/);
    expect(charge.request).toMatchObject({
      calendario: { dataDeVencimento: '2026-02-15', validadeAposVencimento: 60 },
      devedor: { cpf: '11144477735', nome: 'Pedro Pix' },
      valor: { original: recorded.amount, multa: { modalidade: 2, valorPerc: '2.00' }, juros: { modalidade: 3, valorPerc: '1.00' } },
    });
    expect(charge.location).toBe(`pix.sandbox.local/v2/cobv/${charge.txid}`);
    // Created at the sandbox (GET /cobv/{txid}).
    expect(await createSandboxPixProvider().getCobv(charge.txid)).toMatchObject({ txid: charge.txid, status: 'ATIVA', valor: { original: recorded.amount } });
    const code = dynamicBrCode({ location: charge.location!, merchantName: 'x', merchantCity: 'y' });
    expect(isValidBrCode(code)).toBe(true);
    const text = pdfText(slip.body, 'slip');
    if (text !== null) {
      const flat = text.replace(/\s+/g, '');
      expect(flat).toContain(`25${String(charge.location!.length).padStart(2, '0')}${charge.location}`);
      expect(flat).toContain('0002010102122');
    }
    expect((await call(server, 'boleto.slip', { x: first.id }, tokens.agent)).status).toBe(200);
    expect(await chargesOf(first.id)).toHaveLength(1);
  });

  it('the sandbox-signed notice settles the installment through the payment path, books balanced', async () => {
    const pix = sandboxPix({ txid: charge.txid, paidAt: '2026-02-10T14:30:00-03:00', endToEndId: 'E00000000202602101430PEDRO00001' }, '2026-02-10');
    expect(pix.valor).toBe(charge.amount);
    settledNotice = signed([pix]);
    const answer = await deliver(settledNotice);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ received: 1, settled: 1, unmatched: 0, duplicates: 0 });
    const details = await installmentOf(installments[0].id);
    expect(details.installment.status).toBe('paid');
    expect(details.transactions).toEqual([expect.objectContaining({ kind: 'payment', method: 'pix', amount: charge.amount, reference: 'E00000000202602101430PEDRO00001' })]);
    const [notice] = await server.database.rows<{ status: string; transaction_id: number | null }>("SELECT status, transaction_id FROM pix_notices WHERE end_to_end_id = 'E00000000202602101430PEDRO00001'");
    expect(notice.status).toBe('settled');
    expect(notice.transaction_id).not.toBeNull();
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM journal_entries WHERE transaction_id = $1', [notice.transaction_id]);
    expect(n).toBeGreaterThan(0);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('the same delivery again is refused (409) and logged; the same pix re-signed is a no-op', async () => {
    const replay = await deliver(settledNotice);
    expect(replay.status).toBe(409);
    const resent = await deliver(signed(JSON.parse(settledNotice.body).pix, now() + 1));
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ received: 1, settled: 0, unmatched: 0, duplicates: 1 });
    expect((await installmentOf(installments[0].id)).transactions).toHaveLength(1);
    const refusals = await server.database.rows<{ reason: string }>("SELECT reason FROM pix_webhook_refusals WHERE reason = 'replayed'");
    expect(refusals).toHaveLength(1);
    await expectBooksBalanced(server, tokens.operator);
  });

  it('unsigned, badly signed and stale notices: 401, nothing settled, each logged', async () => {
    const pix = [{ endToEndId: 'E00000000202602101430FORGED001', txid: charge.txid, valor: charge.amount, horario: '2026-02-10T15:00:00-03:00' }];
    const good = signed(pix);
    const unsigned = await deliver({ body: good.body, headers: { 'content-type': 'application/json' } });
    const badlySigned = await deliver({ body: good.body, headers: { ...good.headers, [PIX_SIGNATURE_HEADER]: signedSandboxNotice('another secret', pix, now()).headers[PIX_SIGNATURE_HEADER] } });
    const tampered = await deliver({ body: good.body.replace(charge.amount, '0.01'), headers: good.headers });
    const stale = await deliver(signed(pix, now() - 301));
    // A minute past the window, not a second: on a loaded machine more than a second can pass between signing and the check.
    const future = await deliver(signed(pix, now() + 360));
    const wrongCompany = await raw(server, 'pix.webhook', { params: { company_id: 2 }, body: good.body, headers: good.headers });
    expect([unsigned.status, badlySigned.status, tampered.status, stale.status, future.status, wrongCompany.status]).toEqual([401, 401, 401, 401, 401, 401]);
    const reasons = (await server.database.rows<{ reason: string }>("SELECT reason FROM pix_webhook_refusals WHERE reason <> 'replayed' ORDER BY id")).map((r) => r.reason);
    // The first refusal is the one before a provider was chosen.
    expect(reasons).toEqual(['no_provider', 'unsigned', 'bad_signature', 'bad_signature', 'stale', 'stale', 'no_provider']);
    expect(await server.database.rows("SELECT 1 FROM pix_notices WHERE end_to_end_id = 'E00000000202602101430FORGED001'")).toEqual([]);
  });

  it('unknown txid, wrong amount and an installment already paid: kept unmatched with the reason, the money booked to suspense', async () => {
    const second = installments[1];
    await call(server, 'boleto.slip', { x: second.id }, tokens.agent);
    const [secondCharge] = await chargesOf(second.id);
    const postingsBefore = await server.database.rows('SELECT DISTINCT posting_id FROM journal_entries');
    const answer = await deliver(
      signed([
        { endToEndId: 'E0000000020260210UNKNOWN000001', txid: 'OP99999999P99999999S9999999999', valor: '10.00', horario: '2026-02-10T16:00:00-03:00' },
        { endToEndId: 'E0000000020260210WRONGAMOUNT01', txid: secondCharge.txid, valor: '1.00', horario: '2026-02-10T16:00:00-03:00' },
        { endToEndId: 'E0000000020260210ALREADYPAID01', txid: charge.txid, valor: charge.amount, horario: '2026-02-10T16:00:00-03:00' },
      ]),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ received: 3, settled: 0, unmatched: 3, duplicates: 0 });
    const rows = await server.database.rows<{ end_to_end_id: string; status: string; reason: string }>(
      "SELECT end_to_end_id, status, reason FROM pix_notices WHERE end_to_end_id IN ('E0000000020260210UNKNOWN000001', 'E0000000020260210WRONGAMOUNT01', 'E0000000020260210ALREADYPAID01') ORDER BY id",
    );
    expect(rows.map((r) => [r.end_to_end_id, r.status, r.reason.split(':')[0]])).toEqual([
      ['E0000000020260210UNKNOWN000001', 'unmatched', 'unknown_txid'],
      ['E0000000020260210WRONGAMOUNT01', 'unmatched', 'wrong_amount'],
      ['E0000000020260210ALREADYPAID01', 'unmatched', 'refused'],
    ]);
    // Each credit is booked once, bank ← suspense (valores a identificar), and listed for a person to apply or refund.
    expect(await server.database.rows('SELECT DISTINCT posting_id FROM journal_entries')).toHaveLength(postingsBefore.length + 3);
    const listed = await call(server, 'suspense.list', { filter: { state: 'open' }, limit: 100 }, tokens.operator);
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const fromPix = (listed.body.items as Array<Record<string, unknown>>).filter((i) => i.source === 'pix').map((i) => [i.source_reference, i.reason, i.amount, i.installment_id]);
    expect(fromPix.sort()).toEqual(
      [
        ['E0000000020260210UNKNOWN000001', 'unknown_title', '10.00', null],
        ['E0000000020260210WRONGAMOUNT01', 'wrong_amount', '1.00', second.id],
        ['E0000000020260210ALREADYPAID01', 'refused', charge.amount, installments[0].id],
      ].sort(),
    );
    expect((await installmentOf(second.id)).installment.status).not.toBe('paid');
    await expectBooksBalanced(server, tokens.operator);
  });

  it('paid late by Pix: the charge multa and juros are what the app computes, so it settles exactly', async () => {
    const second = installments[1];
    const [secondCharge] = await chargesOf(second.id);
    expect(secondCharge.due_date).toBe('2026-03-15');
    server.clock.set('2026-03-20');
    const due = (await installmentOf(second.id)).installment.due_total;
    // Sunday 15 → payable Monday 16; 4 days late on the 20th.
    expect(cobvAmountOn(secondCharge.request, '2026-03-20')).toBe(due);
    const answer = await deliver(signed([sandboxPix({ txid: secondCharge.txid, paidAt: '2026-03-20T10:00:00-03:00', amount: due }, '2026-03-20')]));
    expect(answer.body).toMatchObject({ settled: 1 });
    expect((await installmentOf(second.id)).installment.status).toBe('paid');
    await expectBooksBalanced(server, tokens.operator);
  });
});

describe('the carnê and the remittance', () => {
  it('the carnê carries a dynamic code per open installment, one charge each', async () => {
    server.clock.set('2026-03-20');
    const carne = await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.agent);
    expect(carne.status).toBe(200);
    const open = installments.slice(2);
    const [{ n }] = await server.database.rows<{ n: number }>('SELECT count(DISTINCT installment_id)::int AS n FROM pix_charges WHERE installment_id = ANY($1::int[]) AND location IS NOT NULL', [open.map((i) => i.id)]);
    expect(n).toBe(open.length);
    const [third] = await chargesOf(installments[2].id);
    const tlv = parseTlv(dynamicBrCode({ location: third.location!, merchantName: 'Empresa', merchantCity: 'Sao Paulo' }));
    expect(parseTlv(tlv.get('26')!).get('25')).toBe(third.location);
  });

  it('an installment paid by Pix after its slip went to the bank goes out as a baixa (02) in the next remittance', async () => {
    const third = installments[2];
    const generate = () => call(server, 'remittance.generate', { bankCode: '341', date: '2026-03-20', bank_account_id: itauId, idempotency_key: key() }, tokens.operator);
    const sent = await generate();
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [thirdCharge] = await chargesOf(third.id);
    const paid = await deliver(signed([sandboxPix({ txid: thirdCharge.txid, paidAt: '2026-03-20T11:00:00-03:00', amount: thirdCharge.amount }, '2026-03-20')]));
    expect(paid.body).toMatchObject({ settled: 1 });
    const overview = await call(server, 'remittance.overview', { bankCode: '341', date: '2026-03-20' }, tokens.agent);
    expect(overview.body.pending.items).toEqual(expect.arrayContaining([expect.objectContaining({ installment_id: third.id, instruction: 'writeOff', reason: 'paid' })]));
    const baixa = await generate();
    expect(baixa.status, JSON.stringify(baixa.body)).toBe(200);
    expect(baixa.body).toMatchObject({ write_off_count: 1 });
    await expectBooksBalanced(server, tokens.operator);
  });

  it('the same pix in two deliveries at once (a provider retrying while the first is in flight): settled once', async () => {
    const fourth = installments[3];
    const [fourthCharge] = await chargesOf(fourth.id);
    const pix = sandboxPix({ txid: fourthCharge.txid, paidAt: '2026-03-20T12:00:00-03:00', amount: fourthCharge.amount, endToEndId: 'E0000000020260320TWICE0000001' }, '2026-03-20');
    const answers = await Promise.all([deliver(signed([pix])), deliver(signed([pix], now() + 1))]);
    // Each answered: one settles it; the other finds it taken (a duplicate) or, racing past the read, is rolled back (409) for the provider to send again.
    expect(answers.map((a) => a.status).sort()).toEqual(expect.arrayContaining([200]));
    expect(answers.filter((a) => a.status === 200).reduce((n, a) => n + a.body.settled, 0)).toBe(1);
    const details = await installmentOf(fourth.id);
    expect(details.transactions.filter((t) => t.method === 'pix')).toHaveLength(1);
    await expectBooksBalanced(server, tokens.operator);
  });
});
