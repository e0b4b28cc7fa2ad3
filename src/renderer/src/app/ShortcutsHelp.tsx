/**
 * The keyboard help ("?", or the header's keyboard button): every shortcut of
 * app/shortcuts.ts by the screen it works on, read from the one declaration.
 * Rendered by Blueprint's HotkeysProvider in place of its own dialog.
 */
import { Button, Classes, Dialog, DialogBody, DialogFooter, HTMLTable, KeyComboTag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { SHORTCUT_SCOPES, shortcutsOf } from './shortcuts';

export function ShortcutsHelp({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('shell.shortcuts.title')} icon="key-command" style={{ width: 560 }}>
      <DialogBody className="shortcuts-help" data-testid="shortcuts-help">
        {/* The list may scroll in a short window: Tab reaches it, so the arrow keys scroll it. */}
        <div className="shortcuts-scroll" tabIndex={0} role="region" aria-label={t('shell.shortcuts.title')}>
        <p className={Classes.TEXT_MUTED}>{t('shell.shortcuts.intro')}</p>
        {SHORTCUT_SCOPES.map(({ scope, title }) => (
          <section key={scope} aria-labelledby={`shortcuts-${scope}`} className="shortcuts-group">
            <h2 id={`shortcuts-${scope}`} className="bp6-heading shortcuts-group-title">
              {t(title)}
            </h2>
            <HTMLTable compact className="shortcuts-table">
              <tbody>
                {shortcutsOf(scope).map(([id, decl]) => (
                  <tr key={id} data-testid={`shortcut-${id}`} data-combo={decl.combo}>
                    <td className="shortcuts-keys">
                      <KeyComboTag combo={decl.combo} />
                    </td>
                    <td>{t(decl.label)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </section>
        ))}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" onClick={onClose} data-testid="shortcuts-help-close">
            {t('shell.shortcuts.close')}
          </Button>
        }
      />
    </Dialog>
  );
}
