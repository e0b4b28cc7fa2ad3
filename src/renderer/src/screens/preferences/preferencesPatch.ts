/** What the preferences dialog edits, and the settings patch of only what changed. */
import type { Settings, SettingsPatch } from '@shared/bridge';

export type PreferencesForm = Pick<Settings, 'serverUrl' | 'cepServiceUrl' | 'locale' | 'downloadFolder' | 'askWhereToSave'>;

export function changedPreferences(saved: Settings, form: PreferencesForm): SettingsPatch {
  const patch: SettingsPatch = {};
  const serverUrl = form.serverUrl.trim();
  if (serverUrl !== saved.serverUrl) patch.serverUrl = serverUrl;
  const cepServiceUrl = form.cepServiceUrl.trim();
  if (cepServiceUrl !== saved.cepServiceUrl) patch.cepServiceUrl = cepServiceUrl;
  if (form.locale !== saved.locale) patch.locale = form.locale;
  if (form.downloadFolder !== saved.downloadFolder) patch.downloadFolder = form.downloadFolder;
  if (form.askWhereToSave !== saved.askWhereToSave) patch.askWhereToSave = form.askWhereToSave;
  return patch;
}
