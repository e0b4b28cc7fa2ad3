/**
 * The answers the integration suites see, checked against the served OpenAPI
 * document with a JSON Schema validator (Ajv, draft 2020-12, as OpenAPI 3.1
 * schemas are).
 *
 * With BACKOFFICE_ANSWERS_DIR set (the integration project's global setup,
 * tests/integration/answers-setup.ts, sets it), every test server
 * (helpers/server.ts) appends each answer it sends — operation, status,
 * content type, text body — to a file of its process in that folder. When
 * the run ends the setup's teardown reads them all and checks each against
 * the document: the status is one the operation lists, the content type one
 * that status lists, the JSON body valid against its schema; and the query of
 * a list or query call that was answered 200 names only parameters the
 * document lists. Any mismatch fails the run, naming the operation.
 *
 * Recording is a line appended per answer; the checking (building the
 * document, compiling the schemas) runs once per run, not once per suite.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ObservedAnswer } from '../../src/server/index';
import { operation, type OperationName } from '../../src/shared/contract/index';
import { refusesUnknownNames } from '../../src/server/platform/http/openapi';

export const ANSWERS_DIR_ENV = 'BACKOFFICE_ANSWERS_DIR';

/** Bodies longer than this are recorded without the body (a big export): status and type are still checked. */
const MAX_RECORDED_BODY = 4 * 1024 * 1024;

export interface RecordedAnswer extends ObservedAnswer {
  /** the body was left out for its size */
  bodyOmitted?: boolean;
}

/** The observer the test servers get: appends each answer to this process's file, when the run records answers. */
export function answerRecorder(): ((answer: ObservedAnswer) => void) | undefined {
  const dir = process.env[ANSWERS_DIR_ENV];
  if (!dir) return undefined;
  const file = join(dir, `answers-${process.pid}.jsonl`);
  return (answer) => {
    // Only answers of contract operations are described by the document.
    if (!answer.operation) return;
    const omitted = answer.body !== null && answer.body.length > MAX_RECORDED_BODY;
    const line: RecordedAnswer = omitted ? { ...answer, body: null, bodyOmitted: true } : answer;
    appendFileSync(file, `${JSON.stringify(line)}\n`);
  };
}

export function readRecordedAnswers(dir: string): RecordedAnswer[] {
  const answers: RecordedAnswer[] = [];
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.jsonl')) continue;
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line.trim()) answers.push(JSON.parse(line) as RecordedAnswer);
    }
  }
  return answers;
}

// The document is JSON read back as it is served: loosely typed on purpose.
type Json = Record<string, any>;

/** `#/a/b~1c` → the node it points at in `doc`. */
function pointer(doc: Json, ref: string): Json {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<Json>((node, key) => node?.[key], doc);
}

/** A copy with every reference into the document's components replaced by what it points at. */
function resolved(doc: Json, node: unknown): unknown {
  if (Array.isArray(node)) return node.map((item) => resolved(doc, item));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as Json).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/')) return resolved(doc, pointer(doc, ref));
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, resolved(doc, value)]));
}

/** The list encoding's filter and sort keys the server reads (shared/query.ts decodeListQuery). */
const FILTER_KEY = /^filter\[[A-Za-z0-9_.]+\]$/;
const SORT_KEY = /^sort\[[A-Za-z0-9_.]+\]$/;

const mediaOf = (contentType: string | null) => (contentType ?? '').split(';')[0].trim().toLowerCase();

/** A checker over one document: compiles each response schema once, when an answer first needs it. */
export function answerChecker(document: Json): (answer: RecordedAnswer) => string[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const operations = new Map<string, Json>();
  for (const methods of Object.values(document.paths as Json)) {
    for (const op of Object.values(methods as Json)) operations.set((op as Json).operationId, op as Json);
  }
  const compiled = new Map<string, ValidateFunction>();
  const validatorOf = (key: string, schema: unknown): ValidateFunction => {
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(resolved(document, schema) as Json);
      compiled.set(key, validate);
    }
    return validate;
  };

  return (answer) => {
    const name = answer.operation!;
    const op = operations.get(name);
    if (!op) return [`${name}: not in the document`];
    const at = `${name} ${answer.method} ${answer.url.split('?')[0]} → ${answer.status}`;
    const response = resolved(document, op.responses?.[String(answer.status)]) as Json | undefined;
    if (!response) return [`${at}: status ${answer.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
    const problems: string[] = [];
    const content = (response.content ?? {}) as Json;
    const media = mediaOf(answer.contentType);
    if (Object.keys(content).length > 0 && !(media in content)) {
      problems.push(`${at}: content type ${answer.contentType ?? '(none)'} is not documented (documented: ${Object.keys(content).join(', ')})`);
    } else if (media === 'application/json' && answer.body !== null && content[media]?.schema) {
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        problems.push(`${at}: the body is not JSON`);
      }
      const validate = validatorOf(`${name} ${answer.status} ${media}`, content[media].schema);
      if (body !== undefined && !validate(body)) {
        const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
        problems.push(`${at}: the body does not match the documented schema: ${errors.join('; ')}`);
      }
    }
    // A list the server accepted, of those that refuse unknown names: each filter it was sent, and the sort it
    // used (the last), are parameters the document lists. (Other query keys are ignored by the server, as the
    // malformed-input suite shows.)
    if (answer.status === 200 && answer.url.includes('?') && refusesUnknownNames(operation(name as OperationName))) {
      const documented = new Set(((op.parameters ?? []) as Json[]).filter((p) => p.in === 'query').map((p) => p.name as string));
      const keys = [...new URLSearchParams(answer.url.slice(answer.url.indexOf('?') + 1)).keys()].map((key) => key.replace(/\[\]$/, ''));
      const sorts = keys.filter((key) => SORT_KEY.test(key));
      for (const key of [...keys.filter((k) => FILTER_KEY.test(k)), ...sorts.slice(-1)]) {
        if (!documented.has(key)) problems.push(`${at}: query parameter ${key} is not documented`);
      }
    }
    return problems;
  };
}

/**
 * Every mismatch between the answers and the document, each answer checked
 * once however often it was sent (the malformed-input suite repeats itself).
 */
export function answerMismatches(document: Json, answers: readonly RecordedAnswer[]): string[] {
  const check = answerChecker(document);
  const seen = new Set<string>();
  const problems = new Set<string>();
  for (const answer of answers) {
    const key = JSON.stringify([answer.operation, answer.status, answer.contentType, answer.body, answer.status === 200 ? answer.url : '']);
    if (seen.has(key)) continue;
    seen.add(key);
    for (const problem of check(answer)) problems.add(problem);
  }
  return [...problems];
}
