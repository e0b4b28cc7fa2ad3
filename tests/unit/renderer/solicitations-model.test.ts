/** The pure rules of the solicitation screens: which list a route shows, the steps, the slots of a step, status changes, file checks. */
import { describe, expect, it } from 'vitest';
import { requiredDocumentSlots, type SlotStatus } from '../../../src/shared/contract/solicitations';
import { OPEN_STATUSES, SOLICITATION_STATUSES } from '../../../src/shared/solicitation-status';
import {
  canSendStatusChange,
  effectiveFilter,
  fileProblem,
  joinParts,
  listScopeOf,
  needsReason,
  optionLabel,
  pendingCount,
  slotsOfStep,
  statusIntent,
  stepsOf,
} from '../../../src/renderer/src/screens/solicitations/model';
import { translate } from '../../../src/shared/i18n';

const slot = (n: number, state: SlotStatus['state'], required = true): SlotStatus => ({
  slot: n,
  key: 'x',
  required,
  state,
  current: null,
  replacedCount: 0,
});

describe('listScopeOf', () => {
  it('shows every solicitation at the area root', () => {
    expect(listScopeOf(undefined)).toMatchObject({ tab: 'all', operation: 'solicitations.list', baseFilter: {}, viewPath: 'view' });
    expect(listScopeOf(undefined)?.statuses).toEqual(SOLICITATION_STATUSES);
  });

  it('the pending list is the open statuses, opened in view-pending', () => {
    const scope = listScopeOf('pending')!;
    expect(scope.baseFilter).toEqual({ status: [...OPEN_STATUSES] });
    expect(scope.statuses).toEqual(OPEN_STATUSES);
    expect(scope.viewPath).toBe('view-pending');
  });

  it('review-doc uses the documents-awaiting call', () => {
    expect(listScopeOf('review-doc')).toMatchObject({ operation: 'solicitations.reviewDocuments', baseFilter: {} });
  });

  it('a status code fixes the status and hides the status filter', () => {
    expect(listScopeOf('refused')).toMatchObject({ tab: 'refused', baseFilter: { status: 'refused' }, statuses: [] });
  });

  it('anything else is no list', () => {
    expect(listScopeOf('nope')).toBeNull();
    expect(listScopeOf('__proto__')).toBeNull();
  });

  it("the user's status choice replaces the route's restriction", () => {
    expect(effectiveFilter<unknown>({ status: ['pending', 'in_review'] }, { status: 'in_review', name: 'ana' })).toEqual({ status: 'in_review', name: 'ana' });
    expect(effectiveFilter<unknown>({ status: 'refused' }, {})).toEqual({ status: 'refused' });
  });
});

describe('status changes', () => {
  it('asks a reason exactly where the workflow does', () => {
    expect(needsReason('refused')).toBe(true);
    expect(needsReason('cancelled')).toBe(true);
    expect(needsReason('documents_requested')).toBe(true);
    expect(needsReason('in_review')).toBe(false);
    expect(needsReason('')).toBe(false);
  });

  it('can be sent once a status is chosen and, when needed, a non-blank reason given', () => {
    expect(canSendStatusChange('', 'x')).toBe(false);
    expect(canSendStatusChange('in_review', '')).toBe(true);
    expect(canSendStatusChange('refused', '   ')).toBe(false);
    expect(canSendStatusChange('refused', 'Renda insuficiente')).toBe(true);
  });

  it('gives every status a colour and a label in both languages', () => {
    for (const s of SOLICITATION_STATUSES) {
      expect(statusIntent(s)).toBeTruthy();
      expect(translate('pt-BR', `solicitations.status.${s}`)).not.toBe(`solicitations.status.${s}`);
      expect(translate('en', `solicitations.status.${s}`)).not.toBe(translate('pt-BR', `solicitations.status.${s}`));
    }
  });
});

describe('questionnaire steps', () => {
  it('PF: financial, personal, bank, personal documents', () => {
    expect(stepsOf('PF', false)).toEqual(['financial', 'personal', 'bank', 'personalDocuments']);
  });
  it('PJ adds company data and company documents', () => {
    expect(stepsOf('PJ', false)).toEqual(['financial', 'personal', 'company', 'bank', 'personalDocuments', 'companyDocuments']);
  });
  it("a foreign applicant's documents are the foreign list", () => {
    expect(stepsOf('PF', true)).toEqual(['financial', 'personal', 'bank', 'foreignDocuments']);
    expect(stepsOf('PJ', true)).toContain('foreignDocuments');
  });

  it('a Brazilian PF sees the personal slots asked of them, in slot order, missing ones included', () => {
    const shown = slotsOfStep('personalDocuments', [slot(9, 'sent'), slot(5, 'approved')], 'PF', false).map((s) => s.slot);
    expect(shown).toEqual([5, 6, 7, 8, 9, 12]);
    // The step's slots are exactly the required personal ones.
    expect(shown).toEqual(requiredDocumentSlots('PF', false).filter((n) => [5, 6, 7, 8, 9, 12].includes(n)));
  });

  it('a foreigner sees the foreign slots instead of the CPF and ID card', () => {
    const shown = slotsOfStep('foreignDocuments', [], 'PF', true).map((s) => s.slot);
    expect(shown).toEqual([8, 9, 12, 14, 15]);
  });

  it('never hides a slot that holds a document, even one not asked of this applicant', () => {
    const shown = slotsOfStep('foreignDocuments', [slot(5, 'sent', false)], 'PF', true).map((s) => s.slot);
    expect(shown).toContain(5);
  });

  it('company documents for PJ only; data steps have no slots', () => {
    expect(slotsOfStep('companyDocuments', [], 'PJ', false).map((s) => s.slot)).toEqual([1, 3, 4, 10, 11]);
    expect(slotsOfStep('financial', [slot(5, 'sent')], 'PJ', false)).toEqual([]);
  });

  it("counts a step's slots that need attention: required and missing, or awaiting approval", () => {
    expect(pendingCount([slot(5, 'missing'), slot(6, 'sent'), slot(7, 'replaced'), slot(8, 'approved'), slot(14, 'missing', false)])).toBe(3);
  });
});

describe('labels and files', () => {
  it('labels a saved answer by its option id, the id when the option is unknown, nothing when unanswered', () => {
    const options = [
      { id: 3, titulo: 'Casado(a)' },
      { id: 4, titulo: 'Solteiro(a)' },
    ];
    expect(optionLabel(options, 4)).toBe('Solteiro(a)');
    expect(optionLabel(options, 99)).toBe('#99');
    expect(optionLabel(undefined, 3)).toBe('#3');
    expect(optionLabel(options, null)).toBeNull();
  });

  it('joins the parts of an address that exist', () => {
    expect(joinParts(['Rua A', '10', null, ' '])).toBe('Rua A, 10');
    expect(joinParts(['Curitiba', 'PR'], ' / ')).toBe('Curitiba / PR');
    expect(joinParts([])).toBe('');
  });

  it('refuses a file of another type or over the limit before sending', () => {
    const accept = ['image/png', 'application/pdf'];
    expect(fileProblem({ size: 10, type: 'image/png' }, accept, 100)).toBeNull();
    expect(fileProblem({ size: 10, type: 'text/html' }, accept, 100)?.key).toBe('solicitations.documents.wrongType');
    expect(fileProblem({ size: 101, type: 'application/pdf' }, accept, 100)?.key).toBe('solicitations.documents.tooBig');
  });
});

describe('catalogue', () => {
  type Tree = { [k: string]: string | Tree };
  const keys = (tree: Tree, prefix = ''): string[] =>
    Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

  it('English has every Portuguese text of the area and nothing else', async () => {
    const { solicitations: pt } = await import('../../../src/shared/i18n/pt-BR/solicitations');
    const { solicitations: en } = await import('../../../src/shared/i18n/en/solicitations');
    expect(keys(en as unknown as Tree).sort()).toEqual(keys(pt as unknown as Tree).sort());
  });
});
