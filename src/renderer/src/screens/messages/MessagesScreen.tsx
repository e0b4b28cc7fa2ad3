/**
 * /app/messages ("Disparos de SMS"): compose a broadcast, its history, and one
 * broadcast's per-recipient status. One route, three views chosen by the URL
 * (?view=history, ?id=N), so back/forward and reload keep the view.
 */
import { Button, ButtonGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { BroadcastDetail } from './BroadcastDetail';
import { ComposeForm } from './ComposeForm';
import { HistoryList } from './HistoryList';
import { viewOf } from './view';

export function MessagesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view = viewOf(params);
  return (
    <div className="screen">
      <ButtonGroup className="messages-tabs">
        <Button data-testid="messages-tab-compose" icon="edit" active={view.kind === 'compose'} onClick={() => setParams({})}>
          {t('messages.tabCompose')}
        </Button>
        <Button data-testid="messages-tab-history" icon="history" active={view.kind !== 'compose'} onClick={() => setParams({ view: 'history' })}>
          {t('messages.tabHistory')}
        </Button>
      </ButtonGroup>
      {view.kind === 'compose' && <ComposeForm onCreated={(id) => setParams({ id: String(id) })} />}
      {view.kind === 'history' && <HistoryList />}
      {view.kind === 'detail' && <BroadcastDetail id={view.id} />}
    </div>
  );
}
