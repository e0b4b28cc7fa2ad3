/**
 * Boletos print the installment's title data (PUT …/title): its document
 * number instead of "<operation>/<installment>", the protest or credit-bureau
 * instruction and the note, read back from the PDF with pdftotext. A slip
 * records the title version it printed: asked again while the title is
 * unchanged it is the same slip (same nosso número); after a title change it
 * is a new slip with a new number, and the old one stays recorded as it was.
 * A renegotiated installment gets no slip (409 naming its status).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDigitableLine } from '../../../src/server/domain/boleto';
import { startTestServer, type TestServer } from '../../helpers/server';
import { call, signInEveryRole, type DemoRole } from './client';
import { disbursedOperation, insertBorrower, key, SERVICING_PARAMETERS_SQL } from './servicing-fixtures';

const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;
if (!hasPdftotext) console.warn('servicing-boleto-title.test: pdftotext (poppler-utils) not found — the read-back assertions are skipped');

let server: TestServer;
let tokens: Record<DemoRole, string>;
let borrowerId: number;
const scratch = mkdtempSync(join(tmpdir(), 'boleto-title-it-'));

interface SlipRow {
  id: number;
  sequence: number;
  our_number: string;
  digitable_line: string;
  title_version: number;
}

async function slipsOf(installmentId: number): Promise<SlipRow[]> {
  return server.database.rows<SlipRow>(
    'SELECT id, sequence::int AS sequence, our_number, digitable_line, title_version FROM boleto_slips WHERE installment_id = $1 ORDER BY id',
    [installmentId],
  );
}

const disbursed = () => disbursedOperation(server, tokens, borrowerId);

async function installmentsOf(operationId: number) {
  const answer = await call(server, 'servicing.installments', { id: operationId }, tokens.agent);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.installments as Array<{ id: number; number: number; value: string; due_date: string }>;
}

/** The PDF's text (pdftotext -layout), or null where poppler is missing. */
function pdfText(bytes: Uint8Array, name: string): string | null {
  if (!hasPdftotext) return null;
  const file = join(scratch, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function saveTitle(operationId: number, installmentId: number, title: Record<string, unknown>) {
  const answer = await call(server, 'servicingMoves.saveTitle', { id: operationId, installment: installmentId, ...title }, tokens.operator);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo', today: '2026-01-10' });
  tokens = await signInEveryRole(server);
  await server.database.rows(SERVICING_PARAMETERS_SQL);
  borrowerId = await insertBorrower(server, 'Teresa Título', '111.444.777-35');
});
afterAll(async () => {
  await server?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe("the installment's title data on its boleto", () => {
  let opId = 0;
  let first: Awaited<ReturnType<typeof installmentsOf>>[number];
  let second: Awaited<ReturnType<typeof installmentsOf>>[number];
  beforeAll(async () => {
    opId = await disbursed();
    server.clock.set('2026-01-20');
    [first, second] = await installmentsOf(opId);
  });

  it('without title data: the operation and installment as document number, no protest line, version 0 recorded', async () => {
    const answer = await call(server, 'boleto.slip', { x: second.id }, tokens.agent);
    expect(answer.status).toBe(200);
    const [slip] = await slipsOf(second.id);
    expect(slip.title_version).toBe(0);
    const text = pdfText(answer.body as Uint8Array, 'plain');
    if (text !== null) {
      // The same document number the remittance gives the bank (title-document-number.ts).
      expect(text).toContain(`${opId}/002`);
      expect(text).not.toContain('Protestar');
      expect(text).not.toContain('Negativar');
    }
  });

  it("prints the title's document number, its protest instruction and its note; the same slip while the title is unchanged", async () => {
    await saveTitle(opId, first.id, { version: 0, document_number: 'NF26/0042', protest_days: 5, note: 'Não receber após 60 dias do vencimento.' });
    const answer = await call(server, 'boleto.slip', { x: first.id }, tokens.agent);
    expect(answer.status).toBe(200);
    // The saved file keeps the operation's name whatever the title prints.
    expect(answer.headers.get('content-disposition')).toContain(`boleto-OP-${String(opId).padStart(6, '0')}-001.pdf`);
    const slips = await slipsOf(first.id);
    expect(slips).toHaveLength(1);
    expect(slips[0].title_version).toBe(1);
    const text = pdfText(answer.body as Uint8Array, 'protest');
    if (text !== null) {
      expect(text).toContain('NF26/0042');
      expect(text).not.toContain(`OP-${String(opId).padStart(6, '0')}/001`);
      expect(text).toContain('Protestar após 5 dias corridos do vencimento.');
      expect(text).toContain('Não receber após 60 dias do vencimento.');
      expect(text).toContain(formatDigitableLine(slips[0].digitable_line));
    }
    const again = await call(server, 'boleto.slip', { x: first.id }, tokens.operator);
    expect(again.status).toBe(200);
    expect(await slipsOf(first.id)).toEqual(slips);
    const againText = pdfText(again.body as Uint8Array, 'protest-again');
    if (againText !== null) {
      expect(againText).toContain('NF26/0042');
      expect(againText).toContain(slips[0].our_number);
    }
  });

  it('a title change makes a new slip with a new nosso número; the first stays recorded with its version', async () => {
    const [before] = await slipsOf(first.id);
    await saveTitle(opId, first.id, { version: 1, document_number: 'NF26/0043', negativation_days: 15 });
    const answer = await call(server, 'boleto.slip', { x: first.id }, tokens.agent);
    expect(answer.status).toBe(200);
    const slips = await slipsOf(first.id);
    expect(slips).toHaveLength(2);
    expect(slips[0]).toEqual(before);
    expect(slips[1].title_version).toBe(2);
    expect(slips[1].sequence).toBeGreaterThan(before.sequence);
    expect(slips[1].our_number).not.toBe(before.our_number);
    const text = pdfText(answer.body as Uint8Array, 'negativation');
    if (text !== null) {
      expect(text).toContain('NF26/0043');
      expect(text).toContain('Negativar nos órgãos de proteção ao crédito após 15 dias do vencimento.');
      expect(text).not.toContain('Protestar');
      expect(text).not.toContain('Não receber após 60 dias');
      expect(text).toContain(formatDigitableLine(slips[1].digitable_line));
      expect(text).not.toContain(formatDigitableLine(before.digitable_line));
    }
    const log = await server.database.rows<{ action: string; after: Record<string, unknown> }>(
      "SELECT action, after FROM activity_log WHERE entity = 'installment' AND entity_id = $1 AND action LIKE 'boleto.%' ORDER BY id",
      [first.id],
    );
    expect(log.map((l) => [l.action, l.after.title_version])).toEqual([
      ['boleto.issue', 1],
      ['boleto.reprint', 1],
      ['boleto.issue', 2],
    ]);
  });

  it('the carnê prints the title data too, gives the recorded slips again, and issues anew only the installment whose title changed', async () => {
    const carne = await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.agent);
    expect(carne.status).toBe(200);
    const count = async () => (await server.database.rows<{ n: number }>('SELECT count(*)::int AS n FROM boleto_slips WHERE credit_operation_id = $1', [opId]))[0].n;
    // 3 slips so far (first ×2, second ×1) plus the ten installments never asked for.
    expect(await count()).toBe(13);
    const text = pdfText(carne.body as Uint8Array, 'carne');
    if (text !== null) expect(text).toContain('NF26/0043');
    await saveTitle(opId, second.id, { version: 0, note: 'Pagável em qualquer banco até o vencimento.' });
    expect((await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.agent)).status).toBe(200);
    expect(await count()).toBe(14);
    const slips = await slipsOf(second.id);
    expect(slips.map((s) => s.title_version)).toEqual([0, 1]);
  });

  it('the remittance tells the bank what the slip prints: negativação after 15 days (code 8), protest after 5 (code 1), neither (code 3)', async () => {
    const third = (await installmentsOf(opId))[2];
    await saveTitle(opId, third.id, { version: 0, protest_days: 5 });
    expect((await call(server, 'boleto.slip', { x: third.id }, tokens.agent)).status).toBe(200);
    const [account] = await server.database.rows<{ id: number; bank_code: string }>(
      'SELECT a.id, a.bank_code FROM boleto_slips s JOIN company_bank_accounts a ON a.id = s.bank_account_id WHERE s.installment_id = $1 ORDER BY s.id DESC LIMIT 1',
      [first.id],
    );
    const sent = await call(server, 'remittance.generate', { bankCode: account.bank_code, date: '2026-01-20', bank_account_id: account.id, idempotency_key: key() }, tokens.operator);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [{ content }] = await server.database.rows<{ content: string }>('SELECT content FROM remittances WHERE id = $1', [sent.body.id]);
    // Segment P, FEBRABAN 240: 196–220 the company's reference ("<operation>/<installment>"), 221 protest code, 222–223 days.
    const protestOf = (installmentNumber: number) => {
      const reference = `OP-${String(opId).padStart(6, "0")}/${String(installmentNumber).padStart(3, "0")}`;
      const line = content.split('\r\n').find((l) => l[13] === 'P' && l.slice(195, 220).trim().endsWith(reference));
      expect(line, `no segment P for ${reference}`).toBeDefined();
      return { protest: line!.slice(220, 223), documentNumber: line!.slice(62, 77).trim() };
    };
    expect(protestOf(first.number).protest).toBe('815');
    expect(protestOf(third.number).protest).toBe('105');
    expect(protestOf(4).protest).toBe('300');
    // 63–77 the document number the slip prints: the title's own where set, else operation/installment.
    expect(protestOf(first.number).documentNumber).toBe('NF26/0043');
    expect(protestOf(4).documentNumber).toBe(`${opId}/004`);
  });
});

describe('an installment no longer collected', () => {
  it('renegotiated: its boleto is a 409 naming the status and the carnê leaves it out', async () => {
    const opId = await disbursed();
    server.clock.set('2026-01-20');
    const [first, second] = await installmentsOf(opId);
    const moved = await call(server, 'servicingMoves.setStatus', { id: opId, installment: second.id, status: 'renegotiated', reason: 'Acordo de renegociação assinado', idempotency_key: key() }, tokens.operator);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const refused = await call(server, 'boleto.slip', { x: second.id }, tokens.agent);
    expect({ status: refused.status, field: refused.body.field }).toEqual({ status: 409, field: 'status' });
    expect(refused.body.message).toContain('Renegociada');
    expect((await call(server, 'boleto.carne', { credit_operation_id: opId }, tokens.agent)).status).toBe(200);
    expect(await slipsOf(second.id)).toEqual([]);
    expect(await slipsOf(first.id)).toHaveLength(1);
  });
});
