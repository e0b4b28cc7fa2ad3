/** The router, generated from routes.ts: every route of spec §2, each leaf behind its merged roles. */
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AppLayout } from '../layout/AppLayout';
import { AuthLayout } from '../layout/AuthLayout';
import { ChangePasswordScreen } from '../screens/auth/ChangePasswordScreen';
import { ConfirmEmailScreen } from '../screens/auth/ConfirmEmailScreen';
import { FeedbackRecoverScreen } from '../screens/auth/FeedbackRecoverScreen';
import { LoginScreen } from '../screens/auth/LoginScreen';
import { NewPassScreen } from '../screens/auth/NewPassScreen';
import { RegisterScreen } from '../screens/auth/RegisterScreen';
import { ResetScreen } from '../screens/auth/ResetScreen';
import { TwoFactorsScreen } from '../screens/auth/TwoFactorsScreen';
import { UnderConstructionScreen } from '../screens/common/UnderConstructionScreen';
import { MessagesScreen } from '../screens/messages/MessagesScreen';
import { HomeScreen } from '../screens/home/HomeScreen';
import { ProfileScreen } from '../screens/profile/ProfileScreen';
import { CatalogueFormScreen } from '../screens/catalogues/CatalogueFormScreen';
import { CatalogueListScreen } from '../screens/catalogues/CatalogueListScreen';
import { ProjectFormScreen } from '../screens/projects/ProjectFormScreen';
import { ProjectsListScreen } from '../screens/projects/ProjectsListScreen';
import { UserFormScreen } from '../screens/users/UserFormScreen';
import { UsersListScreen } from '../screens/users/UsersListScreen';
import { LogDetailScreen } from '../screens/logs/LogDetailScreen';
import { LogsListScreen } from '../screens/logs/LogsListScreen';
import { LgpdDetailScreen } from '../screens/lgpd/LgpdDetailScreen';
import { LgpdListScreen } from '../screens/lgpd/LgpdListScreen';
import { AreaGate, AuthGate, LeafGate, NotFoundRedirect, RootRedirect } from './RouteGuards';
import { APP_LEAVES, BOAVISTA_LEAVES, type ScreenKey } from './routes';

const SCREENS: Record<ScreenKey, () => ReactNode> = {
  home: () => <HomeScreen />,
  'users.list': () => <UsersListScreen />,
  'users.form': () => <UserFormScreen />,
  'logs.list': () => <LogsListScreen />,
  'logs.view': () => <LogDetailScreen />,
  'lgpd.list': () => <LgpdListScreen />,
  'lgpd.view': () => <LgpdDetailScreen />,
  profile: () => <ProfileScreen />,
  // key: one element per catalogue, so switching between them starts with fresh state.
  'situations.list': () => <CatalogueListScreen key="situations" kind="situations" />,
  'situations.form': () => <CatalogueFormScreen key="situations" kind="situations" />,
  'howDidFind.list': () => <CatalogueListScreen key="howDidFind" kind="howDidFind" />,
  'howDidFind.form': () => <CatalogueFormScreen key="howDidFind" kind="howDidFind" />,
  'reasons.list': () => <CatalogueListScreen key="reasons" kind="reasons" />,
  'reasons.form': () => <CatalogueFormScreen key="reasons" kind="reasons" />,
  'projects.list': () => <ProjectsListScreen />,
  'projects.form': () => <ProjectFormScreen />,
  messages: () => <MessagesScreen />,
  underConstruction: () => <UnderConstructionScreen />,
};

const AUTH_SCREENS: Array<[path: string, screen: string, element: ReactNode]> = [
  ['login', 'login', <LoginScreen />],
  ['twoFactors', 'twoFactors', <TwoFactorsScreen />],
  ['change', 'change', <ChangePasswordScreen />],
  ['reset', 'reset', <ResetScreen />],
  ['feedbackRecoverPass', 'feedbackRecoverPass', <FeedbackRecoverScreen />],
  ['newPass', 'newPass', <NewPassScreen />],
  ['confirmEmail/:token', 'confirmEmail', <ConfirmEmailScreen />],
  ['register', 'register', <RegisterScreen />],
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route path="/auth" element={<AuthLayout />}>
        <Route index element={<Navigate to="/auth/login" replace />} />
        {AUTH_SCREENS.map(([path, screen, element]) => (
          <Route key={path} path={path} element={<AuthGate screen={screen}>{element}</AuthGate>} />
        ))}
      </Route>
      <Route
        path="/app"
        element={
          <AreaGate>
            <AppLayout />
          </AreaGate>
        }
      >
        <Route index element={<Navigate to="/app/home" replace />} />
        {APP_LEAVES.map((leaf) => (
          <Route
            key={leaf.pattern}
            path={leaf.relative}
            element={<LeafGate roles={leaf.roles}>{SCREENS[leaf.screen]()}</LeafGate>}
          />
        ))}
        <Route path="*" element={<NotFoundRedirect />} />
      </Route>
      <Route
        path="/boavista"
        element={
          <AreaGate>
            <AppLayout />
          </AreaGate>
        }
      >
        {BOAVISTA_LEAVES.map((leaf) => (
          <Route
            key={leaf.pattern}
            path={leaf.relative}
            element={<LeafGate roles={leaf.roles}>{SCREENS[leaf.screen]()}</LeafGate>}
          />
        ))}
        <Route path="*" element={<NotFoundRedirect />} />
      </Route>
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
