import { ProfileScreen } from './ProfileScreen';

/** /profile (protected): the signed-in player's own profile. */
export function ProfilePage() {
  return <ProfileScreen userId={null} />;
}
