export { test, expect, type Harness, type TestServer } from './fixtures';
export { readOutboxCode, lastOutboxId, type OutboxLabel } from './outbox';
export { directCall, directSignIn } from './direct-api';
export { savedPath, signIn, signInAs, signOut, DEMO_PASSWORD, DEMO, menuPaths, expectSignedOutAndClean } from './actions';
export { chooseRole, setSwitch, fillUserForm, visibleUserIds, type NewUser } from './forms';
export { axeBuilder, seriousViolations, expectNoSeriousViolations } from './axe';
export { expectToastSince, toastCount } from './toasts';
export { plusDays, findRenegotiable, simulateAndAgree, type RenegotiableInstallment } from './agreement';
