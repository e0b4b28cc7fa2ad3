/** The person's sign-in e-mail and activation (PUT /users/admin-entrepreneurs): administrators edit them, everyone else reads them. */
import { Button, Callout, Card } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { contract, type EntrepreneurDetail } from '@shared/contract';
import { AllAdmins } from '@shared/roles';
import { useApiMutation } from '../../api/hooks';
import { useSession } from '../../app/session';
import { useToast } from '../../app/toaster';
import { FieldInput, type FieldDecl } from '@kit/form/FieldInput';
import { FormError } from '@kit/FormError';
import { useKitForm } from '@kit/form/useKitForm';
import { ENTREPRENEUR_INVALIDATES } from './ClientInfoForm';

const schema = contract['users.updateAdminEntrepreneurs'].args.pick({ email: true, active: true });

export function AccountPanel({ person }: { person: EntrepreneurDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const canEdit = !!user && AllAdmins.includes(user.role_id);
  const fields: FieldDecl<{ email?: string; active?: boolean }>[] = [
    { name: 'email', type: 'email', label: t('entrepreneurs.fields.email') },
    { name: 'active', type: 'switch', label: t('entrepreneurs.fields.active') },
  ];
  const kit = useKitForm({ schema, defaultValues: { email: person.email, active: person.active }, labels: Object.fromEntries(fields.map((f) => [f.name, f.label])) });
  const { reset } = kit.form;
  useEffect(() => reset({ email: person.email, active: person.active }), [person.email, person.active, reset]);
  const update = useApiMutation('users.updateAdminEntrepreneurs', { invalidates: ENTREPRENEUR_INVALIDATES });
  const submit = kit.form.handleSubmit(async (values) => {
    kit.clear();
    try {
      await update.mutateAsync({ id: person.id, ...values });
      toast.success(t('entrepreneurs.accountSaved'));
    } catch (e) {
      kit.report(e);
    }
  });
  return (
    <Card>
      <form className="user-form kit-form" noValidate onSubmit={(e) => void submit(e)} data-testid="entrepreneur-account">
        {!canEdit && <Callout intent="primary" icon="lock">{t('entrepreneurs.accountHint')}</Callout>}
        {fields.map((decl) => (
          <FieldInput key={decl.name} control={kit.form.control} decl={decl} testId={`entrepreneur-account-${decl.name}`} readOnly={!canEdit} />
        ))}
        <FormError message={kit.formError} />
        {canEdit && (
          <div className="form-actions">
            <Button type="submit" intent="primary" icon="floppy-disk" loading={kit.form.formState.isSubmitting} data-testid="entrepreneur-account-save">
              {t('common.save')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
