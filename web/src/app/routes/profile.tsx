import { ProfileDetails } from '../../features/profile/components/profile-details';
import { useSignedInUser } from '../../lib/auth/auth-context';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The signed-in user's profile (guarded). */
export default function ProfilePage() {
  useDocumentTitle('Profile');
  const user = useSignedInUser();
  return (
    <div className="container page">
      <div className="page__header">
        <p className="page__eyebrow">Your account</p>
        <h1>Profile</h1>
      </div>
      <section className="card profile-card" aria-label="Profile details">
        <ProfileDetails user={user} />
      </section>
    </div>
  );
}
