/**
 * A small monthly cost model for TalentPilot in us-east-2, from public AWS list prices and
 * written-down usage assumptions. docs/cost.md shows its tables; `npm run bench -- --only cost`
 * regenerates them, so the document and the arithmetic cannot drift. Pure functions.
 */

import { RESULT_RETENTION_DAYS } from '../../lambdas/assistant/store/results-repository';
import { ASSISTANT_LIMITS } from '../../lambdas/shared/contracts/assistant';
import { ACTIVITY_RETENTION_DAYS } from '../../lambdas/shared/domain/activity';

/** List prices in USD, us-east-2, on-demand, without the 12-month free tier. */
export const PRICES = {
  checked: '2026-11-24',
  /** Cognito user pool, Essentials plan (the pool's plan): per MAU beyond the free MAUs. */
  cognitoEssentialsPerMau: 0.015,
  cognitoFreeMaus: 10_000,
  /** API Gateway REST API, per million requests (first 333 million). */
  apiGatewayRestPerMillion: 3.5,
  /** Lambda arm64: per GB-second and per million requests; the always-free allowance. */
  lambdaArmPerGbSecond: 0.0000133334,
  lambdaPerMillionRequests: 0.2,
  lambdaFreeGbSeconds: 400_000,
  lambdaFreeRequests: 1_000_000,
  /** DynamoDB on-demand (standard table class): per million RRU/WRU, storage and PITR per GB-month. */
  dynamoPerMillionRru: 0.125,
  dynamoPerMillionWru: 0.625,
  dynamoStoragePerGbMonth: 0.25,
  dynamoFreeStorageGb: 25,
  dynamoPitrPerGbMonth: 0.2,
  /** AppSync, per million query and mutation operations. */
  appSyncPerMillionOps: 4.0,
  /** CloudFront (North America): per GB out, per 10,000 HTTPS requests; always-free allowance. */
  cloudFrontPerGb: 0.085,
  cloudFrontPer10kHttps: 0.01,
  cloudFrontFreeGb: 1024,
  cloudFrontFreeRequests: 10_000_000,
  /** S3 Standard: per GB-month, per 1,000 GET requests. */
  s3PerGbMonth: 0.023,
  s3PerThousandGet: 0.0004,
  /** Secrets Manager: per secret-month, per 10,000 API calls. */
  secretPerMonth: 0.4,
  secretsPer10kCalls: 0.05,
  /** CloudWatch Logs: per GB ingested (standard), per GB-month stored; 5 GB always free. */
  logsIngestPerGb: 0.5,
  logsStoragePerGbMonth: 0.03,
  logsFreeGb: 5,
  /** X-Ray (active tracing on every function): per million traces recorded beyond 100,000. */
  xrayPerMillionTraces: 5.0,
  xrayFreeTraces: 100_000,
  /** AWS WAF: per web ACL-month, per rule-month (a managed rule group counts as one), per million requests inspected. */
  wafPerWebAclMonth: 5.0,
  wafPerRuleMonth: 1.0,
  wafPerMillionRequests: 0.6,
} as const;

/** Usage per monthly active user per month, and sizes. Every figure is an assumption. */
/** The average month, for a retention given in days. */
const DAYS_PER_MONTH = 365.25 / 12;

export const ASSUMPTIONS = {
  /** Sessions (visits) per active user per month. */
  sessionsPerUser: 8,
  /** REST calls per session: plans and the user's subscriptions; create/change, cancel and admin calls are rare. */
  restCallsPerSession: 2,
  /** Extra REST calls per user per month: subscription changes, webhooks (about one renewal a month). */
  restCallsPerUserMonth: 2,
  /** GraphQL operations per session: getUserByEmail at sign-in, sometimes updateUser or createContact. */
  graphqlOpsPerSession: 1.5,
  /** Lambda: 512 MB, average billed duration per invocation (Recurly calls make billing routes slower). */
  lambdaMemoryGb: 0.5,
  lambdaAverageMs: 250,
  /** Cognito triggers per user per month (sign-ups are rare next to sign-ins; sign-ins run no trigger). */
  triggerInvocationsPerUserMonth: 0.1,
  /** DynamoDB read and write request units per REST call, and per GraphQL operation (items under 4 KB). */
  rruPerRestCall: 3,
  wruPerRestCall: 0.5,
  rruPerGraphqlOp: 1,
  wruPerGraphqlOp: 0.1,
  /** Stored per user: the user record, subscription records, idempotency items (with their indexes). */
  storedKbPerUser: 8,
  /**
   * The activity (audit) log (issue 18): entries per user per month (results generated, jobs saved,
   * the odd team, billing or ATS event), each one write under 1 KB, kept ACTIVITY_RETENTION_DAYS
   * (TTL deletes are free); owners and admins read a page or an export now and then.
   */
  activityEntriesPerUserMonth: 40,
  activityEntryKb: 0.5,
  activityRruPerUserMonth: 4,
  /** The activity function (OrganizationActivityFunction): pages and CSV exports owners and admins ask for, per member a month. */
  activityCallsPerUserMonth: 0.5,
  /** Firms (issue 18): the firm size the per-user bill assumes (the per-firm table prices 5, 50 and 500 recruiters). */
  recruitersPerFirm: 20,
  /**
   * Shared work: results a member shares with the firm a month (each a copy in the firm's partition,
   * kept as long as results, RESULT_RETENTION_DAYS), a stored result's size (a 20-candidate best
   * fit is the largest, ~8 KB), and how often a member opens the firm's view (one page of at most
   * ASSISTANT_LIMITS.historyMax results, an eventually consistent query).
   */
  sharesPerUserMonth: 4,
  resultKb: 3,
  firmViewsPerUserMonth: 4,
  /**
   * The team function (OrganizationTeamFunction): the account menu reads the firm's name
   * (`GET /user/organization`) once a visit; invitations, resends, role changes and removals per
   * member a month (a firm of 50 makes about 5); a member or invitation item's size.
   */
  teamReadsPerSession: 1,
  teamChangesPerUserMonth: 0.1,
  memberItemKb: 0.3,
  /** Web: HTTPS requests and bytes per session (index.html, config.json and changed chunks; most assets come from the browser cache). */
  cloudFrontRequestsPerSession: 6,
  cloudFrontKbPerSession: 150,
  /** Share of CloudFront requests that miss the cache and reach S3. */
  cloudFrontMissRate: 0.05,
  /** The web app's files in S3 (every deployment's hashed assets are kept). */
  s3StoredGb: 0.05,
  /** Secrets: the Recurly API key and webhook secret; fetched once per cold start (about 1 in 20 calls). */
  secrets: 2,
  secretFetchesPerInvocation: 0.05,
  /** Logs: bytes per Lambda invocation (JSON lines, platform lines) and per API Gateway access log line; kept one month. */
  logKbPerInvocation: 1.5,
  logKbPerRestAccess: 0.6,
  /** User pool API requests per session (sign-in, token refreshes, profile reads): all inspected by AWS WAF. */
  userPoolRequestsPerSession: 4,
  /** AWS WAF (lib/constructs/web-acls.ts): web ACLs and rules, managed rule groups included (a test ties both to the template). */
  webAcls: 3,
  wafRules: 16,
} as const;

export interface CostLine {
  readonly service: string;
  readonly usd: number;
}

/** What one of the firm features uses a month: requests to its function, DynamoDB units, storage. */
export interface FeatureUse {
  readonly rest: number;
  readonly rru: number;
  readonly wru: number;
  readonly storedKb: number;
}

export type FirmFeature = 'sharedResults' | 'team' | 'activity';

/** The DynamoDB units of `kb` read (4 KB a unit; an eventually consistent read is half) or written (1 KB a unit). */
const readUnits = (kb: number, consistent: boolean) => Math.max(1, Math.ceil(kb / 4)) * (consistent ? 1 : 0.5);
const writeUnits = (kb: number) => Math.max(1, Math.ceil(kb));

/** Months an item kept `days` days lives: the number of months' items a table holds at steady state. */
const monthsKept = (days: number) => days / DAYS_PER_MONTH;

/**
 * What the firm features (issue 18) of one firm of `recruiters` use a month. The same figures make
 * the per-user bill (for a firm of `recruitersPerFirm`) and the per-firm table.
 */
export function firmFeatureUse(recruiters: number, a = ASSUMPTIONS): Record<FirmFeature, FeatureUse> {
  const sessions = recruiters * a.sessionsPerUser;
  // Sharing: a consistent read of the result, then the copy written and the original marked shared,
  // each in the table and its two result indexes (which project every attribute).
  const shares = recruiters * a.sharesPerUserMonth;
  const views = recruiters * a.firmViewsPerUserMonth;
  const sharedResults: FeatureUse = {
    rest: shares + views,
    rru: shares * readUnits(a.resultKb, true) + views * readUnits(ASSISTANT_LIMITS.historyMax * a.resultKb, false),
    wru: shares * 2 * 3 * writeUnits(a.resultKb),
    storedKb: shares * monthsKept(RESULT_RETENTION_DAYS) * 3 * a.resultKb,
  };
  // The team: each read is the firm's partition (strongly consistent) and every member's User
  // record, so a firm's reads grow with its size squared; a change writes a member or invitation.
  const changes = recruiters * a.teamChangesPerUserMonth;
  const teamCalls = sessions * a.teamReadsPerSession + changes;
  const team: FeatureUse = {
    rest: teamCalls,
    rru: teamCalls * (readUnits(recruiters * a.memberItemKb, true) + recruiters),
    wru: changes * 2 * writeUnits(a.memberItemKb),
    storedKb: recruiters * 2 * a.memberItemKb,
  };
  // The activity log: every recording route appends (no function of its own); owners and admins read it.
  const activity: FeatureUse = {
    rest: recruiters * a.activityCallsPerUserMonth,
    rru: recruiters * a.activityRruPerUserMonth,
    wru: recruiters * a.activityEntriesPerUserMonth * writeUnits(a.activityEntryKb),
    storedKb: recruiters * a.activityEntriesPerUserMonth * monthsKept(ACTIVITY_RETENTION_DAYS) * a.activityEntryKb,
  };
  return { sharedResults, team, activity };
}

/** The monthly bill for `users` monthly active users, by service (USD). */
export function monthlyCost(users: number, p = PRICES, a = ASSUMPTIONS): CostLine[] {
  const firms = users / a.recruitersPerFirm;
  const features = Object.values(firmFeatureUse(a.recruitersPerFirm, a));
  const firmTotal = (field: keyof FeatureUse) => firms * features.reduce((sum, use) => sum + use[field], 0);
  const sessions = users * a.sessionsPerUser;
  const rest = sessions * a.restCallsPerSession + users * a.restCallsPerUserMonth + firmTotal('rest');
  const graphql = sessions * a.graphqlOpsPerSession;
  const invocations = rest + users * a.triggerInvocationsPerUserMonth;
  const gbSeconds = invocations * a.lambdaMemoryGb * (a.lambdaAverageMs / 1000);
  const rru = rest * a.rruPerRestCall + graphql * a.rruPerGraphqlOp + firmTotal('rru');
  const wru = rest * a.wruPerRestCall + graphql * a.wruPerGraphqlOp + firmTotal('wru');
  const storedGb = (users * a.storedKbPerUser + firmTotal('storedKb')) / 1024 / 1024;
  const cfRequests = sessions * a.cloudFrontRequestsPerSession;
  const cfGb = (sessions * a.cloudFrontKbPerSession) / 1024 / 1024;
  const logGb = (invocations * a.logKbPerInvocation + rest * a.logKbPerRestAccess) / 1024 / 1024;
  const traces = rest + graphql;
  const over = (value: number, free: number) => Math.max(0, value - free);
  return [
    { service: 'Cognito (Essentials MAUs)', usd: over(users, p.cognitoFreeMaus) * p.cognitoEssentialsPerMau },
    { service: 'API Gateway REST', usd: (rest / 1e6) * p.apiGatewayRestPerMillion },
    { service: 'Lambda (arm64, 512 MB)', usd: over(gbSeconds, p.lambdaFreeGbSeconds) * p.lambdaArmPerGbSecond + (over(invocations, p.lambdaFreeRequests) / 1e6) * p.lambdaPerMillionRequests },
    {
      service: 'DynamoDB on-demand (+ PITR)',
      usd: (rru / 1e6) * p.dynamoPerMillionRru + (wru / 1e6) * p.dynamoPerMillionWru + over(storedGb, p.dynamoFreeStorageGb) * p.dynamoStoragePerGbMonth + storedGb * p.dynamoPitrPerGbMonth,
    },
    { service: 'AppSync', usd: (graphql / 1e6) * p.appSyncPerMillionOps },
    { service: 'CloudFront', usd: over(cfGb, p.cloudFrontFreeGb) * p.cloudFrontPerGb + (over(cfRequests, p.cloudFrontFreeRequests) / 1e4) * p.cloudFrontPer10kHttps },
    { service: 'S3 (web app)', usd: a.s3StoredGb * p.s3PerGbMonth + ((cfRequests * a.cloudFrontMissRate) / 1000) * p.s3PerThousandGet },
    { service: 'Secrets Manager', usd: a.secrets * p.secretPerMonth + ((invocations * a.secretFetchesPerInvocation) / 1e4) * p.secretsPer10kCalls },
    { service: 'CloudWatch Logs', usd: over(logGb, p.logsFreeGb) * p.logsIngestPerGb + logGb * p.logsStoragePerGbMonth },
    { service: 'X-Ray traces', usd: (over(traces, p.xrayFreeTraces) / 1e6) * p.xrayPerMillionTraces },
    {
      service: 'AWS WAF (3 web ACLs)',
      usd: a.webAcls * p.wafPerWebAclMonth + a.wafRules * p.wafPerRuleMonth + ((rest + graphql + sessions * a.userPoolRequestsPerSession) / 1e6) * p.wafPerMillionRequests,
    },
  ];
}

/**
 * What one firm feature costs a month at list price, without the free tiers (they are the whole
 * account's, used up long before a firm's share matters): API Gateway, Lambda, DynamoDB (the
 * feature's units and the subscriber gate's per request, as in the bill; storage with PITR), the
 * logs, X-Ray traces and AWS WAF's inspection of its requests. Secret fetches are left out (a
 * hundredth of a cent).
 */
export function featureCost(use: FeatureUse, p = PRICES, a = ASSUMPTIONS): number {
  const storedGb = use.storedKb / 1024 / 1024;
  const logGb = (use.rest * (a.logKbPerInvocation + a.logKbPerRestAccess)) / 1024 / 1024;
  return (
    (use.rest / 1e6) * (p.apiGatewayRestPerMillion + p.lambdaPerMillionRequests + p.xrayPerMillionTraces + p.wafPerMillionRequests) +
    use.rest * a.lambdaMemoryGb * (a.lambdaAverageMs / 1000) * p.lambdaArmPerGbSecond +
    ((use.rru + use.rest * a.rruPerRestCall) / 1e6) * p.dynamoPerMillionRru +
    ((use.wru + use.rest * a.wruPerRestCall) / 1e6) * p.dynamoPerMillionWru +
    storedGb * (p.dynamoStoragePerGbMonth + p.dynamoPitrPerGbMonth) +
    logGb * (p.logsIngestPerGb + p.logsStoragePerGbMonth)
  );
}

const usd = (value: number) => (value < 0.005 ? '$0.00' : `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);

/** Total of a bill. */
export function total(lines: readonly CostLine[]): number {
  return lines.reduce((sum, line) => sum + line.usd, 0);
}

/** The cost table of docs/cost.md: one column per user count, a total and a per-user row. */
export function costTable(userCounts: readonly number[]): string {
  const bills = userCounts.map((users) => monthlyCost(users));
  const header = `| Service | ${userCounts.map((u) => `${u.toLocaleString('en-US')} users`).join(' | ')} |`;
  const rule = `|---|${userCounts.map(() => '---:').join('|')}|`;
  const rows = bills[0].map((line, i) => `| ${line.service} | ${bills.map((bill) => usd(bill[i].usd)).join(' | ')} |`);
  const totals = `| **Total per month** | ${bills.map((bill) => `**${usd(total(bill))}**`).join(' | ')} |`;
  const perUser = `| Per active user | ${bills.map((bill, i) => `$${(total(bill) / userCounts[i]).toFixed(4)}`).join(' | ')} |`;
  return [header, rule, ...rows, totals, perUser].join('\n');
}

const FEATURE_NAMES: Readonly<Record<FirmFeature, string>> = {
  sharedResults: "Shared-result copies (share, store, the firm's view)",
  team: 'Team function (OrganizationTeamFunction)',
  activity: 'Activity log and function (OrganizationActivityFunction)',
};

/** The firm features' bill for one firm of each size: a column per size, a total and a per-recruiter row. */
export function firmCostTable(firmSizes: readonly number[]): string {
  const bills = firmSizes.map((recruiters) => {
    const use = firmFeatureUse(recruiters);
    return (Object.keys(FEATURE_NAMES) as FirmFeature[]).map((feature) => ({ service: FEATURE_NAMES[feature], usd: featureCost(use[feature]) }));
  });
  const header = `| Per firm | ${firmSizes.map((n) => `${n.toLocaleString('en-US')} recruiters`).join(' | ')} |`;
  const rule = `|---|${firmSizes.map(() => '---:').join('|')}|`;
  const rows = bills[0].map((line, i) => `| ${line.service} | ${bills.map((bill) => usd(bill[i].usd)).join(' | ')} |`);
  const totals = `| **Total per firm per month** | ${bills.map((bill) => `**${usd(total(bill))}**`).join(' | ')} |`;
  const perRecruiter = `| Per recruiter | ${bills.map((bill, i) => `$${(total(bill) / firmSizes[i]).toFixed(4)}`).join(' | ')} |`;
  return [header, rule, ...rows, totals, perRecruiter].join('\n');
}

/** The assumptions and prices as two lists, for the document. */
export function assumptionLines(): { prices: string[]; usage: string[] } {
  return {
    prices: Object.entries(PRICES).map(([key, value]) => `- \`${key}\`: ${value}`),
    usage: Object.entries(ASSUMPTIONS).map(([key, value]) => `- \`${key}\`: ${value}`),
  };
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`. */
export function replaceBlock(document: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`docs/cost.md lacks the ${name} markers`);
  return `${document.slice(0, from + start.length)}\n${content}\n${document.slice(to)}`;
}
