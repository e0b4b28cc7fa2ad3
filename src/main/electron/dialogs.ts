/** Native save/open dialogs, attached to the main window when there is one. */
import { dialog, shell, type BrowserWindow } from 'electron';
import type { DialogPort } from '../services/ports';

export function createDialogPort(getWindow: () => BrowserWindow | null): DialogPort {
  return {
    async chooseSaveFile(defaultPath, extension) {
      const ext = extension.replace(/^\./, '');
      const options: Electron.SaveDialogOptions = {
        defaultPath,
        filters: ext ? [{ name: ext.toUpperCase(), extensions: [ext] }] : [],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const win = getWindow();
      const answer = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options);
      return answer.canceled || !answer.filePath ? null : answer.filePath;
    },
    async chooseOpenFile(extensions) {
      const options: Electron.OpenDialogOptions = {
        properties: ['openFile'],
        filters: [
          { name: extensions.map((e) => e.toUpperCase()).join(', '), extensions: [...extensions] },
          { name: '*', extensions: ['*'] },
        ],
      };
      const win = getWindow();
      const answer = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return answer.canceled || answer.filePaths.length === 0 ? null : answer.filePaths[0];
    },
    showInFolder(path) {
      shell.showItemInFolder(path);
    },
    async chooseFolder() {
      const options: Electron.OpenDialogOptions = { properties: ['openDirectory', 'createDirectory'] };
      const win = getWindow();
      const answer = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options);
      return answer.canceled || answer.filePaths.length === 0 ? null : answer.filePaths[0];
    },
  };
}
