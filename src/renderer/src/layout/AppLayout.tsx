import { Outlet } from 'react-router-dom';
import { RecentRecordsWatcher } from '../app/RecentRecords';
import { ShellKeysProvider } from '../app/ShellKeys';
import { Breadcrumbs } from './Breadcrumbs';
import { Header } from './Header';
import { KeychainWarning } from './KeychainWarning';
import { PageHeader } from './PageHeader';
import { SideMenu } from './SideMenu';

/** The app shell: side menu (nav), header (banner), and the page in the one main landmark; the palette and keyboard help over them. */
export function AppLayout() {
  return (
    <ShellKeysProvider>
      <RecentRecordsWatcher />
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
    </ShellKeysProvider>
  );
}
