/** The side menu, generated from the one menu configuration and gated by role. */
import { Button, Icon, Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { visibleMenu } from '../app/menu';
import { useSession } from '../app/session';
import { useSystem } from '../app/SystemState';

export const NAV_WIDTH = 250;
export const NAV_COLLAPSED_WIDTH = 80;

export function SideMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { state, toggleNav } = useSystem();
  const navigate = useNavigate();
  const location = useLocation();
  const collapsed = state.theme.navCollapsed;
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
          onClick={toggleNav}
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
