/**
 * The list declaration (services/list.ts): each filter kind's reading of its
 * value — a bad one is a 400 naming filter.<name>, never SQL that fails in the
 * database — the order with its default and tie-breaks, the capped count, and
 * that a declaration must name exactly the contract's filters and sorts.
 */
import { desc, type SQL } from 'drizzle-orm';
import { PgDialect, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/server/platform/http/errors';
import { listConditions, listOrder, listTotal, ordered, type ListSpec } from '../../../src/server/platform/list';
import type { Db } from '../../../src/server/db/connect';

const things = pgTable('things', {
  id: integer('id').primaryKey(),
  status: text('status').notNull(),
  owner_id: integer('owner_id'),
  cpf: text('cpf'),
  cnpj: text('cnpj'),
  amount: numeric('amount').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** As a contract names a list's filters and sorts. */
type Filter = 'status' | 'kind' | 'owner' | 'from' | 'to' | 'after' | 'before' | 'min' | 'max' | 'plainMin' | 'document' | 'expr';
type Sort = 'created_at' | 'amount';

const spec: ListSpec<Filter, Sort> = {
  filters: {
    status: { kind: 'one-of', column: things.status, codes: ['open', 'closed'], many: true },
    kind: { kind: 'one-of', column: things.status, codes: ['open', 'closed'] },
    owner: { kind: 'id', column: things.owner_id },
    from: { kind: 'since', column: things.created_at },
    to: { kind: 'until', column: things.created_at },
    after: { kind: 'since', column: things.created_at, instants: true },
    before: { kind: 'until', column: things.created_at, instants: true },
    min: { kind: 'money-min', column: things.amount },
    max: { kind: 'money-max', column: things.amount },
    plainMin: { kind: 'money-min', column: things.amount, plain: true },
    document: { kind: 'document', columns: [things.cpf, things.cnpj] },
    expr: {
      kind: 'where',
      where: (value, bad) => {
        if (value === 'no') throw bad('Campo filter.expr: não');
        return desc(things.id);
      },
    },
  },
  sorts: { created_at: things.created_at, amount: things.amount },
  idColumn: things.id,
  defaultOrder: [desc(things.created_at), desc(things.id)],
  tiebreak: (direction, field) => (field === 'created_at' ? [ordered(direction, things.id)] : [ordered(direction, things.created_at), ordered(direction, things.id)]),
  maxText: 40,
};

const dialect = new PgDialect();
function render(parts: SQL[]) {
  return parts.map((part) => dialect.sqlToQuery(part));
}

function refusal(run: () => unknown): { status: number; field?: string; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, field: error.field, message: error.message };
  }
}

describe('filter kinds', () => {
  it('reads enumerations, one code or several, and refuses a code outside them', () => {
    const [one] = render(listConditions(spec, { status: ['open', ' closed '] }));
    expect(one.params).toEqual(['open', 'closed']);
    expect(refusal(() => listConditions(spec, { status: ['open', 'lost'] }))).toMatchObject({ status: 400, field: 'filter.status' });
    expect(refusal(() => listConditions(spec, { kind: ['open', 'closed'] }))).toMatchObject({ status: 400, field: 'filter.kind' });
    expect(render(listConditions(spec, { kind: 'closed' }))[0].params).toEqual(['closed']);
  });

  it('takes ids in the integer columns’ range only', () => {
    expect(render(listConditions(spec, { owner: '42' }))[0].params).toEqual([42]);
    for (const bad of ['0', '-1', '007', '2147483648', '1.5', 'abc', '1e3']) {
      expect(refusal(() => listConditions(spec, { owner: bad })), bad).toMatchObject({ status: 400, field: 'filter.owner' });
    }
  });

  it('reads São Paulo calendar days and refuses impossible ones', () => {
    const [from, to] = render(listConditions(spec, { from: '2025-03-01', to: '2025-03-01' }));
    expect(from.sql).toContain('>=');
    expect(from.params).toEqual([new Date('2025-03-01T03:00:00.000Z')]);
    // The whole last day is included: up to the next day's start, exclusive.
    expect(to.sql).toContain('<');
    expect(to.params).toEqual([new Date('2025-03-02T03:00:00.000Z')]);
    for (const bad of ['2025-02-30', '2025-13-01', '01/03/2025', '2025-03-01T10:00:00Z']) {
      expect(refusal(() => listConditions(spec, { from: bad })), bad).toMatchObject({ status: 400, field: 'filter.from' });
      expect(refusal(() => listConditions(spec, { to: bad })), bad).toMatchObject({ status: 400, field: 'filter.to' });
    }
  });

  it('with instants, also takes ISO timestamps with zone as inclusive bounds, and refuses others', () => {
    const [after, before] = render(listConditions(spec, { after: '2025-03-01T10:00:00-03:00', before: '2025-03-01T12:00:00Z' }));
    expect(after.params).toEqual([new Date('2025-03-01T13:00:00.000Z')]);
    expect(before.sql).toContain('<=');
    expect(before.params).toEqual([new Date('2025-03-01T12:00:00.000Z')]);
    expect(render(listConditions(spec, { before: '2025-03-01' }))[0].sql).not.toContain('<=');
    for (const bad of ['2025-02-30', '2025-03-01T10:00:00', '2025-03-01T25:00:00Z', '1800-01-01']) {
      expect(refusal(() => listConditions(spec, { after: bad })), bad).toMatchObject({ status: 400, field: 'filter.after' });
    }
  });

  it('reads money in reais written either way, and refuses anything else naming the filter', () => {
    const [min, max] = render(listConditions(spec, { min: '1.500,50', max: '2500' }));
    expect(min.params).toEqual(['1500.50']);
    expect(min.sql).toContain('::numeric');
    expect(max.params).toEqual(['2500']);
    for (const bad of ['1.5.0', '12,345', '1500.001', '-10', '1e3', 'dez', '1234567890123']) {
      const answer = refusal(() => listConditions(spec, { min: bad }));
      expect(answer, bad).toMatchObject({ status: 400, field: 'filter.min' });
      expect(answer?.message).toContain('reais');
    }
  });

  it('with plain, reads money only as the contract carries it', () => {
    expect(render(listConditions(spec, { plainMin: '1500.5' }))[0].params).toEqual(['1500.5']);
    for (const bad of ['1.500,00', '1500,50', '1500.505', '0x10']) {
      const answer = refusal(() => listConditions(spec, { plainMin: bad }));
      expect(answer, bad).toMatchObject({ status: 400, field: 'filter.plainMin' });
      expect(answer?.message).toContain('duas casas decimais');
    }
  });

  it('compares documents by their letters and digits over every column, and refuses one without any', () => {
    const [doc] = render(listConditions(spec, { document: '123.456.789-09' }));
    expect(doc.params).toEqual(['%12345678909%', '%12345678909%']);
    expect(doc.sql).toContain(' OR ');
    expect(refusal(() => listConditions(spec, { document: '.-/' }))).toMatchObject({ status: 400, field: 'filter.document' });
  });

  it('gives an SQL expression filter its own 400 and message', () => {
    expect(listConditions(spec, { expr: 'yes' })).toHaveLength(1);
    expect(refusal(() => listConditions(spec, { expr: 'no' }))).toEqual({ status: 400, field: 'filter.expr', message: 'Campo filter.expr: não' });
  });

  it('takes one value where one is meant, ignores empty ones, and refuses text beyond the declared length', () => {
    expect(listConditions(spec, { owner: '', kind: [], from: null, to: '   ' })).toEqual([]);
    expect(render(listConditions(spec, { owner: ['7'] }))[0].params).toEqual([7]);
    expect(refusal(() => listConditions(spec, { owner: ['7', '8'] }))).toMatchObject({ status: 400, field: 'filter.owner' });
    expect(refusal(() => listConditions(spec, { expr: 'x'.repeat(41) }))).toMatchObject({ status: 400, field: 'filter.expr' });
    expect(refusal(() => listConditions(spec, { owner: { id: 1 } }))).toMatchObject({ status: 400, field: 'filter.owner' });
  });

  it('refuses an undeclared filter, an inherited name included', () => {
    expect(refusal(() => listConditions(spec, { salary: '1' }))).toMatchObject({ status: 400, field: 'filter.salary' });
    expect(refusal(() => listConditions(spec, { constructor: '1' }))).toMatchObject({ status: 400, field: 'filter.constructor' });
  });
});

describe('order', () => {
  const sqlOf = (parts: SQL[]) => render(parts).map((p) => p.sql);

  it('uses the default order without a sort, and the declared tie-breaks with one', () => {
    expect(sqlOf(listOrder(spec, null))).toEqual(sqlOf([desc(things.created_at), desc(things.id)]));
    expect(sqlOf(listOrder(spec, { field: 'created_at', order: 'ascend' }))).toEqual(['"things"."created_at" asc', '"things"."id" asc']);
    expect(sqlOf(listOrder(spec, { field: 'amount', order: 'DESC' }))).toEqual(['"things"."amount" desc', '"things"."created_at" desc', '"things"."id" desc']);
  });

  it('refuses an undeclared sort naming it', () => {
    expect(refusal(() => listOrder(spec, { field: 'status', order: 'ASC' }))).toMatchObject({ status: 400, field: 'sort' });
    expect(refusal(() => listOrder(spec, { field: 'toString', order: 'ASC' }))).toMatchObject({ status: 400, field: 'sort' });
  });
});

describe('capped count', () => {
  // Counting would reach the database: here it throws, so a total given without it shows.
  const noDb = {
    select() {
      throw new Error('counted');
    },
  } as unknown as Db;
  const noCount = () => {
    throw new Error('counted');
  };

  it('knows the total from a short page without counting, up to the cap', async () => {
    expect(await listTotal(noDb, { countCap: 100 }, noCount, { offset: 20, rows: 3, limit: 10 })).toEqual({ count: 23, capped: false });
    expect(await listTotal(noDb, { countCap: 100 }, noCount, { offset: 0, rows: 0, limit: 10 })).toEqual({ count: 0, capped: false });
    // An empty page past the end says nothing about the total: it is counted.
    await expect(listTotal(noDb, { countCap: 100 }, noCount, { offset: 50, rows: 0, limit: 10 })).rejects.toThrow('counted');
    await expect(listTotal(noDb, { countCap: 100 }, noCount, { offset: 100, rows: 5, limit: 10 })).rejects.toThrow('counted');
  });
});

describe('typed by the contract', () => {
  it('does not compile when a declaration misses a contract filter or adds one', () => {
    const column = things.status;
    // @ts-expect-error -- 'b' is declared by the contract and missing here
    const missing: ListSpec<'a' | 'b', 'x'> = { filters: { a: { kind: 'equals', column } }, sorts: { x: column }, idColumn: things.id };
    const extra: ListSpec<'a', 'x'> = {
      // @ts-expect-error -- 'c' is not a filter of the contract
      filters: { a: { kind: 'equals', column }, c: { kind: 'equals', column } },
      sorts: { x: column },
      idColumn: things.id,
    };
    // @ts-expect-error -- 'y' is not a sort of the contract
    const badSort: ListSpec<'a', 'x'> = { filters: { a: { kind: 'equals', column } }, sorts: { x: column, y: column }, idColumn: things.id };
    expect([missing, extra, badSort]).toHaveLength(3);
  });
});
