/**
 * The column widths people set on the lists, kept in the app's settings
 * through the bridge (never browser storage): read once, shared by every
 * table, and written a moment after the last drag so a resize is one write.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ColumnWidthsSetting } from '@shared/bridge';
import { bridge } from '../../api/client';
import { clampChosen, type ChosenWidths } from './columnWidths';

const SAVE_DELAY_MS = 400;
const NONE: ChosenWidths = Object.freeze({});

let widths: ColumnWidthsSetting = {};
let loading: Promise<void> | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function load(): void {
  if (loading) return;
  loading = bridge()
    .settings.get()
    .then((s) => {
      // A resize made before the settings arrived wins over the stored value.
      widths = { ...(s.columnWidths ?? {}), ...widths };
      emit();
    })
    .catch(() => undefined);
}

function save(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  void bridge()
    .settings.update({ columnWidths: widths })
    .catch(() => undefined);
}

function scheduleSave(): void {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(save, SAVE_DELAY_MS);
}

// A resize still waiting to be written when the window goes is written then.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    if (saveTimer) save();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  load();
  return () => listeners.delete(listener);
}

/**
 * One column's new width (null: back to the automatic width). `now`: written
 * at once (the end of a drag); else a moment after the last change (arrow keys).
 */
export function setChosenWidth(table: string, column: string, width: number | null, now = false): void {
  const current = { ...(widths[table] ?? {}) };
  if (width === null) delete current[column];
  else current[column] = clampChosen(width);
  const next = { ...widths };
  if (Object.keys(current).length === 0) delete next[table];
  else next[table] = current;
  widths = next;
  emit();
  if (now) save();
  else scheduleSave();
}

/** The widths chosen for one table, and the setter. */
export function useChosenWidths(table: string): [ChosenWidths, (column: string, width: number | null, now?: boolean) => void] {
  const chosen = useSyncExternalStore(
    subscribe,
    () => widths[table] ?? NONE,
    () => NONE,
  );
  const set = useCallback((column: string, width: number | null, now?: boolean) => setChosenWidth(table, column, width, now), [table]);
  return [chosen, set];
}
