import type { ScreeningQuestion } from '../../../../../lambdas/shared/contracts/assistant';
import type { JobContext } from '../../../../../lambdas/assistant/engine/language-model';

/** Small inputs for the Bedrock adapter's tests (the domain's own fixtures test the engines). */

export const MODEL_ID = 'us.amazon.nova-lite-v1:0';

export const DESCRIPTION = [
  'Senior Backend Engineer (Payments) at Northwind Logistics, Chicago or remote (US).',
  'You must have 5+ years of Python and hands-on AWS experience (Lambda, DynamoDB).',
  'Experience with Kubernetes is required. Terraform is a plus.',
  'Internal: bill rate $120/h, margin 30%. Contact dana.reyes@northwind.example, 312-555-0142.',
].join('\n');

export const JOB: JobContext = {
  title: 'Senior Backend Engineer',
  description: DESCRIPTION,
  companyInfo: 'Northwind Logistics, a freight company in Chicago.',
  location: 'Chicago, IL',
  mustHaves: [
    { text: '5+ years of Python', kind: 'experience' },
    { text: 'AWS', kind: 'skill' },
    { text: 'Kubernetes', kind: 'skill' },
  ],
  niceToHaves: [{ text: 'Terraform', kind: 'skill' }],
};

export const QUESTIONS: ScreeningQuestion[] = [
  {
    id: 'q1',
    question: 'How many years have you built services in Python?',
    requirement: '5+ years of Python',
    kind: 'knockout',
    goodAnswer: ['Five or more years', 'Production services'],
  },
  {
    id: 'q2',
    question: 'Tell me about a Kubernetes cluster you ran.',
    requirement: 'Kubernetes',
    kind: 'competency',
    goodAnswer: ['Cluster size', 'Upgrades', 'Monitoring'],
  },
  { id: 'q3', question: 'Which AWS services have you used?', requirement: 'AWS', kind: 'competency', goodAnswer: ['Lambda', 'DynamoDB'] },
];
