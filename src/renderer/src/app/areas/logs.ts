/** The activity log area, loaded on first visit. */
export { LogsListScreen } from '../../screens/logs/LogsListScreen';
export { LogDetailScreen } from '../../screens/logs/LogDetailScreen';
