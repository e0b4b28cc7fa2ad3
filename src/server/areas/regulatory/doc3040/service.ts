/**
 * The Doc 3040 of a data-base month: its check (every offline rule over
 * every part, failures by client and operation) and its parts written as a
 * stream. Both log who did it (activity log, platform).
 */
import { Readable } from 'node:stream';
import type { Db } from '../../../db/connect';
import { logActivity } from '../../../platform/activity';
import { conflict } from '../../../platform/http/errors';
import { Doc3040Checker, DOC3040_RULES, type Doc3040Failure } from '../../../domain/scr3040/checks';
import { Aggregator, clientElement, rootAttributes, type HeaderInput } from '../../../domain/scr3040/model';
import { planParts, writePart, type PartPlan } from '../../../domain/scr3040/writer';
import type { XmlElement } from '../../../domain/scr3040/xml';
import type { Doc3040Check } from '@shared/contract/regulatory-3040';
import { clientsOf, DOC3040_MESSAGES, headerOf, monthIndex, pagesOf, type MonthIndex } from './build';

/** The failures the check lists at most (the rest are counted by `truncated`). */
export const MAX_LISTED_FAILURES = 1_000;

type Names = { clients: Map<string, string>; operations: Map<string, number> };

/** A part's root children in order: its clients, then (in the last part) the aggregated blocks. */
async function* partBody(db: Db, index: MonthIndex, header: HeaderInput & { cep: string }, plan: PartPlan, names?: Names): AsyncGenerator<XmlElement> {
  for (const page of pagesOf(index.individual.slice(plan.from, plan.to))) {
    for (const client of await clientsOf(db, index, page, header.cep, names)) yield clientElement(header.cnpj, client);
  }
  if (!plan.last) return;
  const aggregator = new Aggregator();
  for (const page of pagesOf(index.aggregated)) for (const client of await clientsOf(db, index, page, header.cep)) aggregator.add(client);
  yield* aggregator.elements();
}

async function runChecks(
  db: Db,
  month: string,
  limit: number,
): Promise<{ index: MonthIndex; header: HeaderInput & { cep: string }; plans: PartPlan[]; failures: Doc3040Failure[]; names: Names; total: number }> {
  const index = await monthIndex(db, month);
  const header = await headerOf(db, month);
  const plans = planParts(index.individual.length);
  const names: Names = { clients: new Map(), operations: new Map() };
  const failures: Doc3040Failure[] = [];
  let total = 0;
  for (const plan of plans) {
    const checker = new Doc3040Checker(limit);
    checker.root(rootAttributes(header, plan.parte, plan.last, plan.to - plan.from));
    for await (const element of partBody(db, index, header, plan, names)) checker.child(element);
    const found = checker.finish();
    total += found.length;
    failures.push(...found.slice(0, Math.max(0, limit - failures.length)));
  }
  return { index, header, plans, failures, names, total };
}

export async function checkMonth(db: Db, month: string, actorId: number): Promise<Doc3040Check> {
  const { index, plans, failures, names, total } = await runChecks(db, month, MAX_LISTED_FAILURES + 1);
  const listed = failures.slice(0, MAX_LISTED_FAILURES);
  await logActivity(db, {
    actorId,
    action: 'scr3040.check',
    entity: 'scr3040',
    entityId: null,
    after: { month, parts: plans.length, operations: index.operations, failures: total },
  });
  return {
    month,
    closed_on: index.closedOn,
    base_date: index.baseDate,
    parts: plans.length,
    clients: index.individual.length,
    aggregated_clients: index.aggregated.length,
    operations: index.operations,
    failures: listed.map((f) => ({
      rule: f.rule,
      source: DOC3040_RULES[f.rule].source,
      client: f.client,
      client_name: f.client !== null ? (names.clients.get(f.client) ?? null) : null,
      operation: f.operation,
      credit_operation_id: f.operation !== null ? (names.operations.get(f.operation) ?? null) : null,
      element: f.element,
      attribute: f.attribute,
      value: f.value,
    })),
    truncated: total > listed.length,
  };
}

/**
 * Part `part` of the month's file as a stream of UTF-8 text. The month is checked first (every part: the totals
 * and the threshold are the whole file's) and refused while a rule fails; the stream then reads a page of borrowers
 * at a time as the consumer pulls.
 */
export async function filePart(db: Db, month: string, part: number, actorId: number): Promise<{ stream: Readable; name: string }> {
  const { index, header, plans, failures } = await runChecks(db, month, 1);
  if (failures.length) {
    const [f] = failures;
    throw conflict(DOC3040_MESSAGES.failing(f.rule, f.client ? `, cliente ${f.client}${f.operation ? `, contrato ${f.operation}` : ''}` : ''));
  }
  const plan = plans[part - 1];
  if (!plan) throw conflict(DOC3040_MESSAGES.noPart(part, plans.length));
  await logActivity(db, {
    actorId,
    action: 'scr3040.generate',
    entity: 'scr3040',
    entityId: null,
    after: { month, part, parts: plans.length, clients: plan.to - plan.from },
  });
  const chunks = writePart(header, plan, partBody(db, index, header, plan));
  const stream = Readable.from((async function* () {
    for await (const chunk of chunks) yield Buffer.from(chunk, 'utf8');
  })());
  return { stream, name: `Doc3040_${header.cnpj}_${month}_P${plan.parte}.xml` };
}
