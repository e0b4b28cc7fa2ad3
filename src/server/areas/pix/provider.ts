/**
 * The company's Pix provider, as its settings choose it (pix_settings.provider):
 * 'none' (no provider: the slip keeps the static code), 'sandbox' (sandbox.ts,
 * the embedded backend's own) or 'api' (api-provider.ts, a PSP at the settings'
 * base URL). The server talks to a provider only through PixProvider.
 */
import { createApiPixProvider } from './api-provider';
import { createSandboxPixProvider } from './sandbox';
import { PixProviderError, type CobvAnswer, type PixProvider, type PixProviderName } from './provider-interface';

export { PixProviderError, type CobvAnswer, type PixProvider, type PixProviderName };

export function pixProviderOf(settings: { provider: string; api_base_url: string | null }): PixProvider | null {
  switch (settings.provider) {
    case 'none':
      return null;
    case 'sandbox':
      return createSandboxPixProvider();
    case 'api':
      if (!settings.api_base_url) throw new Error('a Pix API provider needs its base URL');
      return createApiPixProvider(settings.api_base_url);
    default:
      throw new Error(`unknown Pix provider "${settings.provider}"`);
  }
}
