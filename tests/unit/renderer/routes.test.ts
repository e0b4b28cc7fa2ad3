import { describe, expect, it } from 'vitest';
import {
  APP_LEAVES,
  AUTH_PATHS,
  BOAVISTA_LEAVES,
  findLeaf,
  matchPattern,
} from '../../../src/renderer/src/app/routes';
import { AllAdmins, AllOperators, AllPanelUsers, Role } from '../../../src/shared/roles';

const sorted = (r: readonly number[] | undefined) => [...(r ?? [])].sort();

describe('route configuration (spec screens and routes)', () => {
  it('declares every app route of the spec', () => {
    const patterns = APP_LEAVES.map((l) => l.pattern);
    const expected = [
      '/app/home',
      '/app/users',
      '/app/users/:form',
      '/app/profile',
      '/app/solicitations',
      '/app/solicitations/:status',
      '/app/solicitations/view/:id',
      '/app/solicitations/view-pending/:id',
      '/app/simulations',
      '/app/logsPage',
      '/app/logsPage/view/:id',
      '/app/situations',
      '/app/situations/:form',
      '/app/how-did-find',
      '/app/how-did-find/:form',
      '/app/reasons',
      '/app/reasons/:form',
      '/app/entrepreneurs',
      '/app/entrepreneurs/:form',
      '/app/lgpd',
      '/app/lgpd/view/:id',
      '/app/projects',
      '/app/projects/:form',
      '/app/company-operation',
      '/app/company-operation/banks/:bankCode/remessa',
      '/app/company-operation/banks/:bankCode/assignment-remittances',
      '/app/company-operation/cnab-integration/:bankId',
      '/app/company-operation/remittance-operation/:bankId',
      '/app/company-operation/remittance-operation/manual/:bankId',
      // Designed: the reports' screens (the spec lists the report calls, not a route for them).
      '/app/company-operation/reports/iof',
      '/app/company-operation/reports/operations',
      '/app/company-operation/reports/parameterized',
      '/app/allOperations',
      '/app/clientOperation',
      '/app/clientOperation/view/:id',
      '/app/clientOperation/building',
      '/app/clientOperation/loan-proposal/:id',
      '/app/clientOperation/analize/:id',
      '/app/clientOperation/analize/:credit_operation_id/repurchase',
      '/app/clientOperation/analize/:credit_operation_id/repurchase/title',
      '/app/clientOperation/analize/:credit_operation_id/repurchase/:installmentId/details',
      '/app/clientOperation/parcels/:id/:credit_operation_id',
      '/app/clientOperation/payments/:id/:credit_operation_id',
      '/app/messages',
      // designed: the collections desk's list of the spec's GET /expired-installments
      '/app/collections',
      // designed: the list of the spec's GET /creditOperation/installments/cession, assigned in one cession
      '/app/clientOperation/cession',
      // designed: valores a identificar (the suspense list)
      '/app/clientOperation/suspense',
      // designed: every request waiting for a second person (the approvals inbox)
      '/app/approvals',
      // designed: the monthly balancete by COSIF account
      '/app/company-operation/books/balancete',
      // designed: the SCR Doc 3044 queue of events
      '/app/company-operation/books/regulatory/doc3044',
      // designed: the SCR's Doc 3040 (check, generate and save)
      '/app/company-operation/books/regulatory/doc3040',
      // designed: the monthly close (preview, four eyes, history, undo)
      '/app/company-operation/books/close',
      // designed: the interest accrual (run up to a date, the last runs)
      '/app/company-operation/books/accrual',
      // designed: a borrower's renegotiation agreement (pick installments, simulate, agree)
      '/app/clientOperation/renegotiation/:id',
      // designed: one renegotiation agreement (its approval, its installments collected)
      '/app/clientOperation/renegotiation/agreement/:id',
      // designed: payment reminders (run, list, rules, opt-outs)
      '/app/collections/reminders',
      // designed: negativação (records, candidates, submit, the job)
      '/app/collections/negativation',
    ];
    expect([...patterns].sort()).toEqual([...expected].sort());
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('declares the auth and credit-bureau routes', () => {
    expect([...AUTH_PATHS].sort()).toEqual(
      ['login', 'change', 'reset', 'confirmEmail/:token', 'feedbackRecoverPass', 'newPass', 'register', 'twoFactors'].sort(),
    );
    expect(BOAVISTA_LEAVES.map((l) => l.pattern)).toEqual(['/boavista/boa-vista/:id']);
    expect(sorted(BOAVISTA_LEAVES[0].roles)).toEqual(sorted(AllAdmins));
  });

  it('narrows the area roles by each page\'s (spec roles and permissions)', () => {
    const roles = (p: string) => sorted(APP_LEAVES.find((l) => l.pattern === p)?.roles);
    for (const p of ['/app/home', '/app/solicitations/view/:id', '/app/simulations', '/app/entrepreneurs/:form',
      '/app/company-operation/cnab-integration/:bankId', '/app/allOperations', '/app/clientOperation/building', '/app/messages',
      // Every panel user manages their own password and two-factor (README "Design choices").
      '/app/profile']) {
      expect(roles(p), p).toEqual(sorted(AllPanelUsers));
    }
    for (const p of ['/app/situations', '/app/how-did-find/:form', '/app/reasons', '/app/projects/:form']) {
      expect(roles(p), p).toEqual(sorted(AllOperators));
    }
    for (const p of ['/app/users', '/app/users/:form', '/app/logsPage/view/:id', '/app/lgpd']) {
      expect(roles(p), p).toEqual(sorted(AllAdmins));
    }
  });

  it('keeps agents out of operator and admin pages but lets them reach panel pages', () => {
    expect(findLeaf('/app/users')?.roles).not.toContain(Role.AGENT);
    expect(findLeaf('/app/projects/new')?.roles).not.toContain(Role.AGENT);
    expect(findLeaf('/app/projects/new')?.roles).toContain(Role.OPERATOR);
    expect(findLeaf('/app/clientOperation/analize/7/repurchase/3/details')?.roles).toContain(Role.AGENT);
  });

  it('matches concrete paths, preferring static segments over parameters', () => {
    expect(matchPattern('/app/users/:form', '/app/users/12')).toBe(true);
    expect(matchPattern('/app/users/:form', '/app/users')).toBe(false);
    expect(findLeaf('/app/clientOperation/analize/9/repurchase/title')?.pattern).toBe(
      '/app/clientOperation/analize/:credit_operation_id/repurchase/title',
    );
    expect(findLeaf('/app/users/new')?.screen).toBe('users.form');
    expect(findLeaf('/app/nowhere')).toBeUndefined();
  });

  it('renders later-issue areas as "em construção" while this issue\'s screens are real', () => {
    expect(findLeaf('/app/users')?.screen).toBe('users.list');
    expect(findLeaf('/app/profile')?.screen).toBe('profile');
    expect(findLeaf('/app/home')?.screen).toBe('home');
    expect(findLeaf('/app/lgpd')?.screen).toBe('lgpd.list');
    expect(findLeaf('/app/logsPage/view/7')?.screen).toBe('logs.view');
    expect(findLeaf('/app/simulations')?.screen).toBe('simulations.list');
    expect(findLeaf('/app/entrepreneurs')?.screen).toBe('entrepreneurs.list');
    expect(findLeaf('/app/entrepreneurs/12')?.screen).toBe('entrepreneurs.form');
    expect(findLeaf('/boavista/boa-vista/3')?.screen).toBe('bureau.lookup');
    expect(findLeaf('/app/solicitations')?.screen).toBe('solicitations.list');
    expect(findLeaf('/app/solicitations/pending')?.screen).toBe('solicitations.list');
    expect(findLeaf('/app/solicitations/view/5')?.screen).toBe('solicitations.view');
    expect(findLeaf('/app/solicitations/view-pending/5')?.screen).toBe('solicitations.view');
    expect(findLeaf('/app/allOperations')?.screen).toBe('operations.list');
    expect(findLeaf('/app/clientOperation/building')?.screen).toBe('operations.building');
    expect(findLeaf('/app/clientOperation/loan-proposal/4')?.screen).toBe('operations.proposal');
    expect(findLeaf('/app/clientOperation/analize/4')?.screen).toBe('operations.analysis');
    expect(findLeaf('/app/clientOperation/analize/4/repurchase')?.screen).toBe('servicing.repurchase');
    expect(findLeaf('/app/clientOperation/analize/4/repurchase/title')?.screen).toBe('servicing.repurchaseTitle');
    expect(findLeaf('/app/clientOperation/analize/4/repurchase/3/details')?.screen).toBe('servicing.repurchaseDetails');
    expect(findLeaf('/app/company-operation')?.screen).toBe('company.setup');
    expect(findLeaf('/app/clientOperation')?.screen).toBe('borrowers.list');
    expect(findLeaf('/app/clientOperation/view/4')?.screen).toBe('borrowers.view');
    expect(findLeaf('/app/company-operation/banks/001/remessa')?.screen).toBe('company.remittance');
    expect(findLeaf('/app/company-operation/remittance-operation/manual/1')?.screen).toBe('company.manualRemittance');
  });
});
