/** The router, generated from routes.ts: every route of the spec, each leaf behind its merged roles. */
import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AuthLayout } from '../layout/AuthLayout';
import { ChangePasswordScreen } from '../screens/auth/ChangePasswordScreen';
import { ConfirmEmailScreen } from '../screens/auth/ConfirmEmailScreen';
import { FeedbackRecoverScreen } from '../screens/auth/FeedbackRecoverScreen';
import { LoginScreen } from '../screens/auth/LoginScreen';
import { NewPassScreen } from '../screens/auth/NewPassScreen';
import { RegisterScreen } from '../screens/auth/RegisterScreen';
import { ResetScreen } from '../screens/auth/ResetScreen';
import { TwoFactorsScreen } from '../screens/auth/TwoFactorsScreen';
import { AreaGate, AuthGate, LeafGate, NotFoundRedirect, RootRedirect } from './RouteGuards';
import { APP_LEAVES, BOAVISTA_LEAVES, type ScreenKey } from './routes';

/*
 * Route-level code splitting: the sign-in screens are in the entry chunk; the
 * shell and each area's screens (one chunk per area, app/areas/*) load on the
 * first visit, so signing in does not wait for forty screens.
 */
const area = {
  home: () => import('./areas/home'),
  users: () => import('./areas/users'),
  logs: () => import('./areas/logs'),
  lgpd: () => import('./areas/lgpd'),
  profile: () => import('./areas/profile'),
  catalogues: () => import('./areas/catalogues'),
  messages: () => import('./areas/messages'),
  entrepreneurs: () => import('./areas/entrepreneurs'),
  solicitations: () => import('./areas/solicitations'),
  bureau: () => import('./areas/bureau'),
  company: () => import('./areas/company'),
  borrowers: () => import('./areas/borrowers'),
  creditOperations: () => import('./areas/creditOperations'),
  servicing: () => import('./areas/servicing'),
  collections: () => import('./areas/collections'),
  books: () => import('./areas/books'),
  renegotiation: () => import('./areas/renegotiation'),
};

const AppLayout = lazy(() => import('../layout/AppLayout').then((m) => ({ default: m.AppLayout })));
const HomeScreen = lazy(() => area.home().then((m) => ({ default: m.HomeScreen })));
const UsersListScreen = lazy(() => area.users().then((m) => ({ default: m.UsersListScreen })));
const UserFormScreen = lazy(() => area.users().then((m) => ({ default: m.UserFormScreen })));
const LogsListScreen = lazy(() => area.logs().then((m) => ({ default: m.LogsListScreen })));
const LogDetailScreen = lazy(() => area.logs().then((m) => ({ default: m.LogDetailScreen })));
const LgpdListScreen = lazy(() => area.lgpd().then((m) => ({ default: m.LgpdListScreen })));
const LgpdDetailScreen = lazy(() => area.lgpd().then((m) => ({ default: m.LgpdDetailScreen })));
const ProfileScreen = lazy(() => area.profile().then((m) => ({ default: m.ProfileScreen })));
const CatalogueListScreen = lazy(() => area.catalogues().then((m) => ({ default: m.CatalogueListScreen })));
const CatalogueFormScreen = lazy(() => area.catalogues().then((m) => ({ default: m.CatalogueFormScreen })));
const ProjectsListScreen = lazy(() => area.catalogues().then((m) => ({ default: m.ProjectsListScreen })));
const ProjectFormScreen = lazy(() => area.catalogues().then((m) => ({ default: m.ProjectFormScreen })));
const MessagesScreen = lazy(() => area.messages().then((m) => ({ default: m.MessagesScreen })));
const EntrepreneursListScreen = lazy(() => area.entrepreneurs().then((m) => ({ default: m.EntrepreneursListScreen })));
const EntrepreneurScreen = lazy(() => area.entrepreneurs().then((m) => ({ default: m.EntrepreneurScreen })));
const SimulationsListScreen = lazy(() => area.entrepreneurs().then((m) => ({ default: m.SimulationsListScreen })));
const SolicitationsListScreen = lazy(() => area.solicitations().then((m) => ({ default: m.SolicitationsListScreen })));
const SolicitationViewScreen = lazy(() => area.solicitations().then((m) => ({ default: m.SolicitationViewScreen })));
const BureauLookupScreen = lazy(() => area.bureau().then((m) => ({ default: m.BureauLookupScreen })));
const CompanyOperationScreen = lazy(() => area.company().then((m) => ({ default: m.CompanyOperationScreen })));
const RemittanceScreen = lazy(() => area.company().then((m) => ({ default: m.RemittanceScreen })));
const AssignmentRemittanceScreen = lazy(() => area.company().then((m) => ({ default: m.AssignmentRemittanceScreen })));
const ManualRemittanceScreen = lazy(() => area.company().then((m) => ({ default: m.ManualRemittanceScreen })));
const CnabReturnScreen = lazy(() => area.company().then((m) => ({ default: m.CnabReturnScreen })));
const RemittanceOperationScreen = lazy(() => area.company().then((m) => ({ default: m.RemittanceOperationScreen })));
const IofReportScreen = lazy(() => area.company().then((m) => ({ default: m.IofReportScreen })));
const BalanceteScreen = lazy(() => area.books().then((m) => ({ default: m.BalanceteScreen })));
const Doc3044Screen = lazy(() => area.books().then((m) => ({ default: m.Doc3044Screen })));
const Doc3040Screen = lazy(() => area.books().then((m) => ({ default: m.Doc3040Screen })));
const CloseScreen = lazy(() => area.books().then((m) => ({ default: m.CloseScreen })));
const AccrualScreen = lazy(() => area.books().then((m) => ({ default: m.AccrualScreen })));
const OperationsReportScreen = lazy(() => area.company().then((m) => ({ default: m.OperationsReportScreen })));
const ParameterizedReportScreen = lazy(() => area.company().then((m) => ({ default: m.ParameterizedReportScreen })));
const BorrowersListScreen = lazy(() => area.borrowers().then((m) => ({ default: m.BorrowersListScreen })));
const BorrowerScreen = lazy(() => area.borrowers().then((m) => ({ default: m.BorrowerScreen })));
const OperationsListScreen = lazy(() => area.creditOperations().then((m) => ({ default: m.OperationsListScreen })));
const BuildingScreen = lazy(() => area.creditOperations().then((m) => ({ default: m.BuildingScreen })));
const ProposalScreen = lazy(() => area.creditOperations().then((m) => ({ default: m.ProposalScreen })));
const AnalysisScreen = lazy(() => area.creditOperations().then((m) => ({ default: m.AnalysisScreen })));
const ParcelsScreen = lazy(() => area.servicing().then((m) => ({ default: m.ParcelsScreen })));
const PaymentsScreen = lazy(() => area.servicing().then((m) => ({ default: m.PaymentsScreen })));
const CessionAcrossScreen = lazy(() => area.servicing().then((m) => ({ default: m.CessionAcrossScreen })));
const RepurchaseScreen = lazy(() => area.servicing().then((m) => ({ default: m.RepurchaseScreen })));
const RepurchaseTitleScreen = lazy(() => area.servicing().then((m) => ({ default: m.RepurchaseTitleScreen })));
const RepurchaseDetailsScreen = lazy(() => area.servicing().then((m) => ({ default: m.RepurchaseDetailsScreen })));
const SuspenseScreen = lazy(() => area.servicing().then((m) => ({ default: m.SuspenseScreen })));
const ExpiredInstallmentsScreen = lazy(() => area.collections().then((m) => ({ default: m.ExpiredInstallmentsScreen })));
const RenegotiationScreen = lazy(() => area.renegotiation().then((m) => ({ default: m.RenegotiationScreen })));
const AgreementScreen = lazy(() => area.renegotiation().then((m) => ({ default: m.AgreementScreen })));
const RemindersScreen = lazy(() => area.collections().then((m) => ({ default: m.RemindersScreen })));
const NegativationScreen = lazy(() => area.collections().then((m) => ({ default: m.NegativationScreen })));
const ApprovalsInboxScreen = lazy(() => area.collections().then((m) => ({ default: m.ApprovalsInboxScreen })));

/** While an area's chunk loads. */
function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="center-fill" data-testid="area-loading">
          <Spinner />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

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
  'simulations.list': () => <SimulationsListScreen />,
  'entrepreneurs.list': () => <EntrepreneursListScreen />,
  'entrepreneurs.form': () => <EntrepreneurScreen />,
  'solicitations.list': () => <SolicitationsListScreen />,
  'solicitations.view': () => <SolicitationViewScreen />,
  'bureau.lookup': () => <BureauLookupScreen />,
  'company.setup': () => <CompanyOperationScreen />,
  'company.remittance': () => <RemittanceScreen />,
  'company.assignmentRemittance': () => <AssignmentRemittanceScreen />,
  'company.manualRemittance': () => <ManualRemittanceScreen />,
  'company.cnabReturn': () => <CnabReturnScreen />,
  'company.remittanceOperation': () => <RemittanceOperationScreen />,
  'company.iofReport': () => <IofReportScreen />,
  'books.balancete': () => <BalanceteScreen />,
  'books.doc3044': () => <Doc3044Screen />,
  'books.doc3040': () => <Doc3040Screen />,
  'books.close': () => <CloseScreen />,
  'books.accrual': () => <AccrualScreen />,
  'company.operationsReport': () => <OperationsReportScreen />,
  'company.parameterizedReport': () => <ParameterizedReportScreen />,
  'borrowers.list': () => <BorrowersListScreen />,
  'borrowers.view': () => <BorrowerScreen />,
  'operations.list': () => <OperationsListScreen />,
  'operations.building': () => <BuildingScreen />,
  'operations.proposal': () => <ProposalScreen />,
  'operations.analysis': () => <AnalysisScreen />,
  'servicing.parcels': () => <ParcelsScreen />,
  'servicing.payments': () => <PaymentsScreen />,
  'servicing.cession': () => <CessionAcrossScreen />,
  'servicing.repurchase': () => <RepurchaseScreen />,
  'servicing.repurchaseTitle': () => <RepurchaseTitleScreen />,
  'servicing.repurchaseDetails': () => <RepurchaseDetailsScreen />,
  'collections.expired': () => <ExpiredInstallmentsScreen />,
  'collections.reminders': () => <RemindersScreen />,
  'collections.negativation': () => <NegativationScreen />,
  'approvals.inbox': () => <ApprovalsInboxScreen />,
  'servicing.suspense': () => <SuspenseScreen />,
  'renegotiation.agreement': () => <RenegotiationScreen />,
  'renegotiation.view': () => <AgreementScreen />,
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
            <Loading>
              <AppLayout />
            </Loading>
          </AreaGate>
        }
      >
        <Route index element={<Navigate to="/app/home" replace />} />
        {APP_LEAVES.map((leaf) => (
          <Route
            key={leaf.pattern}
            path={leaf.relative}
            element={<LeafGate roles={leaf.roles}><Loading>{SCREENS[leaf.screen]()}</Loading></LeafGate>}
          />
        ))}
        <Route path="*" element={<NotFoundRedirect />} />
      </Route>
      <Route
        path="/boavista"
        element={
          <AreaGate>
            <Loading>
              <AppLayout />
            </Loading>
          </AreaGate>
        }
      >
        {BOAVISTA_LEAVES.map((leaf) => (
          <Route
            key={leaf.pattern}
            path={leaf.relative}
            element={<LeafGate roles={leaf.roles}><Loading>{SCREENS[leaf.screen]()}</Loading></LeafGate>}
          />
        ))}
        <Route path="*" element={<NotFoundRedirect />} />
      </Route>
      <Route path="*" element={<NotFoundRedirect />} />
    </Routes>
  );
}
