import type { AtsApplication, AtsCandidate, AtsJob } from '../ats-port';
import { proposeMustHaves } from '../../assistant/domain/must-haves';
import { yearsOfExperience, yearsRequired } from '../../shared/text/experience';
import { locationInText } from '../../shared/text/job-sections';
import { matchRequirement } from '../../shared/text/matching';
import { seniorityOf, type Seniority } from '../../shared/text/titles';
import { compareLocations, STAGE_LEVELS, stageLevel, titleOfHeadline, titleSimilarity } from './signals';

/**
 * The features placement prediction learns from: one number in 0..1 per feature for one
 * application (a candidate on a job), each with a sentence the recruiter can read ("Meets 4 of 5
 * must-haves"). A feature the data cannot tell (no location, no dates) is `null`, not a guess: the
 * model fills it with the average it saw in training, so an unknown neither helps nor hurts.
 */

export const FEATURE_NAMES = [
  'must-have-coverage',
  'seniority-match',
  'location-match',
  'experience-years',
  'time-in-process',
  'title-similarity',
  'stages-reached',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** What each feature is called in the UI. */
export const FEATURE_LABELS: Readonly<Record<FeatureName, string>> = {
  'must-have-coverage': 'Must-haves met',
  'seniority-match': 'Seniority match',
  'location-match': 'Location match',
  'experience-years': 'Years of experience',
  'time-in-process': 'Time in process',
  'title-similarity': 'Current title',
  'stages-reached': 'Stage reached',
};

export interface Feature {
  readonly name: FeatureName;
  /** 0..1, higher meaning "more of it"; `null` when the data does not tell. */
  readonly value: number | null;
  readonly explanation: string;
}

export interface ApplicationFeatures {
  readonly applicationId: string;
  readonly candidateId: string;
  readonly jobId: string;
  /** In the order of {@link FEATURE_NAMES}. */
  readonly features: readonly Feature[];
}

export interface FeatureInput {
  readonly job: AtsJob;
  /** The job's must-haves as short texts (confirmed by the recruiter or {@link mustHavesOfJob}). */
  readonly mustHaves: readonly string[];
  /** `null` when the ATS returned no candidate for the application. */
  readonly candidate: AtsCandidate | null;
  readonly application: AtsApplication;
  /** The instant active applications are measured to (ISO 8601), given by the caller. */
  readonly now: string;
}

/** Days after which time in process counts as "long" (value 1). */
export const LONG_PROCESS_DAYS = 180;
const DAY_MS = 86_400_000;
const SENIORITY_ORDER: readonly Seniority[] = ['entry', 'mid', 'senior', 'lead', 'executive'];
const SENIORITY_WORD: Readonly<Record<Seniority, string>> = {
  entry: 'Entry-level',
  mid: 'Mid-level',
  senior: 'Senior',
  lead: 'Lead',
  executive: 'Executive',
};

/** The must-haves the assistant proposes from an ATS job's title and description (never throws). */
export function mustHavesOfJob(job: Pick<AtsJob, 'title' | 'description'>): string[] {
  const proposed = proposeMustHaves({ title: String(job?.title ?? ''), description: String(job?.description ?? ''), companyInfo: '' });
  return proposed.mustHaves.map((m) => m.text);
}

function coverage(text: string, mustHaves: readonly string[]): Feature {
  const wanted = mustHaves.map((m) => String(m ?? '').trim()).filter(Boolean);
  if (!wanted.length) return { name: 'must-have-coverage', value: null, explanation: 'The job has no must-haves to compare' };
  const missing = wanted.filter((m) => !matchRequirement(text, m).matched);
  const met = wanted.length - missing.length;
  const gaps = missing.length
    ? ` (not shown: ${missing.slice(0, 2).join('; ')}${missing.length > 2 ? ` and ${missing.length - 2} more` : ''})`
    : '';
  return { name: 'must-have-coverage', value: met / wanted.length, explanation: `Meets ${met} of ${wanted.length} must-haves${gaps}` };
}

function seniority(job: AtsJob, candidateTitle: string): Feature {
  const wanted = seniorityOf(job.title);
  const has = seniorityOf(candidateTitle);
  if (!wanted || !has) {
    return {
      name: 'seniority-match',
      value: null,
      explanation: wanted ? 'Candidate seniority unknown' : 'The job title states no seniority',
    };
  }
  const gap = Math.abs(SENIORITY_ORDER.indexOf(wanted) - SENIORITY_ORDER.indexOf(has));
  const explanation =
    gap === 0 ? `${SENIORITY_WORD[has]}, as the job asks` : `${SENIORITY_WORD[has]}; the job is ${SENIORITY_WORD[wanted].toLowerCase()}`;
  return { name: 'seniority-match', value: 1 - gap / (SENIORITY_ORDER.length - 1), explanation };
}

function experience(job: AtsJob, mustHaves: readonly string[], profile: string): Feature {
  const required = yearsRequired(job.description) ?? Math.max(0, ...mustHaves.map((m) => yearsRequired(m) ?? 0));
  const has = yearsOfExperience(profile);
  if (!required) return { name: 'experience-years', value: null, explanation: 'The job states no years of experience' };
  if (has === null)
    return { name: 'experience-years', value: null, explanation: `Years of experience not shown; the job asks for ${required}+` };
  return {
    name: 'experience-years',
    value: Math.min(1, has / required),
    explanation: `${has} years of experience; the job asks for ${required}+`,
  };
}

function instant(iso: string | null | undefined): number | null {
  const t = typeof iso === 'string' && iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? t : null;
}

function timeInProcess(application: AtsApplication, now: string): Feature {
  const active = application.status === 'active';
  const from = instant(application.appliedAt);
  const to = active ? instant(now) : (instant(application.closedAt) ?? instant(application.updatedAt));
  if (from === null || to === null || to < from) return { name: 'time-in-process', value: null, explanation: 'Dates in process unknown' };
  const days = Math.round((to - from) / DAY_MS);
  const span = `${days} day${days === 1 ? '' : 's'}`;
  return {
    name: 'time-in-process',
    value: Math.min(days, LONG_PROCESS_DAYS) / LONG_PROCESS_DAYS,
    explanation: active ? `In process for ${span}` : `Closed after ${span}`,
  };
}

function title(job: AtsJob, candidateTitle: string): Feature {
  const similarity = titleSimilarity(job.title, candidateTitle);
  if (similarity === null)
    return {
      name: 'title-similarity',
      value: null,
      explanation: candidateTitle ? 'The job has no title to compare' : 'Current title unknown',
    };
  const explanation =
    similarity >= 0.99
      ? `Current title (${candidateTitle}) matches the job title`
      : similarity > 0
        ? `Current title (${candidateTitle}) partly matches ${job.title}`
        : `Current title (${candidateTitle}) differs from ${job.title}`;
  return { name: 'title-similarity', value: similarity, explanation };
}

function stages(application: AtsApplication): Feature {
  const level = stageLevel(application.stage);
  if (level === null)
    return {
      name: 'stages-reached',
      value: null,
      explanation: application.stage ? `Stage "${application.stage}" not recognised` : 'Stage unknown',
    };
  return {
    name: 'stages-reached',
    value: level / STAGE_LEVELS,
    explanation: `Reached ${application.stage} (stage ${level} of ${STAGE_LEVELS})`,
  };
}

/** The feature vector of one application, with an explanation per feature; never throws on odd data. */
export function applicationFeatures(input: FeatureInput): ApplicationFeatures {
  const { job, candidate, application } = input;
  const mustHaves = Array.isArray(input.mustHaves) ? input.mustHaves : [];
  const headline = String(candidate?.headline ?? '');
  const candidateTitle = titleOfHeadline(headline);
  const text = [headline, String(candidate?.profile ?? '')].filter(Boolean).join('\n');
  // The ATS's location field first; else the place the posting itself names.
  const jobLocation = String(job.location ?? '').trim() || (locationInText(String(job.description ?? '')) ?? '');
  const location = compareLocations(String(candidate?.location ?? ''), jobLocation);
  const features: Feature[] = [
    coverage(text, mustHaves),
    seniority(job, candidateTitle),
    { name: 'location-match', ...location },
    experience(job, mustHaves, text),
    timeInProcess(application, input.now),
    title(job, candidateTitle),
    stages(application),
  ];
  return { applicationId: application.id, candidateId: application.candidateId, jobId: application.jobId, features };
}
