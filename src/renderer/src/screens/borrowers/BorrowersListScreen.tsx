/**
 * /app/clientOperation ("Clientes"): the borrowers, the clients of credit
 * operations, with filters, sort and paging in the URL; a row opens the
 * borrower's record, and "Novo tomador" registers one (from an approved
 * solicitation or directly) and opens it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { BRAZIL_STATES, PERSON_TYPES } from '@shared/contract';
import { useToast } from '../../app/toaster';
import { ListScreen } from '@kit/list/ListScreen';
import { NewBorrowerDialog } from './NewBorrowerDialog';

const STATE_OPTIONS = BRAZIL_STATES.map((uf) => ({ value: uf, label: uf, raw: true }));
const TYPE_OPTIONS = PERSON_TYPES.map((p) => ({ value: p, label: `borrowers.personType.${p}` }));

export function BorrowersListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  return (
    <ListScreen
      testId="borrowers"
      emptyHint="emptyHints.borrowers"
      operation="borrowers.list"
      columns={[
        { id: 'name', title: 'borrowers.columns.name', sort: 'name', width: 240, field: 'name' },
        { id: 'document', title: 'borrowers.columns.document', sort: 'document', width: 160, kind: 'document', field: 'document' },
        { id: 'type', title: 'borrowers.columns.personType', width: 60, kind: 'identifier', field: 'person_type' },
        { id: 'city', title: 'borrowers.columns.city', width: 160, text: (b) => [b.city, b.state].filter(Boolean).join(' / ') },
        { id: 'operations', title: 'borrowers.columns.operations', sort: 'operations', width: 90, kind: 'integer', field: 'operations' },
        { id: 'active', title: 'borrowers.columns.active', width: 70, kind: 'boolean', field: 'active' },
        { id: 'created', title: 'borrowers.columns.createdAt', sort: 'created_at', width: 110, kind: 'date', field: 'created_at' },
      ]}
      filters={[
        { kind: 'text', key: 'name', label: 'borrowers.filters.name' },
        { kind: 'select', key: 'person_type', label: 'borrowers.filters.personType', options: TYPE_OPTIONS },
        { kind: 'select', key: 'state', label: 'borrowers.filters.state', options: STATE_OPTIONS },
        { kind: 'yesNo', key: 'active', label: 'borrowers.filters.active', wording: 'active' },
      ]}
      rowLink={(b) => `/app/clientOperation/view/${b.id}`}
      toolbar={[{ id: 'new', label: 'borrowers.create.action', onClick: () => setCreating(true) }]}
    >
      {creating && (
        <NewBorrowerDialog
          onClose={() => setCreating(false)}
          onCreated={(b) => {
            setCreating(false);
            toast.success(t('borrowers.create.created'));
            navigate(`/app/clientOperation/view/${b.id}`);
          }}
        />
      )}
    </ListScreen>
  );
}
