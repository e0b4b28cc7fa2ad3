import { Outlet } from 'react-router-dom';
import { Breadcrumbs } from './Breadcrumbs';
import { Header } from './Header';
import { KeychainWarning } from './KeychainWarning';
import { PageHeader } from './PageHeader';
import { SideMenu } from './SideMenu';

export function AppLayout() {
  return (
    <div className="app-shell">
      <SideMenu />
      <div className="app-main">
        <Header />
        <KeychainWarning />
        <div className="app-content">
          <Breadcrumbs />
          <PageHeader />
          <Outlet />
        </div>
      </div>
    </div>
  );
}
