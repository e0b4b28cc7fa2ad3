/** The own profile, loaded on first visit. */
export { ProfileScreen } from '../../screens/profile/ProfileScreen';
