/**
 * "Novo tomador": either an approved solicitation (its person, company and
 * bank data are copied; one borrower per solicitation, a 409 otherwise) or a
 * borrower registered directly by person type, document (CPF for a person,
 * CNPJ for a company, checked by its digits: the contract's rule) and name.
 * Both go through POST /borrowers/create; the new borrower's record opens.
 */
import { Button, Dialog, DialogBody, DialogFooter, Radio, RadioGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contract, PERSON_TYPES, type Borrower } from '@shared/contract';
import { formatCpfCnpj } from '@shared/documents';
import { useApiMutation, useApiQuery } from '../../api/hooks';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import type { z } from 'zod';

type Mode = 'solicitation' | 'scratch';
const schema = contract['borrowers.create'].args;
type Values = z.input<typeof schema>;

function CreateForm({ mode, onClose, onCreated }: { mode: Mode; onClose(): void; onCreated(b: Borrower): void }) {
  const { t } = useTranslation();
  const create = useApiMutation('borrowers.create', { invalidates: ['borrowers.list', 'borrowers.all'] });
  const approved = useApiQuery('solicitations.list', { page: 1, limit: 100, filter: { status: 'approved' } }, { enabled: mode === 'solicitation' });
  const f = (key: string) => t(`borrowers.fields.${key}`);
  const fields: FieldDecl<Values>[] =
    mode === 'solicitation'
      ? [
          {
            name: 'solicitation_id',
            type: 'select',
            numeric: true,
            label: t('borrowers.create.solicitation'),
            hint: t('borrowers.create.solicitationHint'),
            options: (approved.data?.items ?? []).map((s) => {
              const document = s.typeCredit === 'PJ' ? s.cnpj : s.cpf;
              const name = s.typeCredit === 'PJ' && s.companyName ? s.companyName : s.name;
              return { value: s.id, label: t('borrowers.create.solicitationOption', { id: s.id, name, document: document ? formatCpfCnpj(document) : '—' }) };
            }),
          },
        ]
      : [
          { name: 'person_type', type: 'select', label: f('person_type'), options: PERSON_TYPES.map((p) => ({ value: p, label: t(`borrowers.personType.${p}`) })) },
          { name: 'document', type: 'text', label: f('document'), hint: t('borrowers.create.documentHint') },
          { name: 'name', type: 'text', label: f('name') },
        ];
  const kit = useKitForm({
    schema,
    defaultValues: mode === 'solicitation' ? {} : { person_type: 'PJ', document: '', name: '' },
    labels: Object.fromEntries(fields.map((d) => [d.name, d.label])),
  });
  const submit = kit.form.handleSubmit(async (values) => {
    kit.clear();
    try {
      onCreated(await create.mutateAsync(values));
    } catch (e) {
      kit.report(e);
    }
  });
  const none = mode === 'solicitation' && approved.data && approved.data.items.length === 0;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="new-borrower-form" className="kit-form">
      <DialogBody>
        {fields.map((decl, i) => (
          <FieldInput key={decl.name} control={kit.form.control} decl={i === 0 ? { ...decl, autoFocus: true } : decl} testId={`new-borrower-${decl.name}`} />
        ))}
        {none && (
          <p className="bp6-text-muted" data-testid="new-borrower-none">
            {t('borrowers.create.noApproved')}
          </p>
        )}
        <FormError message={kit.formError} testId="new-borrower-error" />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose} data-testid="new-borrower-cancel">
              {t('common.cancel')}
            </Button>
            <Button type="submit" intent="primary" icon="add" loading={kit.form.formState.isSubmitting} data-testid="new-borrower-save">
              {t('borrowers.create.submit')}
            </Button>
          </>
        }
      />
    </form>
  );
}

export function NewBorrowerDialog({ onClose, onCreated }: { onClose(): void; onCreated(b: Borrower): void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('solicitation');
  return (
    <Dialog isOpen title={t('borrowers.create.title')} onClose={onClose} style={{ width: 560 }}>
      <div className="borrower-create-mode">
        <RadioGroup inline name="new-borrower-mode" selectedValue={mode} onChange={(e) => setMode(e.currentTarget.value as Mode)}>
          <Radio value="solicitation" label={t('borrowers.create.fromSolicitation')} data-testid="new-borrower-mode-solicitation" />
          <Radio value="scratch" label={t('borrowers.create.fromScratch')} data-testid="new-borrower-mode-scratch" />
        </RadioGroup>
      </div>
      {/* key: each way starts with its own fresh form. */}
      <CreateForm key={mode} mode={mode} onClose={onClose} onCreated={onCreated} />
    </Dialog>
  );
}
