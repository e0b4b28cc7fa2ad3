/**
 * One sub-record tab of a borrower (sócios, procuradores, devedores
 * solidários, produtos, faturamento, garantias), generated from the kind's
 * declaration in recordKinds.ts on the records panel: the table, the add /
 * edit dialog (POST with the id changes the record; a server 400 lands on
 * its field, e.g. an invalid CPF) and the removal behind a confirmation.
 * A secured guarantee also takes its document (file picker, sent through the
 * bridge) and saves it back to disk.
 */
import { Button } from '@blueprintjs/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExposedOperationName } from '@shared/contract';
import { borrowerRecordOperationNames, type BorrowerRecord, type BorrowerRecordKind } from '@shared/contract/borrowers';
import { MAX_SOLICITATION_FILE_BYTES, SOLICITATION_FILE_TYPES } from '@shared/contract/solicitations';
import { bridge } from '../../api/client';
import { ApiError, errorText } from '../../api/errors';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { useToast } from '../../app/toaster';
import { queryRows, RecordsPanel } from '@kit/RecordsPanel';
import { payloadOf } from '../solicitations/files';
import { fileProblem } from '../solicitations/model';
import { RECORD_KINDS, type RecordKindDecl, type RecordSchema } from './recordKinds';

type Guarantee = BorrowerRecord<'securedguarantee'>;
const MAX_MB = Math.round(MAX_SOLICITATION_FILE_BYTES / (1024 * 1024));

/** Upload and download of a guarantee's document, in its row. */
function GuaranteeFileActions({ row, onPick }: { row: Guarantee; onPick(row: Guarantee): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const download = async () => {
    const base = (row.file_name ?? '').replace(/\.[^.]+$/, '') || 'garantia';
    const result = await bridge().files.download('borrowers.securedguarantee.file', { id: row.id }, { fileName: base });
    if (result.error) toast.failure(errorText(new ApiError(result), t));
    else if (result.data) toast.success(t('borrowers.guarantee.downloaded', { path: result.data.path }));
  };
  // Icon buttons (named by aria-label and tooltip): the row keeps room for edit and remove.
  const send = row.file_name ? t('borrowers.guarantee.replace') : t('borrowers.guarantee.upload');
  return (
    <>
      <Button size="small" variant="minimal" icon="upload" aria-label={send} title={send} data-testid={`securedguarantee-upload-${row.id}`} onClick={() => onPick(row)} />
      {row.file_name && (
        <Button
          size="small"
          variant="minimal"
          icon="download"
          aria-label={t('borrowers.guarantee.download')}
          title={t('borrowers.guarantee.download')}
          data-testid={`securedguarantee-download-${row.id}`}
          onClick={() => void download()}
        />
      )}
    </>
  );
}

/** Any kind drawn through one type (the shareholder's): each kind's declaration is typed where it is written. */
type AnyKind = 'shareholder';
type AnyRow = BorrowerRecord<AnyKind>;

export function BorrowerRecordsTab({ kind, borrowerId }: { kind: BorrowerRecordKind; borrowerId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const decl = RECORD_KINDS[kind] as unknown as RecordKindDecl<AnyKind>;
  const names = borrowerRecordOperationNames(kind);
  // The three calls of any kind share one shape; TypeScript cannot follow it through the kind's name.
  const listName = names.list as 'borrowers.shareholder.list';
  const query = useApiQuery(listName, { id: borrowerId });
  const invalidates = [names.list, 'borrowers.guarantors', 'borrowers.get'] as unknown as ExposedOperationName[];
  const save = useApiMutation(names.save as 'borrowers.shareholder.save', { invalidates });
  const remove = useApiMutation(names.remove as 'borrowers.shareholder.remove', { invalidates });
  const upload = useApiMutation('borrowers.securedguarantee.upload', { invalidates: ['borrowers.securedguarantee.list'] });
  const input = useRef<HTMLInputElement>(null);
  const [target, setTarget] = useState<Guarantee | null>(null);

  const pick = (row: Guarantee) => {
    setTarget(row);
    if (input.current) {
      input.current.value = '';
      input.current.click();
    }
  };
  const send = async (file: File | undefined) => {
    if (!file || !target) return;
    const problem = fileProblem(file, SOLICITATION_FILE_TYPES, MAX_SOLICITATION_FILE_BYTES);
    if (problem) {
      toast.failure(t(problem.key, problem.vars));
      return;
    }
    try {
      await upload.mutateAsync({ file: await payloadOf(file), guarantee_id: target.id });
      toast.success(t('borrowers.guarantee.uploaded'));
    } catch (e) {
      toast.failure(errorText(e, t));
    }
  };

  return (
    <>
      <RecordsPanel<AnyRow, RecordSchema<AnyKind>>
        decl={{
          testId: kind,
          texts: `borrowers.records.${kind}`,
          intro: t(`borrowers.records.${kind}.intro`, { max: MAX_MB }),
          ...decl.panel(t),
          ...queryRows({ ...query, data: query.data as AnyRow[] | undefined }),
          create: (values) => save.mutateAsync({ ...values, borrower_id: borrowerId }),
          update: (row, values) => save.mutateAsync({ ...values, borrower_id: borrowerId, id: row.id }),
          remove: (row) => remove.mutateAsync({ id: row.id }),
          describe: (row) => ({ name: decl.describe(row, t) }),
          canEdit: true,
          actionsWidth: kind === 'securedguarantee' ? 260 : undefined,
          rowActions: kind === 'securedguarantee' ? (row) => <GuaranteeFileActions row={row as unknown as Guarantee} onPick={pick} /> : undefined,
        }}
      />
      {kind === 'securedguarantee' && (
        <input
          ref={input}
          type="file"
          hidden
          accept={SOLICITATION_FILE_TYPES.join(',')}
          data-testid="securedguarantee-file-input"
          aria-label={t('borrowers.guarantee.upload')}
          onChange={(e) => void send(e.currentTarget.files?.[0])}
        />
      )}
    </>
  );
}
