/**
 * A record's short list of sub-records (the company's representatives,
 * witnesses, IOF periods and accounts; a borrower's shareholders, guarantees
 * and accounts) as a declaration: the table's columns,
 * the dialog's fields over the contract's schema, and the three calls. The
 * panel draws the table, the add / edit dialog (server errors on their field,
 * e.g. the IOF overlap on the period's start) and the removal behind a
 * confirmation. Roles that may not change the record see the table only.
 * A panel whose rows lead to other pages declares a row menu instead of link
 * columns; its edit and remove then join that menu, so the row keeps one
 * narrow actions cell and the table fits the window.
 */
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { errorText } from '../api/errors';
import { useToast } from '../app/toaster';
import { ConfirmDialog } from './ConfirmDialog';
import { FieldInput, type FieldDecl } from './form/FieldInput';
import { FormError } from './FormError';
import { useKitForm } from './form/useKitForm';
import type { ColumnDecl } from './list/columns';
import type { RowMenuDecl, RowMenuEntry } from './list/rowMenu';
import { RecordsTable } from './RecordsTable';
import { RowMenu } from './RowMenu';
import './RecordsPanel.css';

export interface RecordsPanelDecl<T extends { id: number }, S extends z.ZodType<unknown, FieldValues>> {
  /** data-testid prefix: `<testId>-add`, `<testId>-table-row-<id>`, `<testId>-edit-<id>`, `<testId>-remove-<id>`, `<testId>-form`, `<testId>-<field>` */
  testId: string;
  /** i18n prefix with add, addTitle, editTitle, remove, removeTitle, confirmRemove, saved, removed, empty? */
  texts: string;
  columns: readonly ColumnDecl<T>[];
  rows: readonly T[] | undefined;
  loading: boolean;
  error: unknown;
  staleSince: string | null;
  schema: S;
  fields: readonly FieldDecl<z.input<S>>[];
  empty: DefaultValues<z.input<S>>;
  toValues(row: T): DefaultValues<z.input<S>>;
  create(values: z.output<S>): Promise<unknown>;
  update(row: T, values: z.output<S>): Promise<unknown>;
  /** absent: the rows cannot be removed (no remove button) */
  remove?(row: T): Promise<unknown>;
  /** more buttons in each row's actions cell, before edit (e.g. a file's upload and download) */
  rowActions?(row: T): ReactNode;
  /**
   * the pages a row leads to, in one menu per row (button test id
   * `<testId>-menu-<id>`); edit and remove join it, after a line, with their
   * usual test ids. Shown to the roles that see the table only, too.
   */
  rowMenu?: RowMenuDecl<T>;
  /** what the removal question names (the row's own words) */
  describe(row: T): Record<string, string>;
  canEdit: boolean;
  /** width of the actions column (190 by default) */
  actionsWidth?: number;
  /** shown above the table (what the list is for) */
  intro?: ReactNode;
}

/** The rows of a list query as a panel shows them: loading until the first answer, a cached answer's time while it is stale. */
export function queryRows<T>(query: { data?: readonly T[]; isFetching: boolean; error: unknown; stale: boolean; cachedAt?: string }) {
  return { rows: query.data, loading: query.isFetching && !query.data, error: query.error, staleSince: query.stale ? (query.cachedAt ?? '') : null };
}

function RecordDialog<T extends { id: number }, S extends z.ZodType<unknown, FieldValues>>({
  decl,
  editing,
  onClose,
}: {
  decl: RecordsPanelDecl<T, S>;
  editing: T | 'new';
  onClose(): void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const kit = useKitForm({
    schema: decl.schema,
    defaultValues: editing === 'new' ? decl.empty : decl.toValues(editing),
    labels: Object.fromEntries(decl.fields.map((d) => [d.name, d.label])),
  });
  const submit = kit.form.handleSubmit(async (values) => {
    kit.clear();
    try {
      if (editing === 'new') await decl.create(values);
      else await decl.update(editing, values);
      toast.success(t(`${decl.texts}.saved`));
      onClose();
    } catch (e) {
      kit.report(e);
    }
  });
  const title = t(`${decl.texts}.${editing === 'new' ? 'addTitle' : 'editTitle'}`);
  return (
    <Dialog isOpen title={title} onClose={onClose} style={{ width: 560 }}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid={`${decl.testId}-form`} className="kit-form company-dialog-form">
        <DialogBody>
          {decl.fields.map((field, i) => (
            <FieldInput
              key={field.name}
              control={kit.form.control}
              decl={i === 0 ? { ...field, autoFocus: true } : field}
              testId={`${decl.testId}-${field.name}`}
            />
          ))}
          <FormError message={kit.formError} testId={`${decl.testId}-form-error`} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} data-testid={`${decl.testId}-cancel`}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" intent="primary" icon="floppy-disk" loading={kit.form.formState.isSubmitting} data-testid={`${decl.testId}-save`}>
                {t('common.save')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export function RecordsPanel<T extends { id: number }, S extends z.ZodType<unknown, FieldValues>>({ decl }: { decl: RecordsPanelDecl<T, S> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [removing, setRemoving] = useState<T | null>(null);
  const { testId, texts, canEdit } = decl;
  // The declared pages, then the record's own actions for the roles that may change it.
  const own: RowMenuEntry<T>[] = canEdit ? [{ id: 'edit', label: 'common.edit', icon: 'edit', divider: true, onClick: (row) => setEditing(row) }] : [];
  if (canEdit && decl.remove) own.push({ id: 'remove', label: 'company.remove', icon: 'trash', intent: 'danger', onClick: (row) => setRemoving(row) });
  const rowMenu: RowMenuDecl<T> | undefined = decl.rowMenu && { ...decl.rowMenu, entries: [...decl.rowMenu.entries, ...own] };

  return (
    <div className="screen records-panel" data-testid={testId}>
      {decl.intro && (
        <p className="bp6-text-muted records-intro" data-testid={`${testId}-intro`}>
          {decl.intro}
        </p>
      )}
      {canEdit && (
        <div className="list-toolbar">
          <Button intent="success" icon="add" data-testid={`${testId}-add`} onClick={() => setEditing('new')}>
            {t(`${texts}.add`)}
          </Button>
        </div>
      )}
      {!canEdit && (
        <Callout intent="primary" icon="lock" data-testid={`${testId}-read-only`}>
          {t('form.readOnly')}
        </Callout>
      )}
      <RecordsTable<T>
        testId={`${testId}-table`}
        columns={decl.columns}
        rows={decl.rows}
        loading={decl.loading}
        error={decl.error ? errorText(decl.error, t) : null}
        staleSince={decl.staleSince}
        actions={
          rowMenu
            ? {
                title: t('common.actions'),
                render: (row) => (
                  <span className="rt-row-actions">
                    {canEdit && decl.rowActions?.(row)}
                    <RowMenu decl={rowMenu} row={row} testId={testId} />
                  </span>
                ),
              }
            : canEdit
              ? {
                  title: t('common.actions'),
                  width: decl.actionsWidth ?? 190,
                  render: (row) => (
                    <span className="rt-row-actions">
                      {decl.rowActions?.(row)}
                      <Button size="small" variant="minimal" icon="edit" data-testid={`${testId}-edit-${row.id}`} onClick={() => setEditing(row)}>
                        {t('common.edit')}
                      </Button>
                      {decl.remove && (
                        <Button size="small" variant="minimal" intent="danger" icon="trash" data-testid={`${testId}-remove-${row.id}`} onClick={() => setRemoving(row)}>
                          {t('company.remove')}
                        </Button>
                      )}
                    </span>
                  ),
                }
              : undefined
        }
      />
      {editing && <RecordDialog decl={decl} editing={editing} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmDialog
          isOpen
          title={t(`${texts}.removeTitle`)}
          intent="danger"
          confirmText={t('company.remove')}
          onConfirm={async () => {
            try {
              await decl.remove?.(removing);
              toast.success(t(`${texts}.removed`));
            } catch (e) {
              toast.failure(errorText(e, t));
            }
            setRemoving(null);
          }}
          onClose={() => setRemoving(null)}
        >
          <span data-testid={`${testId}-confirm-text`}>{t(`${texts}.confirmRemove`, decl.describe(removing))}</span>
        </ConfirmDialog>
      )}
    </div>
  );
}
