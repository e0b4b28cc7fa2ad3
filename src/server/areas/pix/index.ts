/**
 * Pix charges matched to installments: the company's Pix provider (a port,
 * with the embedded backend's sandbox), one cobv per slip with its dynamic
 * BR Code, and the provider's signed webhook whose notices settle the
 * installments through collection's payment path. This file is the area's
 * only way in for other areas and the server's composition; schema.ts
 * declares its tables. It calls collection (payBatch, the operations' lock)
 * and company; boletos calls it (dynamicPixCodes), never the other way round.
 */
export { dynamicPixCodes, type PixChargeRequest } from './charges';
export { checkProviderCall, onUnmatchedNotice, receiveNotices, type UnmatchedNotice } from './notices';
export { pixSettingsOf } from './settings';
export { createSandboxPixProvider, sandboxPix, signedSandboxNotice } from './sandbox';
