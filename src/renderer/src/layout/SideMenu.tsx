/** The side menu, generated from the one menu configuration and gated by role. */
import { Button, Icon, Menu, MenuDivider, MenuItem, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { visibleMenu, type AttentionCount } from '../app/menu';
import { useApiQuery } from '../api/hooks';
import { EXPIRED_INSTALLMENT_COUNT_CAP, type Attention } from '@shared/contract';
import { formatInteger } from '@shared/format';
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

/** How often the menu's attention counts are read again while the app is open. */
const ATTENTION_REFRESH_MS = 60_000;

/** The count beside a Cobrança entry: nothing when zero or unknown, "1.000+" when the overdue count stopped at its cap. */
function AttentionTag({ data, count }: { data: Attention | undefined; count: AttentionCount | undefined }) {
  const { t } = useTranslation();
  const value = count && data ? data[count] : null;
  if (!count || value === null || value === undefined || value === 0) return null;
  const capped = count === 'overdue_installments' && data?.overdue_capped;
  const label = capped ? t('desk.menu.attentionMore', { count: formatInteger(EXPIRED_INSTALLMENT_COUNT_CAP) }) : t('desk.menu.attention', { count: formatInteger(value) });
  return (
    <Tag round minimal intent="warning" className="menu-count" data-testid={`menu-count-${count}`} aria-label={label} title={label}>
      {capped ? `${formatInteger(EXPIRED_INSTALLMENT_COUNT_CAP)}+` : formatInteger(value)}
    </Tag>
  );
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
  const counted = groups.some((g) => g.entries.some((e) => e.attention));
  const attention = useApiQuery('collections.attention', {}, { enabled: counted, refetchInterval: ATTENTION_REFRESH_MS }).data;
  const current = location.pathname.replace(/^\/app/, '');
  const matches = (path: string) => current === path || (path !== '/solicitations' && current.startsWith(`${path}/`));
  // The most specific entry lights up: on /clientOperation/cession that entry, not "Clientes" above it.
  const activePath = groups
    .flatMap((g) => g.entries.filter((e) => !e.search).map((e) => e.path))
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
                key={`${entry.path}${entry.search ?? ''}`}
                data-testid={`menu-item-${entry.path}${entry.search ?? ''}`}
                icon={<Icon icon={entry.icon} />}
                text={collapsed ? '' : t(entry.titleKey)}
                labelElement={<AttentionTag data={attention} count={entry.attention} />}
                title={t(entry.titleKey)}
                active={!entry.search && isActive(entry.path)}
                href={`#/app${entry.path}${entry.search ?? ''}`}
                onClick={(e) => {
                  e.preventDefault();
                  navigate(`/app${entry.path}${entry.search ?? ''}`);
                }}
              />
            ))}
          </div>
        ))}
      </Menu>
    </nav>
  );
}
