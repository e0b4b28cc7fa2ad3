/** The side menu, generated from the one menu configuration and gated by role. */
import { Button, Icon, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { visibleMenu } from '../app/menu';
import { useSession } from '../app/session';
import { useSystem } from '../app/SystemState';
import { NAV_AUTO_COLLAPSE_BELOW, navCollapsed, navToggled } from './navCollapse';

export const NAV_WIDTH = 250;
export const NAV_COLLAPSED_WIDTH = 80;

const NARROW_QUERY = `(max-width: ${NAV_AUTO_COLLAPSE_BELOW - 0.02}px)`;

/** Whether the window is narrower than NAV_AUTO_COLLAPSE_BELOW, following resizes. */
function useNarrowWindow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW_QUERY);
    const follow = () => setNarrow(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return narrow;
}

export function SideMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { state, toggleNav } = useSystem();
  const navigate = useNavigate();
  const location = useLocation();
  const narrow = useNarrowWindow();
  const [openedWhileNarrow, setOpenedWhileNarrow] = useState(false);
  const nav = { saved: state.theme.navCollapsed, narrow, openedWhileNarrow };
  const collapsed = navCollapsed(nav);
  const onToggle = () => {
    const next = navToggled(nav);
    if (next.saved !== nav.saved) toggleNav();
    setOpenedWhileNarrow(next.openedWhileNarrow);
  };
  const dark = state.theme.sideNavTheme === 'dark';

  const groups = visibleMenu(user?.role_id);
  const current = location.pathname.replace(/^\/app/, '');
  const matches = (path: string) => current === path || (path !== '/solicitations' && current.startsWith(`${path}/`));
  // The most specific entry lights up: on /clientOperation/cession that entry, not "Clientes" above it.
  const activePath = groups
    .flatMap((g) => g.entries.map((e) => e.path))
    .filter(matches)
    .sort((a, b) => b.length - a.length)[0];
  const isActive = (path: string) => path === activePath;

  return (
    <nav
      data-testid="side-menu"
      className={`side-menu${dark ? ' bp6-dark' : ''}${collapsed ? ' collapsed' : ''}`}
      style={{ width: collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH }}
    >
      <div className="side-menu-top">
        {!collapsed && <span className="side-menu-brand">{t('common.appName')}</span>}
        <Button
          variant="minimal"
          icon={collapsed ? 'menu-open' : 'menu-closed'}
          data-testid="menu-collapse"
          aria-label={t(collapsed ? 'shell.header.expand' : 'shell.header.collapse')}
          title={t(collapsed ? 'shell.header.expand' : 'shell.header.collapse')}
          onClick={onToggle}
        />
      </div>
      <Menu className="side-menu-list">
        {groups.map((group) => (
          <div key={group.key} data-testid={`menu-group-${group.key}`}>
            {collapsed ? <MenuDivider /> : <MenuDivider title={t(group.titleKey)} />}
            {group.entries.map((entry) => (
              <MenuItem
                key={entry.path}
                data-testid={`menu-item-${entry.path}`}
                icon={<Icon icon={entry.icon} />}
                text={collapsed ? '' : t(entry.titleKey)}
                title={t(entry.titleKey)}
                active={isActive(entry.path)}
                href={`#/app${entry.path}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/app${entry.path}`);
                }}
              />
            ))}
          </div>
        ))}
      </Menu>
    </nav>
  );
}
