/**
 * The command palette (Ctrl/Cmd+K): Blueprint's Omnibar over what
 * app/palette.ts offers (menu entries the role allows, records opened
 * recently, an operation or solicitation by its number). Arrow keys move,
 * Enter opens, Escape closes. Loaded on first use, with the select library.
 */
import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { Omnibar, type ItemListRenderer, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { asTranslate } from '../components/form/messages';
import { paletteItems, type PaletteItem } from './palette';
import { useRecentRecords } from './recent';
import { useSession } from './session';

const SECTION_TITLES: Record<PaletteItem['section'], string | null> = { go: null, recent: 'shell.palette.recent', menu: 'shell.palette.menu' };

export default function CommandPalette({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const records = useRecentRecords();
  const [query, setQuery] = useState('');
  const items = useMemo(() => paletteItems(query, user?.role_id, records, asTranslate(t)), [query, user?.role_id, records, t]);

  const close = () => {
    setQuery('');
    onClose();
  };

  const renderItem: ItemRenderer<PaletteItem> = (item, { handleClick, handleFocus, modifiers, ref }) => (
    <MenuItem
      key={item.key}
      ref={ref}
      roleStructure="listoption"
      active={modifiers.active}
      icon={item.icon}
      text={item.title}
      label={item.detail}
      data-testid={`palette-item-${item.key}`}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  );

  // Sections in the order of the items (typed numbers, recent records, menu), each under its title.
  const renderList: ItemListRenderer<PaletteItem> = ({ filteredItems, itemsParentRef, renderItem: draw, menuProps }) => {
    if (filteredItems.length === 0) {
      return (
        <Menu ulRef={itemsParentRef} {...menuProps}>
          <MenuItem disabled roleStructure="listoption" text={t('shell.palette.noResults')} data-testid="palette-empty" />
        </Menu>
      );
    }
    return (
      <Menu ulRef={itemsParentRef} {...menuProps} data-testid="palette-list">
        {filteredItems.map((item, index) => {
          const title = SECTION_TITLES[item.section];
          const first = index === 0 || filteredItems[index - 1].section !== item.section;
          return (
            <Fragment key={item.key}>
              {first && title && <MenuDivider title={t(title)} />}
              {draw(item, index)}
            </Fragment>
          );
        })}
      </Menu>
    );
  };

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
      inputProps={{ placeholder: t('shell.palette.placeholder'), 'aria-label': t('shell.palette.label'), 'data-testid': 'palette-input' } as never}
      overlayProps={{ className: 'command-palette' }}
    />
  );
}
