/**
 * The command palette (Ctrl/Cmd+K): Blueprint's Omnibar over what
 * app/palette.ts offers (menu entries the role allows, records opened
 * recently, an operation or solicitation by its number). Arrow keys move,
 * Enter opens, Escape closes. Loaded on first use, with the select library.
 */
import { Menu, MenuItem } from '@blueprintjs/core';
import { Omnibar, type ItemListRenderer, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { asTranslate } from '@kit/form/messages';
import { paletteItems, type PaletteItem } from './palette';
import { useRecentRecords } from './recent';
import { useSession } from './session';

export default function CommandPalette({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const records = useRecentRecords();
  const [query, setQuery] = useState('');
  const items = useMemo(() => paletteItems(query, user?.role_id, records, asTranslate(t)), [query, user?.role_id, records, t]);

  const input = useRef<HTMLInputElement | null>(null);
  // Opened again while its closing transition still runs, the overlay keeps the
  // input mounted and its autofocus does not fire again: focus it on every opening.
  useEffect(() => {
    if (!isOpen) return undefined;
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);

  const close = () => {
    setQuery('');
    onClose();
  };

  const renderItem: ItemRenderer<PaletteItem> = (item, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={item.key}
      ref={ref}
      active={modifiers.active}
      icon={item.icon}
      text={item.title}
      label={item.detail}
      data-testid={`palette-item-${item.key}`}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

  // One menu of items (Omnibar makes the list a menu); each item's label says what it is.
  const renderList: ItemListRenderer<PaletteItem> = ({ filteredItems, itemsParentRef, renderItem: draw, menuProps }) => (
    <Menu {...menuProps} ulRef={itemsParentRef} data-testid="palette-list">
      {filteredItems.length === 0 ? (
        <MenuItem disabled text={t('shell.palette.noResults')} data-testid="palette-empty" />
      ) : (
        filteredItems.map((item, index) => draw(item, index))
      )}
    </Menu>
  );

  return (
    <Omnibar<PaletteItem>
      isOpen={isOpen}
      items={items}
      query={query}
      onQueryChange={setQuery}
      // Already found and ordered by paletteItems.
      itemListPredicate={(_q, list) => list}
      itemsEqual="key"
      itemRenderer={renderItem}
      itemListRenderer={renderList}
      resetOnSelect
      onItemSelect={(item) => {
        close();
        navigate(item.path);
      }}
      onClose={close}
      inputProps={{ inputRef: input, placeholder: t('shell.palette.placeholder'), 'aria-label': t('shell.palette.label'), 'data-testid': 'palette-input' } as never}
      overlayProps={{ className: 'command-palette' }}
    />
  );
}
