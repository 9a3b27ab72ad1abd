import type { AtsOption } from '../../shared/contracts/ats';
import { ATS_NAMES, type AtsName } from '../ats-port';
import { ATS_AUTH_STYLES, ATS_LABELS, AVAILABLE_ATS_NAMES } from '../ats-settings';

/** The settings form's words for each ATS: what its key is called and where the recruiter finds it. */
const FORM_WORDS: Readonly<Record<AtsName, Pick<AtsOption, 'keyLabel' | 'secondLabel' | 'help' | 'userIdLabel'>>> = {
  greenhouse: {
    keyLabel: 'Client ID',
    secondLabel: 'Client secret',
    userIdLabel: 'Greenhouse user ID',
    help: 'A Greenhouse admin opens Configure › Dev Center › API Credentials, creates new API credentials of type Harvest V3 (OAuth) and, under Manage Scopes, allows listing jobs, job posts, candidates, applications, openings, offices, departments and rejection reasons. The user ID is the number at the end of that user’s page address (Configure › Users): a user who may see those records.',
  },
  lever: {
    keyLabel: 'Lever API key',
    secondLabel: null,
    help: 'In Lever, open Settings › Integrations and API › API Credentials and generate a key with read access to postings, opportunities and candidates.',
  },
  workable: {
    keyLabel: 'API access token',
    secondLabel: 'Workable subdomain',
    help: 'In Workable, open Settings › Integrations › Apps and generate an API access token with the r_jobs and r_candidates scopes; your subdomain is the name before .workable.com.',
  },
  crelate: {
    keyLabel: 'Crelate API key',
    secondLabel: null,
    help: 'In Crelate, an administrator opens Settings › Integrations › API Access and copies the account’s API key.',
  },
  bullhorn: {
    keyLabel: 'OAuth client id',
    secondLabel: 'OAuth client secret',
    help: 'Bullhorn support issues your firm an OAuth client id and secret, with this app’s account page registered as the redirect URI. Enter them and the Bullhorn API user name TalentPilot reads as, then sign in to Bullhorn to allow TalentPilot.',
  },
};

/** Every ATS the settings form offers, in the product's order. */
export const ATS_OPTIONS: readonly AtsOption[] = ATS_NAMES.map((atsname) => ({
  atsname,
  label: ATS_LABELS[atsname],
  apikeytype: ATS_AUTH_STYLES[atsname],
  ...FORM_WORDS[atsname],
  available: (AVAILABLE_ATS_NAMES as readonly AtsName[]).includes(atsname),
}));
