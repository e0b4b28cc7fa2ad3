/**
 * IPC channel names: one per kind of message. Kept in a file of its own,
 * free of imports, so the sandboxed preload bundles only these strings
 * (bridge.ts re-exports them for everyone else).
 */
export const IPC = {
  apiCall: 'backoffice:api:call',
  sessionCurrent: 'backoffice:session:current',
  sessionChanged: 'backoffice:session:changed',
  filesExportExcel: 'backoffice:files:export-excel',
  filesDownload: 'backoffice:files:download',
  filesProgress: 'backoffice:files:progress',
  filesChooseFolder: 'backoffice:files:choose-folder',
  filesPreview: 'backoffice:files:preview',
  filesOpenReturn: 'backoffice:files:open-return',
  filesDownloads: 'backoffice:files:downloads',
  filesShowInFolder: 'backoffice:files:show-in-folder',
  settingsGet: 'backoffice:settings:get',
  settingsUpdate: 'backoffice:settings:update',
  addressLookupCep: 'backoffice:address:lookup-cep',
  appInfo: 'backoffice:app:info',
  appConnectivity: 'backoffice:app:connectivity',
} as const;
