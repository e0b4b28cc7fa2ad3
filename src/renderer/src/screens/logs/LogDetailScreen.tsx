/** /app/logsPage/view/:id: one activity entry, before and after side by side, changed fields highlighted. */
import { Button, Callout, Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { formatDateTime } from '@shared/format';
import { errorText } from '../../api/errors';
import { useApiQuery } from '../../api/hooks';
import { actionLabel, fieldLabel, recordText, valueText } from './labels';

export function LogDetailScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useApiQuery('logs.byId', { id }, { enabled: valid });

  if (!valid) return <Callout intent="danger" data-testid="log-detail-error">{t('errors.notFound')}</Callout>;
  if (query.error) return <Callout intent="danger" data-testid="log-detail-error">{errorText(query.error, t)}</Callout>;
  if (!query.data) return <Spinner />;
  const entry = query.data;

  return (
    <div className="screen" data-testid="log-detail">
      <div className="toolbar">
        <Button icon="arrow-left" data-testid="log-detail-back" onClick={() => navigate(-1)}>
          {t('logs.detail.back')}
        </Button>
      </div>
      <Card>
        <h2 className="bp6-heading heading-as-h3">{t('logs.detail.title', { id: entry.id })}</h2>
        <HTMLTable compact>
          <tbody>
            <tr>
              <th>{t('logs.detail.when')}</th>
              <td data-testid="log-detail-when">{formatDateTime(entry.created_at)}</td>
            </tr>
            <tr>
              <th>{t('logs.detail.who')}</th>
              <td data-testid="log-detail-who">
                {entry.actor_id === null ? t('logs.system') : `${entry.actor_name ?? ''} <${entry.actor_email ?? ''}>`}
              </td>
            </tr>
            <tr>
              <th>{t('logs.detail.action')}</th>
              <td data-testid="log-detail-action">
                {actionLabel(t, entry.action)}
              </td>
            </tr>
            <tr>
              <th>{t('logs.detail.record')}</th>
              <td data-testid="log-detail-record">{recordText(t, entry.entity, entry.entity_id)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>
      <Card>
        {entry.changes.length === 0 ? (
          <p data-testid="log-detail-no-changes">{t('logs.detail.noChanges')}</p>
        ) : (
          <>
            <p className="bp6-text-muted">{t('logs.detail.changedLegend')}</p>
            <HTMLTable compact striped data-testid="log-detail-changes">
              <thead>
                <tr>
                  <th>{t('logs.detail.field')}</th>
                  <th>{t('logs.detail.before')}</th>
                  <th>{t('logs.detail.after')}</th>
                </tr>
              </thead>
              <tbody>
                {entry.changes.map((c) => (
                  <tr
                    key={c.field}
                    data-testid={`log-change-${c.field}`}
                    data-changed={c.changed ? 'true' : 'false'}
                    style={c.changed ? { background: 'rgba(255, 193, 7, 0.25)', fontWeight: 600 } : undefined}
                  >
                    <th scope="row" title={c.field}>
                      {fieldLabel(t, c.field)}
                    </th>
                    <td data-testid={`log-change-${c.field}-before`}>{valueText(t, c.before, c.field)}</td>
                    <td data-testid={`log-change-${c.field}-after`}>{valueText(t, c.after, c.field)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </Card>
    </div>
  );
}
