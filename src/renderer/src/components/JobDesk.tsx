/**
 * A collections desk a daily job feeds (negativação, payment reminders) as declarations: the screen's heading, its
 * intro and the "run now" button, whose toast says what the job did (JobDeskScreen); and the job's paged records,
 * filtered by their status and by on/off flags, a page at a time (StatusList). Both screens drew these alike; the
 * texts come from one i18n prefix (title, intro, run, status, all, statuses.*, previous, next, pageOf).
 */
import { Button, Callout, Checkbox, FormGroup, HTMLSelect, type IconName } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArgsOf, ExposedOperationName, ResultOf } from '@shared/contract';
import { formatInteger } from '@shared/format';
import { ApiError, errorText } from '../api/errors';
import { useApiMutation, useApiQuery } from '../api/hooks';
import { useToast } from '../app/toaster';
import type { ColumnDecl, Translate } from './list/columns';
import { RecordsTable } from './RecordsTable';
import './jobDesk.css';

/** The operations a job's button calls without arguments. */
export interface JobRunDecl<N extends ExposedOperationName> {
  operation: N;
  icon: IconName;
  /** the lists whose answers the run makes stale */
  invalidates: readonly ExposedOperationName[];
  /** what the success toast says the job did */
  done(result: ResultOf<N>, t: Translate): string;
}

export function JobDeskScreen<N extends ExposedOperationName>(props: {
  /** the screen's test id and class; the button is `<id>-run` */
  id: string;
  /** i18n prefix with title, intro, run */
  texts: string;
  run: JobRunDecl<N>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const { id, texts, run } = props;
  const job = useApiMutation(run.operation, { invalidates: run.invalidates });
  return (
    <div className={`screen ${id}`} data-testid={id}>
      <h2>{t(`${texts}.title`)}</h2>
      <p className="bp6-text-muted">{t(`${texts}.intro`)}</p>
      <div className="job-desk-bar">
        <Button
          intent="primary"
          icon={run.icon}
          data-testid={`${id}-run`}
          loading={job.isPending}
          onClick={async () => {
            try {
              // Every job's run takes no arguments (its day is the server's business date).
              const result = await job.mutateAsync({} as ArgsOf<N>);
              toast.success(run.done(result, t));
            } catch (e) {
              toast.failure(e instanceof ApiError ? errorText(e, t) : undefined);
            }
          }}
        >
          {t(`${texts}.run`)}
        </Button>
      </div>
      {props.children}
    </div>
  );
}

interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}
/** The calls that answer a page of records (items, total, page, page_size). */
export type PagedOperation = { [N in ExposedOperationName]: ResultOf<N> extends Paged<unknown> ? N : never }[ExposedOperationName];
type ItemOf<N extends PagedOperation> = ResultOf<N> extends Paged<infer T> ? T : never;

export interface StatusListDecl<N extends PagedOperation, T extends { id: number }> {
  /** test id prefix: the table `<testId>-list`, the status `<testId>-status`, each flag `<testId>-<flag id>` */
  testId: string;
  /** i18n prefix with status, all, statuses.*, previous, next, pageOf */
  texts: string;
  operation: N;
  /** the statuses to filter by (none: no status filter) */
  statuses?: readonly string[];
  /** on/off filters: the arguments each adds when on */
  flags?: readonly { id: string; label: string; args: Partial<ArgsOf<N>> }[];
  columns: readonly ColumnDecl<T>[];
  /** the rows the table draws from the answer's items (absent: the items, which carry an id) */
  rows?(items: ItemOf<N>[]): T[];
  emptyHint: string;
  onRowClick?(row: T): void;
  actions?: { title: string; width?: number; render(row: T): ReactNode };
  /** what follows the table (a callout over the page's rows, a dialog) */
  below?(items: ItemOf<N>[]): ReactNode;
}

export function StatusList<N extends PagedOperation, T extends { id: number }>(props: StatusListDecl<N, T>) {
  const { t } = useTranslation();
  const { testId, texts, statuses, flags = [] } = props;
  const [status, setStatus] = useState('');
  const [on, setOn] = useState<ReadonlySet<string>>(new Set());
  const [page, setPage] = useState(1);
  const args = { ...(status ? { status } : {}), ...Object.assign({}, ...flags.filter((f) => on.has(f.id)).map((f) => f.args)), page };
  // The declaration names a paged call; its status and flags are its own arguments (the contract checks them).
  const list = useApiQuery(props.operation, args as ArgsOf<N>);
  const data = list.data as Paged<ItemOf<N>> | undefined;
  const rows = data && (props.rows ? props.rows(data.items) : (data.items as unknown as T[]));
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <>
      {(statuses || flags.length > 0) && (
        <div className="job-desk-bar">
          {statuses && (
            <FormGroup label={t(`${texts}.status`)} labelFor={`${testId}-status`} inline>
              <HTMLSelect
                id={`${testId}-status`}
                data-testid={`${testId}-status`}
                value={status}
                onChange={(e) => {
                  setStatus(e.currentTarget.value);
                  setPage(1);
                }}
                options={[{ value: '', label: t(`${texts}.all`) }, ...statuses.map((s) => ({ value: s, label: t(`${texts}.statuses.${s}`) }))]}
              />
            </FormGroup>
          )}
          {flags.map((f) => (
            <Checkbox
              key={f.id}
              data-testid={`${testId}-${f.id}`}
              label={t(f.label)}
              checked={on.has(f.id)}
              onChange={() => {
                setOn((all) => {
                  const next = new Set(all);
                  if (!next.delete(f.id)) next.add(f.id);
                  return next;
                });
                setPage(1);
              }}
            />
          ))}
        </div>
      )}
      {list.error && <Callout intent="danger">{errorText(list.error, t)}</Callout>}
      <RecordsTable<T>
        testId={`${testId}-list`}
        loading={list.isFetching && !data}
        rows={rows}
        emptyHint={props.emptyHint}
        onRowClick={props.onRowClick}
        columns={props.columns}
        actions={props.actions}
      />
      {data && props.below?.(data.items)}
      {data && data.total > data.page_size && (
        <div className="job-desk-bar">
          <Button disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t(`${texts}.previous`)}
          </Button>
          <span>{t(`${texts}.pageOf`, { page, pages, total: formatInteger(data.total) })}</span>
          <Button disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t(`${texts}.next`)}
          </Button>
        </div>
      )}
    </>
  );
}
