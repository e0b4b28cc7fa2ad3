/** /app/lgpd: erasure requests (who, when, status) with the status filter in the URL, and registering a request from another channel. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { LGPD_STATUSES, type LgpdStatus } from '@shared/contract';
import { useToast } from '../../app/toaster';
import { ListScreen } from '@kit/list/ListScreen';
import { RegisterRequestDialog } from './RegisterRequestDialog';
import { statusIntent } from './status';

export function LgpdListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [registering, setRegistering] = useState(false);
  return (
    <ListScreen
      testId="lgpd"
      emptyHint="emptyHints.lgpd"
      operation="lgpd.list"
      columns={[
        { id: 'id', title: 'lgpd.columns.id', width: 60, kind: 'identifier', field: 'id' },
        { id: 'subject', title: 'lgpd.columns.subject', width: 180, field: 'subject_name' },
        { id: 'email', title: 'lgpd.columns.email', width: 200, field: 'subject_email' },
        { id: 'channel', title: 'lgpd.columns.channel', width: 110, text: (r, tr) => tr(`lgpd.channel.${r.channel}`) },
        { id: 'received', title: 'lgpd.columns.receivedAt', sort: 'received_at', width: 150, kind: 'datetime', field: 'received_at' },
        {
          id: 'status',
          title: 'lgpd.columns.status',
          sort: 'status',
          width: 110,
          kind: 'status',
          field: 'status',
          labels: 'lgpd.status',
          intent: (s) => statusIntent(s as LgpdStatus),
        },
        { id: 'closed', title: 'lgpd.columns.closedAt', sort: 'closed_at', width: 150, kind: 'datetime', field: 'closed_at' },
      ]}
      filters={[{ kind: 'status', key: 'status', label: 'lgpd.filterStatus', statuses: LGPD_STATUSES, labels: 'lgpd.status' }]}
      rowLink={(r) => `/app/lgpd/view/${r.id}`}
      toolbar={[{ id: 'register', label: 'lgpd.register.open', onClick: () => setRegistering(true) }]}
    >
      {registering && (
        <RegisterRequestDialog
          isOpen
          onClose={() => setRegistering(false)}
          onSaved={(created) => {
            setRegistering(false);
            toast.success(t('lgpd.register.saved'));
            navigate(`/app/lgpd/view/${created.id}`);
          }}
        />
      )}
    </ListScreen>
  );
}
