import type { AtsName } from '../../lambdas/ats/ats-port';
import { bullhornDemoHistory } from '../../local/ats/bullhorn-history';
import { crelateDemoHistory } from '../../local/ats/crelate-history';
import { demoPersonName, numberOfSyntheticId } from '../../local/ats/demo-people';
import { greenhouseDemoHistory } from '../../local/ats/greenhouse-history';
import { leverDemoHistory } from '../../local/ats/lever-history';
import type { SyntheticHistory } from '../../local/ats/synthetic-history';
import { workableDemoHistory } from '../../local/ats/workable-history';

/**
 * What the screens after a sync must show for each ATS's demo account in the local runtime, from
 * the demo history its fake serves: the browser's walk on Greenhouse (test/e2e/ats.spec.ts), the
 * other vendors' sync figures (test/e2e/ats-vendors.spec.ts) and their screens' data checked on
 * the handlers (test/lambdas/ats/routes/demo-accounts.test.ts) all read it here.
 */

/** The demo job every demo account holds, the one the walks pick. */
export const DEMO_JOB_TITLE = 'Senior Backend Engineer';

export interface DemoAccountExpectations {
  /** What the sync stores: the account's whole history. */
  readonly stored: { readonly jobs: number; readonly candidates: number; readonly applications: number; readonly placements: number };
  /** The names of the demo job's active applicants (its pipeline), as the vendor holds them. */
  readonly activeNames: ReadonlySet<string>;
  /** The names of everyone who applied to the demo job. */
  readonly applicantNames: ReadonlySet<string>;
}

const syntheticName = (candidateId: string) => {
  const { firstName, lastName } = demoPersonName(numberOfSyntheticId(candidateId));
  return `${firstName} ${lastName}`;
};

/** The demo history and each candidate's name as the vendor holds it (Bullhorn's firm names its own people). */
function demoAccount(atsname: AtsName, now: Date): { history: SyntheticHistory; nameOf: (candidateId: string) => string } {
  switch (atsname) {
    case 'greenhouse':
      return { history: greenhouseDemoHistory(now).history, nameOf: syntheticName };
    case 'lever':
      return { history: leverDemoHistory(now).history, nameOf: syntheticName };
    case 'workable':
      return { history: workableDemoHistory(now).history, nameOf: syntheticName };
    case 'crelate':
      return { history: crelateDemoHistory(now).history, nameOf: syntheticName };
    case 'bullhorn': {
      const { history, data } = bullhornDemoHistory(now);
      const names = new Map(
        (data.candidates ?? []).map((candidate) => [String(candidate.id), `${String(candidate.firstName)} ${String(candidate.lastName)}`]),
      );
      return { history, nameOf: (candidateId) => names.get(candidateId) ?? candidateId };
    }
  }
}

/** What the sync and the demo job's screens must show for `atsname`'s demo account. */
export function demoAccountExpectations(atsname: AtsName, now: Date = new Date()): DemoAccountExpectations {
  const { history, nameOf } = demoAccount(atsname, now);
  const job = history.jobs.find((candidate) => candidate.title === DEMO_JOB_TITLE)!;
  const applicants = history.applications.filter((application) => application.jobId === job.id);
  return {
    stored: {
      jobs: history.jobs.length,
      candidates: history.candidates.length,
      applications: history.applications.length,
      placements: history.applications.filter((application) => application.status === 'hired').length,
    },
    activeNames: new Set(
      applicants.filter((application) => application.status === 'active').map((application) => nameOf(application.candidateId)),
    ),
    applicantNames: new Set(applicants.map((application) => nameOf(application.candidateId))),
  };
}
