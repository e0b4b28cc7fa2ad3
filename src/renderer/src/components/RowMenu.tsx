/**
 * A row's menu (list/rowMenu.ts): one small button in the row, named after
 * the row ("Ações de 341 – Itaú"), opening a Blueprint menu of the row's
 * entries. The button is reached with Tab and opens with Enter or Space, the
 * first entry then has the focus; Esc closes the menu back onto the button.
 */
import { Button, Menu, MenuDivider, MenuItem, Popover } from '@blueprintjs/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { rowMenuItems, rowMenuLabel, type RowMenuDecl } from './list/rowMenu';

export function RowMenu<T extends { id: number | string }>({ decl, row, testId }: { decl: RowMenuDecl<T>; row: T; testId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = rowMenuItems(decl, row, testId);
  if (items.length === 0) return null;
  const label = rowMenuLabel(decl, row, t);
  return (
    // The menu of a clickable row must not also open the row (React events bubble out of the popover's portal too).
    <span className="rt-row-menu" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      <Popover
        placement="bottom-end"
        // The first entry takes the focus (Tab and Shift+Tab go through the rest); closing gives it back to the button.
        onOpened={(node) => node.querySelector<HTMLElement>('[role="menuitem"]')?.focus()}
        shouldReturnFocusOnClose
        content={
          <Menu aria-label={label}>
            {items.map(({ entry, to, testId: itemTestId }, i) => (
              <Fragment key={entry.id}>
                {entry.divider && i > 0 && <MenuDivider />}
                <MenuItem
                  text={t(entry.label)}
                  icon={entry.icon}
                  intent={entry.intent}
                  data-testid={itemTestId}
                  onClick={() => (to ? navigate(to) : entry.onClick?.(row))}
                />
              </Fragment>
            ))}
          </Menu>
        }
      >
        <Button size="small" variant="minimal" icon="more" aria-label={label} title={label} data-testid={`${testId}-menu-${row.id}`} />
      </Popover>
    </span>
  );
}
