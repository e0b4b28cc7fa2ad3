/**
 * The installment's title data for the bank (PUT …/installments/:x/title):
 * the document number, protest or credit-bureau report after some days past
 * due (one of the two; the contract's rule says so on the field), and the
 * instructions' note. The form kit draws it from the contract's schema; the
 * version read goes back with the change, so an edit made elsewhere
 * meanwhile is a 409, not overwritten. An installment no longer collected
 * (paid, renegotiated, written off) shows its title read-only, as do agents.
 */
import { H2 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { contract } from '@shared/contract';
import type { InstallmentMoves } from '@shared/contract/servicing-moves';
import { COLLECTIBLE_STATUSES } from '@shared/installment-status';
import { formatDateTime } from '@shared/format';
import { AllOperators, hasProfilePermission } from '@shared/roles';
import { useApiMutation } from '../../../api/hooks';
import { useSession } from '../../../app/session';
import { FormScreen, useFormScreen } from '@kit/form/FormScreen';
import { asText, formSchema } from '@kit/form/formSchema';
import { useRefreshServicing } from '../refresh';

const titleSchema = formSchema(contract['servicingMoves.saveTitle'].args, {
  nullIfEmpty: ['document_number', 'protest_days', 'negativation_days', 'note'],
});

export function TitleForm({ moves, operationId }: { moves: InstallmentMoves; operationId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const refresh = useRefreshServicing();
  const save = useApiMutation('servicingMoves.saveTitle');
  const f = (k: string) => t(`servicing.title.${k}`);
  const collecting = COLLECTIBLE_STATUSES.includes(moves.installment.status);
  const title = moves.title;
  const ids = { id: operationId, installment: moves.installment.id };
  const screen = useFormScreen({
    testId: 'installment-title',
    schema: titleSchema,
    defaultValues: { ...ids, version: 0, document_number: '', protest_days: null, negativation_days: null, note: '' },
    load: { data: title, isLoading: false, error: null },
    toValues: (v) => ({
      ...ids,
      version: v.version,
      document_number: v.document_number ?? '',
      // The form holds typed text; the schema turns it back into whole days.
      protest_days: asText(v.protest_days) as unknown as number,
      negativation_days: asText(v.negativation_days) as unknown as number,
      note: v.note ?? '',
    }),
    readOnly: !collecting || !hasProfilePermission(user?.role_id, AllOperators),
    savedText: f('saved'),
    sections: [
      {
        id: 'title',
        fields: [
          { name: 'document_number', type: 'text', label: f('document_number'), hint: f('document_numberHint') },
          { name: 'protest_days', type: 'number', label: f('protest_days'), hint: f('daysHint') },
          { name: 'negativation_days', type: 'number', label: f('negativation_days'), hint: f('daysHint') },
          { name: 'note', type: 'textarea', label: f('note'), rows: 2 },
        ],
      },
    ],
    save: async (values) => {
      const saved = await save.mutateAsync(values);
      await refresh({ operationId });
      return saved;
    },
  });
  return (
    <FormScreen
      screen={screen}
      notice={
        <>
          <H2 className="heading-as-h5">{f('heading')}</H2>
          {!collecting && <p className="bp6-text-muted" data-testid="installment-title-not-collecting">{f('notCollecting')}</p>}
          {title.updated_at && <p className="bp6-text-muted">{t('servicing.title.lastSaved', { when: formatDateTime(title.updated_at) })}</p>}
        </>
      }
    />
  );
}
