import { useNavigate } from 'react-router-dom';
import { UNKNOWN_REGISTRATION_CODE_TEXT } from '@shared-registration-codes/sign-up-contract';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/use-document-title';

export const UNKNOWN_CODE_TITLE = 'Unknown Registration Code';

/** Where an invitation sign-up with an unknown, expired or used-up registration code lands. */
export default function SignInErrorPage() {
  useDocumentTitle(UNKNOWN_CODE_TITLE);
  const navigate = useNavigate();
  return (
    <div className="container page message-page">
      <div className="card message-page__card">
        <h1>{UNKNOWN_CODE_TITLE}</h1>
        <p>{UNKNOWN_REGISTRATION_CODE_TEXT}</p>
        <button type="button" className="button button--primary" onClick={() => navigate(paths.signIn)}>
          Try Again
        </button>
      </div>
    </div>
  );
}
