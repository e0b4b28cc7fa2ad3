import { Outlet } from 'react-router-dom';
import { Breadcrumbs } from './Breadcrumbs';
import { Header } from './Header';
import { KeychainWarning } from './KeychainWarning';
import { PageHeader } from './PageHeader';
import { SideMenu } from './SideMenu';

/** The app shell: side menu (nav), header (banner), and the page in the one main landmark. */
export function AppLayout() {
  return (
    <div className="app-shell">
      <SideMenu />
      <div className="app-main">
        <Header />
        <main className="app-content" data-testid="app-main">
          <KeychainWarning />
          <Breadcrumbs />
          <PageHeader />
          <Outlet />
        </main>
      </div>
    </div>
  );
}
