/** The home area, loaded on first visit (route-level code splitting in AppRoutes). */
export { HomeScreen } from '../../screens/home/HomeScreen';
