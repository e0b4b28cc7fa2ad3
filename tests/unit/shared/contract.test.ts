/**
 * The contract against the spec: every call of the spec sections this app
 * implements so far must be declared, with the spec's method and path, so a
 * call cannot be forgotten silently.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contract, buildRequest, pathParams, type OperationDef } from '../../../src/shared/contract';

/** The spec lives in the shared/ folder beside the checkout (CI puts it there too). */
const SPEC = [
  process.env.BACKOFFICE_SPEC,
  resolve(__dirname, '../../../../shared/spec/back-office-spec.md'),
  resolve(__dirname, '../../../../../shared/spec/back-office-spec.md'),
].find((p): p is string => !!p && existsSync(p));

/** Spec sections whose every call the contract must hold, and calls deliberately left out (with why). */
const COVERED_SECTIONS = ['### Session and auth', '### Users', '### Solicitations and documents'];
const LEFT_OUT: Record<string, string> = {
  // Unauthenticated dumps and rewrites of every user's personal data: not served by
  // this backend (re-encryption is a database migration here, not an API).
  'GET /api/update-db/get-users': 'maintenance',
  'GET /api/update-db/get-profiles': 'maintenance',
  'GET /api/update-db/get-solicitations': 'maintenance',
  'POST /api/update-db/update-users': 'maintenance',
  'POST /api/update-db/update-profile': 'maintenance',
  'POST /api/update-db/update-solicitation': 'maintenance',
};

function section(spec: string, heading: string): string {
  const start = spec.indexOf(heading);
  if (start < 0) throw new Error(`spec section ${heading} not found`);
  const next = spec.indexOf('\n### ', start + heading.length);
  return spec.slice(start, next < 0 ? undefined : next);
}

/** Reads "METHOD /path[, /more]" mentions, expanding comma continuations ("GET /a/x, /y" → /a/y). */
function specCalls(text: string): string[] {
  const calls: string[] = [];
  const re = /\b(GET|POST|PUT|PATCH|DELETE)((?:,\s*(?:GET|POST|PUT|PATCH|DELETE))*)\s+(\/[^\s;,()]+)((?:,\s*\/[^\s;,()]+)*)/g;
  for (const m of text.matchAll(re)) {
    const methods = [m[1], ...(m[2].match(/GET|POST|PUT|PATCH|DELETE/g) ?? [])];
    const first = m[3];
    const base = first.slice(0, first.lastIndexOf('/'));
    const paths = [first, ...(m[4].match(/\/[^\s;,()]+/g) ?? []).map((p) => base + p)];
    for (const method of methods) for (const p of paths) calls.push(`${method} ${normalise(p)}`);
  }
  return calls;
}

function normalise(path: string): string {
  let p = path.split('?')[0].replace(/\.$/, '');
  if (!p.startsWith('/api/')) p = `/api${p}`;
  return p.replace(/\{[^}]+\}/g, ':param').replace(/:[A-Za-z_]\w*/g, ':param');
}

const declared = new Set(
  Object.values(contract as Record<string, OperationDef>).map((op) => `${op.method} ${normalise(op.path)}`),
);

describe.skipIf(!SPEC)('contract vs spec calls (spec file found beside the checkout)', () => {
  const spec = SPEC ? readFileSync(SPEC, 'utf8') : '';
  for (const heading of COVERED_SECTIONS) {
    const calls = specCalls(section(spec, heading));
    it(`${heading.replace('### ', '')}: finds the spec's calls`, () => {
      expect(calls.length).toBeGreaterThan(10);
    });
    for (const call of calls) {
      if (LEFT_OUT[call]) continue;
      it(`declares ${call}`, () => {
        expect(declared.has(call)).toBe(true);
      });
    }
  }
  // The generic section's calls on a named {resource} are templates (each resource's own tests
  // check its mapping); its concrete calls — uploads and the questionnaire's option lists — must be declared.
  const generic = specCalls(section(spec, '### Generic resource calls')).filter((c) => !/^\w+ \/api\/:param(\/|$)/.test(c));
  it('Generic resource calls: finds the concrete calls (upload, interests)', () => {
    expect(generic).toEqual(expect.arrayContaining(['GET /api/interests/list-perfil/:param', 'GET /api/interests/list-options/:param']));
  });
  for (const call of generic) {
    it(`declares ${call}`, () => {
      expect(declared.has(call)).toBe(true);
    });
  }
});

describe('contract hygiene', () => {
  const entries = Object.entries(contract as Record<string, OperationDef>);
  it('has no two operations on the same method and path', () => {
    const seen = new Map<string, string>();
    for (const [name, op] of entries) {
      const key = `${op.method} ${normalise(op.path)}`;
      expect(seen.get(key), `${name} duplicates ${seen.get(key)}`).toBeUndefined();
      seen.set(key, name);
    }
  });
  it('puts every path under /api and declares its path parameters as arguments', () => {
    for (const [name, op] of entries) {
      expect(op.path.startsWith('/api/'), name).toBe(true);
      const shape = (op.args as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const p of pathParams(op.path)) expect(Object.keys(shape), `${name} lacks ${p}`).toContain(p);
    }
  });
  it('marks calls the spec does not show as designed', () => {
    expect(contract['session.logout'].origin).toBe('designed');
    expect(entries.filter(([, op]) => op.origin === 'designed').map(([n]) => n)).toEqual(['session.logout', 'recover.lookup', 'users.exportEntrepreneurs', 'projects.banner', 'projects.regenerateKey', 'lgpd.list', 'lgpd.people', 'lgpd.create', 'lgpd.get', 'lgpd.refuse', 'messages.preview', 'messages.create', 'messages.list', 'messages.get', 'messages.recipients', 'documents.signedFile', 'bureau.pdf', 'company.decideParameters', 'creditOperation.create', 'creditOperation.decision', 'creditOperation.issueCcb', 'borrowers.securedguarantee.file', 'servicing.reversalWeight', 'servicing.decideReversal', 'servicing.journal', 'ledger.trialBalance', 'prepayment.simulate', 'prepayment.scheduleVersion', 'boleto.registration', 'boleto.agreementRegistration', 'boleto.agreementSlip', 'servicingMoves.installment', 'servicingMoves.decideWriteOff', 'servicingMoves.operationWriteOff', 'servicingMoves.writeOffOperation', 'servicingMoves.decideOperationWriteOff', 'cession.quote', 'cession.assignBatch', 'cession.get', 'cession.ofOperation', 'cession.decide', 'cession.decideReversal', 'cessionPrice.list', 'cessionPrice.get', 'cessionPrice.receive', 'cessionPrice.reverseReceipt', 'cessionPrice.askWriteOff', 'cessionPrice.decideWriteOff', 'repurchase.get', 'repurchase.decide', 'repurchase.decideReversal', 'repurchase.causes', 'repurchase.setCause', 'repurchase.clearCause', 'collections.expiredInstallmentsExport', 'home.portfolio', 'collections.contacts', 'collections.logContact', 'letters.statement', 'letters.payoff', 'letters.discharge', 'letters.annual', 'letters.issued', 'letters.reprint', 'renegotiation.installments', 'renegotiation.simulate', 'renegotiation.agree', 'renegotiation.get', 'renegotiation.decide', 'renegotiation.pay', 'renegotiation.reversePayment', 'renegotiation.decideReversal', 'renegotiation.runBreaks', 'renegotiation.limits', 'renegotiation.updateLimits', 'renegotiation.decideLimits', 'renegotiation.document', 'withdrawal.quote', 'withdrawal.withdraw', 'reminders.settings', 'reminders.saveSettings', 'reminders.run', 'reminders.list', 'reminders.optOuts', 'reminders.setOptOuts', 'negativation.list', 'negativation.candidates', 'negativation.submit', 'negativation.run', 'negativation.get', 'remittance.file', 'remittance.history', 'remittanceManual.unhide', 'cnabReturn.preview', 'cnabReturn.settle', 'cnabReturn.history', 'cnabReturn.get', 'report.operationsExcel', 'report.iofCurrentPeriod', 'report.iofExcel', 'report.parameterizedExcel', 'report.parameterizedPdf', 'report.savedReports', 'report.saveReport', 'report.deleteSavedReport', 'assignmentRemittance.file', 'custodianReturn.preview', 'custodianReturn.apply', 'custodianReturn.history', 'custodianReturn.get', 'assigneeStatement.get', 'assigneeStatement.transfer', 'assigneeStatement.reverseTransfer', 'pix.settings', 'pix.saveSettings', 'pix.webhook', 'suspense.list', 'suspense.get', 'suspense.apply', 'suspense.applyAgreement', 'suspense.refund', 'suspense.decideRefund', 'approvals.inbox', 'collections.attention', 'doc3040.check', 'doc3040.file', 'ledger.balancete', 'ledger.balanceteExcel', 'ledger.balancetePdf', 'doc3044.list', 'doc3044.files', 'doc3044.generate', 'doc3044.file', 'doc3044.markSent', 'ledger.closePreview', 'ledger.closeMonth', 'ledger.closeHistory', 'ledger.closeAsk', 'ledger.closeDecide', 'ledger.closeUndo', 'ledgerAccrual.run', 'ledgerAccrual.status']);
  });
  it('never exposes the token-in-body check to the renderer', () => {
    expect(contract['session.auth'].exposed).toBe(false);
  });
});

describe('buildRequest', () => {
  it('fills path parameters and encodes list calls', () => {
    const req = buildRequest(contract['users.admins'], { page: 2, limit: 10, filter: { active: 1 }, sort: { field: 'name', order: 'ascend' } });
    expect(req.path).toBe('/api/users/admins');
    expect(req.query).toEqual([
      ['page', '2'],
      ['limit', '10'],
      ['filter[active]', 'true'],
      ['sort[name]', 'ASC'],
    ]);
  });
  it('takes path parameters out of the body', () => {
    const req = buildRequest(contract['users.entrepreneur'], { id: 7 });
    expect(req.path).toBe('/api/users/entrepreneurs/7');
    expect(req.body).toBeUndefined();
  });
  it('refuses a missing path parameter', () => {
    expect(() => buildRequest(contract['users.byId'], {})).toThrow(/id/);
  });
  it('sends JSON bodies for writes', () => {
    const req = buildRequest(contract['users.setStatus'], { id: 3, active: false });
    expect(req).toEqual({ method: 'PUT', path: '/api/users/status', query: [], body: { id: 3, active: false } });
  });
});
