/** Electron entry (out/main/index.js): everything lives in the shell module. */
import './electron/index';
