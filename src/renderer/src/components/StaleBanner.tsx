/** The notice over data served from the offline cache: "Sem conexão — exibindo dados de DD/MM/AAAA HH:mm". */
import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@shared/format';

export function StaleBanner({ at, testId }: { at: string | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <Callout intent="warning" icon="offline" data-testid={testId}>
      {t('shell.header.stale', { at: formatDateTime(at) })}
    </Callout>
  );
}
