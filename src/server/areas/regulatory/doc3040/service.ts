/**
 * The Doc 3040 of a data-base month: its check (every offline rule over
 * every part, failures by client and operation) and its parts, each checked
 * as it is written. Both log who did it (activity log, platform).
 *
 * A part is read once: each root child is checked, then written to a
 * temporary file; only a part that passed every rule is sent (from that
 * file, as a stream), so a failing part is refused (409, naming its first
 * failure) and never reaches the person's disk, and the month is not checked
 * again part by part (every rule is a part's own: Doc3040Checker per part).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../../db/connect';
import { logActivity } from '../../../platform/activity';
import { conflict } from '../../../platform/http/errors';
import { Doc3040Checker, DOC3040_RULES, type Doc3040Failure } from '../../../domain/scr3040/checks';
import { Aggregator, clientCode, clientElement, rootAttributes, type HeaderInput } from '../../../domain/scr3040/model';
import { CLIENTS_PER_PART, planParts, writePart, type PartPlan } from '../../../domain/scr3040/writer';
import type { XmlElement } from '../../../domain/scr3040/xml';
import type { Doc3040Check } from '@shared/contract/regulatory-3040';
import { clientsOf, DOC3040_MESSAGES, headerOf, monthIndex, pagesOf, type MonthIndex, type ReadClient } from './build';

/** The failures the check lists at most (the rest are counted by `truncated`). */
export const MAX_LISTED_FAILURES = 1_000;

type Header = HeaderInput & { cep: string };

/** A root child of a part, and the client it came from (none for an aggregated block). */
interface BodyItem {
  element: XmlElement;
  read?: ReadClient;
}

/** A part's root children in order: its clients a page of whole clients at a time, then (in the last part) the aggregated blocks. */
async function* partBody(db: Db, index: MonthIndex, header: Header, plan: PartPlan): AsyncGenerator<BodyItem> {
  for (const page of pagesOf(index.individual.slice(plan.from, plan.to))) {
    for (const read of await clientsOf(db, index, page, header.cep)) yield { element: clientElement(header.cnpj, read.client), read };
  }
  if (!plan.last) return;
  const aggregator = new Aggregator();
  for (const page of pagesOf(index.aggregated)) for (const read of await clientsOf(db, index, page, header.cep)) aggregator.add(read.client);
  for (const element of aggregator.elements()) yield { element };
}

/** A failure with its client's name and operation's id when it is a client's (the screen's list). */
type NamedFailure = Doc3040Failure & { client_name: string | null; credit_operation_id: number | null };

function named(f: Doc3040Failure, read: ReadClient | undefined): NamedFailure {
  const ours = read !== undefined && f.client !== null && f.client === clientCode(read.client);
  return {
    ...f,
    client_name: ours ? read.name : null,
    credit_operation_id: ours && f.operation !== null ? (read.operations.get(f.operation) ?? null) : null,
  };
}

/** Checks part `plan` as its children come (at most `limit` failures), naming each failure by the client it came from. */
async function checkPart(db: Db, index: MonthIndex, header: Header, plan: PartPlan, limit: number): Promise<NamedFailure[]> {
  const checker = new Doc3040Checker(limit);
  checker.root(rootAttributes(header, plan.parte, plan.last, plan.to - plan.from));
  const found: NamedFailure[] = checker.failures.map((f) => named(f, undefined));
  for await (const { element, read } of partBody(db, index, header, plan)) {
    checker.child(element);
    for (const f of checker.failures.slice(found.length)) found.push(named(f, read));
  }
  for (const f of checker.finish().slice(found.length)) found.push(named(f, undefined));
  return found;
}

async function monthParts(db: Db, month: string, perPart: number): Promise<{ index: MonthIndex; header: Header; plans: PartPlan[] }> {
  const index = await monthIndex(db, month);
  const header = await headerOf(db, month);
  return { index, header, plans: planParts(index.individual.length, perPart) };
}

/** `perPart`: clients a part (the app's CLIENTS_PER_PART; tests split a small month in several). */
export async function checkMonth(db: Db, month: string, actorId: number, perPart = CLIENTS_PER_PART): Promise<Doc3040Check> {
  const { index, header, plans } = await monthParts(db, month, perPart);
  const limit = MAX_LISTED_FAILURES + 1;
  const failures: NamedFailure[] = [];
  let total = 0;
  for (const plan of plans) {
    const found = await checkPart(db, index, header, plan, limit);
    total += found.length;
    failures.push(...found.slice(0, Math.max(0, limit - failures.length)));
  }
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
      client_name: f.client_name,
      operation: f.operation,
      credit_operation_id: f.credit_operation_id,
      element: f.element,
      attribute: f.attribute,
      value: f.value,
    })),
    truncated: total > listed.length,
  };
}

/**
 * Part `part` of the month's file as a stream of UTF-8 text. The part is read a page of whole clients at a time,
 * each child checked and then written to a temporary file; the first failure stops it and refuses the part (409).
 * A part that passes is logged and streamed from that file, which goes when the stream closes.
 */
export async function filePart(db: Db, month: string, part: number, actorId: number, perPart = CLIENTS_PER_PART): Promise<{ stream: Readable; name: string }> {
  const { index, header, plans } = await monthParts(db, month, perPart);
  const plan = plans[part - 1];
  if (!plan) throw conflict(DOC3040_MESSAGES.noPart(part, plans.length));
  const checker = new Doc3040Checker(1);
  checker.root(rootAttributes(header, plan.parte, plan.last, plan.to - plan.from));
  const checked = async function* (): AsyncGenerator<XmlElement> {
    if (checker.failures.length) return;
    for await (const { element } of partBody(db, index, header, plan)) {
      checker.child(element);
      if (checker.failures.length) return;
      yield element;
    }
  };
  const dir = await mkdtemp(join(tmpdir(), 'backoffice-doc3040-'));
  const path = join(dir, 'part.xml');
  try {
    await pipeline(Readable.from(writePart(header, plan, checked())), createWriteStream(path));
    const [f] = checker.failures.length ? checker.failures : checker.finish();
    if (f) throw conflict(DOC3040_MESSAGES.failing(f.rule, f.client ? `, cliente ${f.client}${f.operation ? `, contrato ${f.operation}` : ''}` : ''));
    await logActivity(db, {
      actorId,
      action: 'scr3040.generate',
      entity: 'scr3040',
      entityId: null,
      after: { month, part, parts: plans.length, clients: plan.to - plan.from },
    });
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  const stream = createReadStream(path);
  stream.once('close', () => void rm(dir, { recursive: true, force: true }));
  return { stream, name: `Doc3040_${header.cnpj}_${month}_P${plan.parte}.xml` };
}
