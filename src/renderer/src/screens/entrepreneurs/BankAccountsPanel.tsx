/**
 * The person's bank accounts (the spec's bankData, a list): add, edit and
 * remove, each saved at once through PUT /users/entrepreneurs with the whole
 * list (the server edits the accounts named by id, adds the new one, removes
 * the one left out). Removing asks first. Agents see the list only.
 */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { bankAccountInput, type BankAccount, type EntrepreneurDetail } from '@shared/contract';
import { AllOperators } from '@shared/roles';
import { errorText, isApiError } from '../../api/errors';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { ConfirmDialog } from '@kit/ConfirmDialog';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { ENTREPRENEUR_INVALIDATES } from './ClientInfoForm';
import { useInterestOptions } from './options';
import { RecordsTable } from '@kit/RecordsTable';

const schema = bankAccountInput.omit({ id: true });
type Values = z.input<typeof schema>;

const text = (v: string | null) => v ?? '';
const EMPTY: Values = {
  profileAccountBank: null,
  cpfCnpj: '',
  nameCreditCard: '',
  bankName: '',
  bankAgency: '',
  bankNumber: '',
  bankDigit: '',
  typeAccount: null,
  keyPix: '',
};

function valuesOf(a: BankAccount): Values {
  return {
    profileAccountBank: a.profileAccountBank,
    cpfCnpj: text(a.cpfCnpj),
    nameCreditCard: text(a.nameCreditCard),
    bankName: a.bankName,
    bankAgency: a.bankAgency,
    bankNumber: a.bankNumber,
    bankDigit: text(a.bankDigit),
    typeAccount: a.typeAccount,
    keyPix: text(a.keyPix),
  };
}

/** What the update call takes for an account kept as it is. */
function inputOf(a: BankAccount) {
  return { id: a.id, ...valuesOf(a) };
}

function AccountDialog({ person, editing, onClose }: { person: EntrepreneurDetail; editing: BankAccount | 'new'; onClose(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const f = (key: string) => t(`entrepreneurs.fields.${key}`);
  const profiles = useInterestOptions('profileAccountBank');
  const types = useInterestOptions('typeAccount');
  const fields: FieldDecl<Values>[] = [
    { name: 'bankName', type: 'text', label: f('bankName'), autoFocus: true },
    { name: 'bankAgency', type: 'text', label: f('bankAgency') },
    { name: 'bankNumber', type: 'text', label: f('bankNumber') },
    { name: 'bankDigit', type: 'text', label: f('bankDigit') },
    { name: 'typeAccount', type: 'select', numeric: true, label: f('typeAccount'), options: types },
    { name: 'profileAccountBank', type: 'select', numeric: true, label: f('profileAccountBank'), options: profiles },
    { name: 'nameCreditCard', type: 'text', label: f('nameCreditCard') },
    { name: 'cpfCnpj', type: 'text', label: f('cpfCnpj') },
    { name: 'keyPix', type: 'text', label: f('keyPix') },
  ];
  const kit = useKitForm({
    schema,
    defaultValues: editing === 'new' ? EMPTY : valuesOf(editing),
    labels: Object.fromEntries(fields.map((d) => [d.name, d.label])),
  });
  const update = useApiMutation('users.updateEntrepreneur', { invalidates: ENTREPRENEUR_INVALIDATES });
  const index = editing === 'new' ? person.bankData.length : person.bankData.findIndex((a) => a.id === editing.id);

  const submit = kit.form.handleSubmit(async (values) => {
    kit.clear();
    const accounts = person.bankData.map(inputOf);
    const edited = editing === 'new' ? values : { id: editing.id, ...values };
    if (editing === 'new') accounts.push(edited as never);
    else accounts[index] = edited as never;
    try {
      await update.mutateAsync({ id: person.id, bankData: accounts });
      toast.success(t('entrepreneurs.bank.saved'));
      onClose();
    } catch (e) {
      // The server names the item ('bankData.<index>.cpfCnpj'): put it on this dialog's field.
      const field = isApiError(e) ? e.field?.replace(new RegExp(`^bankData\\.${index}\\.`), '') : undefined;
      if (isApiError(e) && field && field in kit.labels) kit.form.setError(field as keyof Values, { type: 'server', message: errorText(e, t) });
      else kit.report(e);
    }
  });

  return (
    <Dialog isOpen title={t(editing === 'new' ? 'entrepreneurs.bank.addTitle' : 'entrepreneurs.bank.editTitle')} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="bank-account-form" className="kit-form">
        <DialogBody>
          {fields.map((decl) => (
            <FieldInput key={decl.name} control={kit.form.control} decl={decl} testId={`bank-account-${decl.name}`} />
          ))}
          <FormError message={kit.formError} />
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onClose} data-testid="bank-account-cancel">
                {t('common.cancel')}
              </Button>
              <Button type="submit" intent="primary" icon="floppy-disk" loading={kit.form.formState.isSubmitting} data-testid="bank-account-save">
                {t('common.save')}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}

export function BankAccountsPanel({ person, loading, staleSince }: { person: EntrepreneurDetail; loading: boolean; staleSince: string | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const canEdit = !!user && AllOperators.includes(user.role_id);
  const [editing, setEditing] = useState<BankAccount | 'new' | null>(null);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const update = useApiMutation('users.updateEntrepreneur', { invalidates: ENTREPRENEUR_INVALIDATES });

  return (
    <div className="screen" data-testid="bank-accounts">
      {canEdit && (
        <div className="list-toolbar">
          <Button intent="success" icon="add" data-testid="bank-account-add" onClick={() => setEditing('new')}>
            {t('entrepreneurs.bank.add')}
          </Button>
        </div>
      )}
      <RecordsTable<BankAccount>
        testId="bank-accounts-table"
        loading={loading}
        staleSince={staleSince}
        rows={person.bankData}
        columns={[
          { id: 'bank', title: 'entrepreneurs.fields.bankName', width: 180, field: 'bankName' },
          { id: 'agency', title: 'entrepreneurs.fields.bankAgency', width: 90, kind: 'identifier', field: 'bankAgency' },
          {
            id: 'account',
            title: 'entrepreneurs.fields.bankNumber',
            width: 120,
            text: (a) => (a.bankDigit ? `${a.bankNumber}-${a.bankDigit}` : a.bankNumber),
          },
          { id: 'holder', title: 'entrepreneurs.fields.nameCreditCard', width: 160, field: 'nameCreditCard' },
          { id: 'document', title: 'entrepreneurs.fields.cpfCnpj', width: 160, kind: 'document', field: 'cpfCnpj' },
          { id: 'pix', title: 'entrepreneurs.fields.keyPix', width: 160, field: 'keyPix' },
        ]}
        actions={
          canEdit
            ? {
                title: t('common.actions'),
                width: 200,
                render: (a) => (
                  <span className="rt-row-actions">
                    <Button size="small" variant="minimal" icon="edit" data-testid={`bank-account-edit-${a.id}`} onClick={() => setEditing(a)}>
                      {t('entrepreneurs.bank.edit')}
                    </Button>
                    <Button size="small" variant="minimal" intent="danger" icon="trash" data-testid={`bank-account-remove-${a.id}`} onClick={() => setRemoving(a)}>
                      {t('entrepreneurs.bank.remove')}
                    </Button>
                  </span>
                ),
              }
            : undefined
        }
      />
      {editing && <AccountDialog person={person} editing={editing} onClose={() => setEditing(null)} />}
      {removing && (
        <ConfirmDialog
          isOpen
          title={t('entrepreneurs.bank.removeTitle')}
          intent="danger"
          confirmText={t('entrepreneurs.bank.remove')}
          onConfirm={async () => {
            try {
              await update.mutateAsync({ id: person.id, bankData: person.bankData.filter((a) => a.id !== removing.id).map(inputOf) });
              toast.success(t('entrepreneurs.bank.removed'));
            } catch (e) {
              toast.failure(errorText(e, t));
            }
            setRemoving(null);
          }}
          onClose={() => setRemoving(null)}
        >
          {t('entrepreneurs.bank.confirmRemove', { bank: removing.bankName, agency: removing.bankAgency, account: removing.bankNumber })}
        </ConfirmDialog>
      )}
    </div>
  );
}
