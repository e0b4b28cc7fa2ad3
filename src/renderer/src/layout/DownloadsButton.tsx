/**
 * The files saved in this session (exports, PDFs, remittances), kept after
 * their 2-second toast: the header's "Arquivos salvos" opens the list, each
 * with its folder and "Abrir pasta" (the main process shows it in the
 * system's file manager, named by the entry's id, never by a path the page
 * chose). The list lives in the main process and is emptied at sign-out.
 */
import { Button, Popover } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedDownload } from '@shared/bridge';
import { formatDateTime } from '@shared/format';
import { bridge } from '../api/client';
import { useToast } from '../app/toaster';

function DownloadsList({ items }: { items: SavedDownload[] | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  if (items === null) return null;
  if (items.length === 0) {
    return (
      <p className="downloads-none" data-testid="downloads-none">
        {t('shell.header.downloadsNone')}
      </p>
    );
  }
  const open = async (item: SavedDownload) => {
    const answer = await bridge().files.showInFolder(item.id);
    if (answer.error) toast.failure(answer.message);
  };
  return (
    <ul className="downloads-list" data-testid="downloads-list" aria-label={t('shell.header.downloads')}>
      {items.map((item) => (
        <li key={item.id} data-testid="downloads-item">
          <div className="downloads-text">
            <strong className="downloads-name">{item.name}</strong>
            <span className="bp6-text-muted downloads-folder" title={item.folder}>
              {item.folder}
            </span>
            <span className="bp6-text-muted downloads-when">{formatDateTime(item.savedAt)}</span>
          </div>
          <Button icon="folder-open" size="small" data-testid="downloads-open" aria-label={t('shell.header.downloadsOpenOf', { name: item.name })} onClick={() => void open(item)}>
            {t('shell.header.downloadsOpen')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function DownloadsButton() {
  const { t } = useTranslation();
  const [items, setItems] = useState<SavedDownload[] | null>(null);
  return (
    <Popover
      placement="bottom-end"
      onOpening={() => {
        void bridge()
          .files.downloads()
          .then(setItems, () => setItems([]));
      }}
      onClosed={() => setItems(null)}
      content={
        <div className="downloads-popover" data-testid="downloads-popover">
          <h2 className="bp6-heading downloads-title">{t('shell.header.downloads')}</h2>
          <DownloadsList items={items} />
        </div>
      }
    >
      <Button icon="download" variant="minimal" data-testid="header-downloads" aria-label={t('shell.header.downloads')} title={t('shell.header.downloads')} />
    </Popover>
  );
}
