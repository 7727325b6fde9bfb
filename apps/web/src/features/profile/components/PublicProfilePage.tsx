import { useParams } from 'react-router-dom';
import { useAppSelector } from '../../../shared/store-hooks';
import { selectCurrentUserId, selectIsAuthenticated } from '../../auth/selectors';
import { ProfileScreen } from './ProfileScreen';

/**
 * /profile/{userId} (open, no guard): another player's public, reduced view. When the id is the signed-in
 * player's own (the same check that keeps the bottom nav), it is their full profile.
 */
export function PublicProfilePage() {
  const { userId = '' } = useParams();
  const ownId = useAppSelector(selectCurrentUserId);
  const signedIn = useAppSelector(selectIsAuthenticated);
  const own = signedIn && ownId !== null && userId === ownId;
  return <ProfileScreen userId={own ? null : userId} />;
}
