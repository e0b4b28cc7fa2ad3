/** The LGPD area, loaded on first visit. */
export { LgpdListScreen } from '../../screens/lgpd/LgpdListScreen';
export { LgpdDetailScreen } from '../../screens/lgpd/LgpdDetailScreen';
