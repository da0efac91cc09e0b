// /user with no id: the member's own profile when signed in, otherwise /users.
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../ui/auth/auth-context.tsx';
import { ProfileSkeleton } from './profile-states.tsx';
import './profile.css';

export default function OwnProfileRedirect() {
  const auth = useAuth();
  if (auth.status === 'signedOut') return <Navigate to="/users" replace />;
  if (auth.status === 'signedIn' && auth.memberId !== null) return <Navigate to={`/user/${auth.memberId}`} replace />;
  // Signed in but the member id could not be resolved (the 5 s lookup gave up): the directory.
  if (auth.status === 'signedIn' && !auth.memberLoading) return <Navigate to="/users" replace />;
  return <ProfileSkeleton />;
}
