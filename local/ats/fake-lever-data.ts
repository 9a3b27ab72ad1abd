import { LEVER_ARCHIVE_REASONS, leverOpportunity, leverPosting, type FakeLeverData, type LeverRecord } from './fake-lever';

/**
 * A small Lever account in Lever's own JSON shapes (built with the helpers of fake-lever.ts on the
 * documented examples in fixtures/lever/; headlines list past companies and schools, as Lever's are): two postings, six opportunities (active, hired, rejected, withdrawn and a general
 * lead without a posting) and parsed resumes for some of them. The local runtime's fake Lever
 * serves it, so connecting a Lever account can be tried offline.
 */

const [HIRED, UNDERQUALIFIED, WITHDREW] = LEVER_ARCHIVE_REASONS.map((reason) => reason.id);
const DAY = 86_400_000;
const T0 = Date.parse('2026-01-05T09:00:00Z');

const POSTINGS: readonly LeverRecord[] = [
  leverPosting({ id: 'a3f1c2d4-5b6e-4f70-8a9b-0c1d2e3f4a5b' }, 0),
  leverPosting(
    {
      id: 'b4e2d3c5-6a7f-4081-9bac-1d2e3f4a5b6c',
      text: 'Customer Success Manager',
      categories: {
        team: 'Customer Success',
        department: 'Operations',
        location: 'Chicago',
        allLocations: ['Chicago'],
        commitment: 'Full-time',
        level: 'Mid',
      },
      tags: ['SaaS', 'Onboarding'],
      content: {
        description: 'Own a book of mid-market customers from onboarding to renewal.',
        descriptionHtml: '<div>Own a book of mid-market customers from onboarding to renewal.</div>',
        lists: [
          {
            text: 'Requirements',
            content: '<li>3+ years in customer success for a SaaS product</li><li>Salesforce</li><li>Renewals and expansion</li>',
          },
        ],
        closing: 'We value diverse teams.',
        closingHtml: '<div>We value diverse teams.</div>',
      },
    },
    3,
  ),
];

const [BACKEND, SUCCESS] = POSTINGS.map((posting) => posting.id);

const OPPORTUNITIES: readonly LeverRecord[] = [
  leverOpportunity(
    {
      id: 'opp-1001',
      contact: 'contact-2001',
      posting: BACKEND,
      name: 'Nadia Rahman',
      headline: 'Ledgerly, Paystream, University of California, Davis',
      location: 'San Francisco',
      tags: ['Go', 'Postgres', 'Kubernetes'],
    },
    10,
  ),
  leverOpportunity(
    {
      id: 'opp-1002',
      contact: 'contact-2002',
      posting: BACKEND,
      name: 'Felix Moreau',
      headline: 'Tillwise, Harbor Bank, Oregon State University',
      location: 'Oakland',
      tags: ['Go', 'gRPC'],
      archived: { reason: HIRED, archivedAt: T0 + 40 * DAY },
    },
    12,
  ),
  leverOpportunity(
    {
      id: 'opp-1003',
      contact: 'contact-2003',
      posting: BACKEND,
      name: 'Grace Liu',
      headline: 'Pixelhaus, University of Washington',
      location: 'Seattle',
      tags: ['React'],
      archived: { reason: UNDERQUALIFIED, archivedAt: T0 + 25 * DAY },
    },
    14,
  ),
  leverOpportunity(
    {
      id: 'opp-1004',
      contact: 'contact-2004',
      posting: SUCCESS,
      name: 'Marcus Bell',
      headline: 'Cloudnest, Northwestern University',
      location: 'Chicago',
      tags: ['Salesforce', 'Renewals'],
      stage: { id: 'b1e0c8e2-7f5a-4d6b-9c3e-2a1f0e9d8c7b', text: 'Phone screen' },
    },
    15,
  ),
  leverOpportunity(
    {
      id: 'opp-1005',
      contact: 'contact-2005',
      posting: SUCCESS,
      name: 'Sara Lindqvist',
      headline: 'Brightdesk, Lake Forest College',
      location: 'Evanston',
      tags: ['Onboarding'],
      archived: { reason: WITHDREW, archivedAt: T0 + 30 * DAY },
    },
    16,
  ),
  leverOpportunity(
    {
      id: 'opp-1006',
      contact: 'contact-2006',
      posting: null,
      name: 'Owen Price',
      headline: 'Northgrid, Colorado State University',
      location: 'Denver',
      tags: ['Sales engineering'],
    },
    18,
  ),
];

const RESUMES: Readonly<Record<string, readonly LeverRecord[]>> = {
  'opp-1001': [
    {
      id: 'resume-3001',
      createdAt: T0 + 10 * DAY,
      file: { name: 'nadia-rahman.pdf', ext: '.pdf', uploadedAt: T0 + 10 * DAY },
      parsedData: {
        positions: [
          {
            org: 'Ledgerly',
            title: 'Senior Software Engineer',
            summary: 'Built the ledger service in Go on Postgres; runs it on Kubernetes.',
            start: { year: 2021, month: 3 },
            end: null,
          },
          {
            org: 'Paystream',
            title: 'Software Engineer',
            summary: 'Payment APIs in Go.',
            start: { year: 2018, month: 6 },
            end: { year: 2021, month: 2 },
          },
        ],
        schools: [
          { org: 'University of California, Davis', degree: 'B.S.', field: 'Computer Science', start: { year: 2014 }, end: { year: 2018 } },
        ],
      },
    },
  ],
  'opp-1004': [
    {
      id: 'resume-3004',
      createdAt: T0 + 15 * DAY,
      file: { name: 'marcus-bell.pdf', ext: '.pdf', uploadedAt: T0 + 15 * DAY },
      parsedData: {
        positions: [
          {
            org: 'Cloudnest',
            title: 'Customer Success Manager',
            summary: 'Owns 60 mid-market accounts in Salesforce; 112% net retention.',
            start: { year: 2020, month: 9 },
            end: null,
          },
        ],
        schools: [{ org: 'Northwestern University', degree: 'B.A.', field: 'Communication', start: { year: 2012 }, end: { year: 2016 } }],
      },
    },
  ],
};

/** The demo Lever account. */
export const LEVER_ACCOUNT: FakeLeverData = {
  postings: POSTINGS,
  opportunities: OPPORTUNITIES,
  archiveReasons: LEVER_ARCHIVE_REASONS,
  resumes: RESUMES,
};
