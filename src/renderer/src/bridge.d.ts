/** The one capability the renderer has: the bridge the preload exposes. */
import type { BackofficeBridge } from '@shared/bridge';

declare global {
  interface Window {
    backoffice: BackofficeBridge;
  }
}

export {};
