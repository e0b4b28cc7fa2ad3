/**
 * Every keyboard shortcut of the app, declared once with the screen it
 * works on: the screens bind them from here (useShortcuts) and the help
 * dialog ("?") lists them from here, so what the help says is what the keys
 * do. Combos are Blueprint's ("mod" is Ctrl, or Cmd on macOS).
 */
import { useHotkeys, type HotkeyConfig } from '@blueprintjs/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Where a shortcut works: everywhere in the app, or on one kind of screen. */
export type ShortcutScope = 'global' | 'list' | 'form' | 'viewer';

export interface ShortcutDecl {
  combo: string;
  scope: ShortcutScope;
  /** i18n key of what it does */
  label: string;
  /** also while typing in a field (Ctrl+S saves the field being typed in) */
  allowInInput?: boolean;
}

export const SHORTCUTS = {
  palette: { combo: 'mod+k', scope: 'global', label: 'shell.shortcuts.palette', allowInInput: true },
  help: { combo: '?', scope: 'global', label: 'shell.shortcuts.help' },
  listFilter: { combo: '/', scope: 'list', label: 'shell.shortcuts.listFilter' },
  listNextRow: { combo: 'j', scope: 'list', label: 'shell.shortcuts.listNextRow' },
  listPreviousRow: { combo: 'k', scope: 'list', label: 'shell.shortcuts.listPreviousRow' },
  listOpen: { combo: 'enter', scope: 'list', label: 'shell.shortcuts.listOpen' },
  listNextPage: { combo: ']', scope: 'list', label: 'shell.shortcuts.listNextPage' },
  listPreviousPage: { combo: '[', scope: 'list', label: 'shell.shortcuts.listPreviousPage' },
  listNew: { combo: 'n', scope: 'list', label: 'shell.shortcuts.listNew' },
  formSave: { combo: 'mod+s', scope: 'form', label: 'shell.shortcuts.formSave', allowInInput: true },
  formCancel: { combo: 'escape', scope: 'form', label: 'shell.shortcuts.formCancel', allowInInput: true },
  viewerApproveNext: { combo: 'a', scope: 'viewer', label: 'shell.shortcuts.viewerApproveNext' },
  viewerNext: { combo: 'right', scope: 'viewer', label: 'shell.shortcuts.viewerNext' },
  viewerPrevious: { combo: 'left', scope: 'viewer', label: 'shell.shortcuts.viewerPrevious' },
} as const satisfies Record<string, ShortcutDecl>;

export type ShortcutId = keyof typeof SHORTCUTS;

/** The scopes in the order the help lists them, with their titles. */
export const SHORTCUT_SCOPES: ReadonlyArray<{ scope: ShortcutScope; title: string }> = [
  { scope: 'global', title: 'shell.shortcuts.scopes.global' },
  { scope: 'list', title: 'shell.shortcuts.scopes.list' },
  { scope: 'form', title: 'shell.shortcuts.scopes.form' },
  { scope: 'viewer', title: 'shell.shortcuts.scopes.viewer' },
];

export function shortcutsOf(scope: ShortcutScope): Array<[ShortcutId, ShortcutDecl]> {
  return (Object.entries(SHORTCUTS) as Array<[ShortcutId, ShortcutDecl]>).filter(([, d]) => d.scope === scope);
}

/** Whether a key event is the declared shortcut (for keys a control handles itself, such as Enter on a row). */
export function isShortcut(id: ShortcutId, e: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }): boolean {
  const combo = SHORTCUTS[id].combo;
  if (combo.includes('+')) return false;
  const key = e.key.toLowerCase();
  const named: Record<string, string> = { enter: 'enter', escape: 'escape', arrowright: 'right', arrowleft: 'left' };
  return !e.ctrlKey && !e.metaKey && !e.altKey && (named[key] ?? key) === combo;
}

/** An open dialog or popover owns the keyboard: screen shortcuts wait until it closes. */
function overlayOpen(): boolean {
  // A toast is an overlay to Blueprint too, but it covers nothing: Ctrl+S on a second form right after the first one's
  // "saved" toast was ignored while the toast stayed up.
  return document.querySelector('.bp6-overlay-open:not(.bp6-toast-container)') !== null;
}

/**
 * Binds the shortcuts a screen handles. Handlers that are absent (or
 * undefined) leave their key free. Only the shell binds the help key.
 */
export function useShortcuts(handlers: Partial<Record<ShortcutId, (() => void) | undefined>>, options: { withHelp?: boolean } = {}): void {
  const { t } = useTranslation();
  const ids = (Object.keys(handlers) as ShortcutId[]).filter((id) => handlers[id]).join(',');
  // The handlers change every render; the latest are read when the key is pressed.
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const hotkeys = useMemo<HotkeyConfig[]>(
    () =>
      (ids ? (ids.split(',') as ShortcutId[]) : [])
        // Help is Blueprint's own dialog key; Enter on a row is the row's (isShortcut), never a page-wide key.
        .filter((id) => id !== 'help' && id !== 'listOpen')
        .map((id) => {
          const decl: ShortcutDecl = SHORTCUTS[id];
          return {
            combo: decl.combo,
            label: t(decl.label),
            group: t(SHORTCUT_SCOPES.find((s) => s.scope === decl.scope)!.title),
            global: true,
            allowInInput: decl.allowInInput,
            preventDefault: true,
            onKeyDown: () => {
              // A screen's keys wait while a dialog is open over it (the viewer is that dialog, so its keys do not).
              if ((decl.scope === 'list' || decl.scope === 'form') && overlayOpen()) return;
              latest.current[id]?.();
            },
          };
        }),
    [ids, t],
  );
  useHotkeys(hotkeys, { showDialogKeyCombo: options.withHelp ? SHORTCUTS.help.combo : false });
}
