/**
 * The spec's catalogue calls ("company-situations, how-did-find, lending-reasons each:
 * GET list; GET /{id}; POST (body); PUT (body with id); DELETE /{id}" and "### Projects")
 * are all declared, for AllOperators, with lists cacheable and designed calls marked.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_DESIGNED_OPERATIONS, contract, type OperationDef } from '../../../src/shared/contract/index';
import { AllOperators } from '../../../src/shared/roles';

const SPEC = new URL('../../../../shared/spec/back-office-spec.md', import.meta.url);
const declared = new Set(Object.values(contract as Record<string, OperationDef>).map((op) => `${op.method} ${op.path.replace(/:\w+/g, ':id')}`));
const area = Object.entries(contract as Record<string, OperationDef>).filter(([n]) => /^(situations|howDidFind|reasons|projects)\./.test(n));

describe('catalogues contract', () => {
  it('declares the spec line for each of the three catalogues', () => {
    const spec = readFileSync(SPEC, 'utf8');
    expect(spec).toContain('company-situations, how-did-find, lending-reasons each: GET list; GET /{id}; POST (body); PUT (body with id); DELETE /{id}.');
    for (const resource of ['company-situations', 'how-did-find', 'lending-reasons']) {
      for (const call of ['GET', 'POST', 'PUT']) expect(declared, `${call} /api/${resource}`).toContain(`${call} /api/${resource}`);
      for (const call of ['GET', 'DELETE']) expect(declared, `${call} /api/${resource}/:id`).toContain(`${call} /api/${resource}/:id`);
      // The generic list-actives and status calls, mapped onto each catalogue.
      expect(declared).toContain(`GET /api/${resource}/list-actives`);
      expect(declared).toContain(`PUT /api/${resource}/status`);
    }
  });

  it("declares every call of the spec's Projects section", () => {
    const spec = readFileSync(SPEC, 'utf8');
    const start = spec.indexOf('### Projects');
    const section = spec.slice(start, spec.indexOf('\n### ', start + 5));
    const calls = [...section.matchAll(/\b(GET|POST|PUT|DELETE) (\/[^\s;(]+)/g)].map(
      ([, m, p]) => `${m} /api${p.replace(/\{[^}]+\}/g, ':id')}`,
    );
    expect(calls.length).toBe(7);
    for (const call of calls) expect(declared, call).toContain(call);
  });

  it('gives every call to AllOperators, caches the paged lists and marks designed calls', () => {
    for (const [name, op] of area) {
      expect(op.access, name).toEqual(AllOperators);
      if (op.encoding === 'list') expect(op.cacheable, name).toBe(true);
      expect(op.origin === 'designed', name).toBe((CATALOGUE_DESIGNED_OPERATIONS as readonly string[]).includes(name));
    }
    expect(area.length).toBe(30);
  });
});
