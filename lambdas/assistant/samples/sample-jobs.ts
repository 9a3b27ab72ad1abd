import type { RedactionCategory } from '../../shared/contracts/assistant';

/**
 * Sample internal job requisitions, written for this product: what a recruiter receives from an
 * account manager, client details, rates and notes included. The web app's "Try a sample" offers
 * them and the local runtime seeds them, so every capability can be tried at once. Each one names
 * what a reviewer expects as its must-haves and the sensitive items it contains (which the
 * external job description must remove). Companies, people, addresses and numbers are invented
 * (phone numbers use the reserved 555-01xx range).
 */
export interface SampleJob {
  /** A slug, also the seed job's id. */
  readonly id: string;
  readonly title: string;
  readonly companyInfo: string;
  /** The internal description as the recruiter got it. */
  readonly description: string;
  readonly location: string;
  /** The client and its brands, as a recruiter would list them. */
  readonly clientNames: readonly string[];
  /** The must-haves a recruiter reading the description would confirm (dictionary names where there is one). */
  readonly expectedMustHaves: readonly string[];
  /** Every item that must not reach a candidate. */
  readonly plantedSensitive: readonly { readonly category: RedactionCategory; readonly text: string }[];
}

export const SENIOR_BACKEND_ENGINEER: SampleJob = {
  id: 'senior-backend-engineer',
  title: 'Senior Backend Engineer',
  location: 'Chicago, IL (hybrid)',
  clientNames: ['Brightledger Financial', 'PayHarbor'],
  companyInfo: `Client: Brightledger Financial
Brightledger Financial is a Chicago fintech company offering card processing, ACH payments and business banking to small businesses. Its consumer brand PayHarbor has two million app users. About 600 employees, Series D.
Website: https://www.brightledger.com`,
  description: `Senior Backend Engineer – Payments Platform
Client: Brightledger Financial (consumer brand: PayHarbor)

About the role
Brightledger Financial is a fast-growing fintech company that processes card and ACH payments for 40,000 small businesses across the US. The payments platform team is rebuilding its settlement and ledger services under Project Falcon, an internal program to move the legacy monolith to event-driven microservices. You will join a team of six engineers at the Chicago office (410 N Wells St, Suite 800, Chicago, IL 60654), on site three days a week.

What you'll do
- Design, build and operate Java and Spring Boot microservices that move money reliably
- Own the REST APIs behind PayHarbor's mobile app and merchant dashboard
- Run services on Kubernetes (EKS) with Terraform-managed infrastructure on AWS
- Publish and consume events with Kafka, and make every consumer idempotent
- Improve observability with tracing, dashboards and alerts in Datadog
- Review code and mentor two mid-level engineers

Requirements
- 6+ years of backend development, at least 3 of them in Java
- Strong experience with Spring Boot and REST API design
- Production experience with Kubernetes and Docker
- Solid SQL and PostgreSQL skills, including schema design and query tuning
- Experience running services on AWS
- Understanding of payment processing or other financial systems where correctness matters

Nice to have
- Apache Kafka or another event streaming platform
- Terraform
- Knowledge of PCI DSS compliance
- Kotlin

What's on offer
Competitive base salary, annual bonus, 401(k) with match, and a yearly learning budget.

Internal notes – do not share
- Bill rate $118/hr, pay rate $84/hr W2 (28.8% margin). Client fee 20% for a permanent placement.
- Hiring manager: Dana Whitfield, VP Engineering – dana.whitfield@brightledger.com, +1 (312) 555-0148.
- Internal: the client lost two finalists to counteroffers last quarter; ask about notice periods early.
- Do not share the client name before the first phone screen.`,
  expectedMustHaves: ['Java', 'Spring Boot', 'Kubernetes', 'PostgreSQL', 'AWS'],
  plantedSensitive: [
    { category: 'client-name', text: 'Brightledger' },
    { category: 'client-name', text: 'PayHarbor' },
    { category: 'identifying-detail', text: '410 N Wells St' },
    { category: 'identifying-detail', text: 'Suite 800' },
    { category: 'identifying-detail', text: '60654' },
    { category: 'identifying-detail', text: 'Project Falcon' },
    { category: 'rate-or-margin', text: '$118/hr' },
    { category: 'rate-or-margin', text: '$84/hr' },
    { category: 'rate-or-margin', text: '28.8%' },
    { category: 'rate-or-margin', text: 'fee 20%' },
    { category: 'contact', text: 'Dana Whitfield' },
    { category: 'contact', text: 'dana.whitfield@brightledger.com' },
    { category: 'contact', text: '555-0148' },
    { category: 'internal-note', text: 'counteroffers' },
    { category: 'internal-note', text: 'first phone screen' },
  ],
};

export const ICU_REGISTERED_NURSE: SampleJob = {
  id: 'icu-registered-nurse',
  title: 'ICU Registered Nurse',
  location: 'Milwaukee, WI',
  clientNames: ['St. Brigid Regional Medical Center', 'Lakeshore Health Partners'],
  companyInfo: `Client: St. Brigid Regional Medical Center (part of Lakeshore Health Partners)
St. Brigid is a 420-bed non-profit teaching hospital and Level II trauma center in Milwaukee, Wisconsin, Magnet-designated since 2019.
www.stbrigidhealth.org`,
  description: `ICU Registered Nurse (Nights) – Medical Intensive Care Unit
Requisition for St. Brigid Regional Medical Center, a Lakeshore Health Partners hospital

About the role
St. Brigid Regional Medical Center is a teaching hospital with a busy adult critical care service. Its 24-bed Medical Intensive Care Unit on 7 West cares for adults with sepsis, respiratory failure, GI bleeds and multi-organ failure. This is a full-time night position (three 12-hour shifts, 7p–7a, every third weekend) at the main campus, 2250 W Lakeview Ave, Milwaukee, WI 53204.

Responsibilities
- Assess, plan and deliver care for two to three critically ill patients per shift
- Manage ventilated patients with respiratory therapy and titrate vasoactive drips to protocol
- Monitor hemodynamics through arterial lines and central lines
- Recognize deterioration early and respond with the rapid response and code teams
- Educate patients and families, and document care in Epic
- Precept new graduate nurses once settled in the unit

Must have
- Active Registered Nurse (RN) license in Wisconsin or a multistate compact license
- Minimum of 2 years of recent ICU experience in an adult critical care unit
- BLS and ACLS certification from the American Heart Association
- Experience with mechanical ventilation and vasoactive medications
- Able to work 12-hour night shifts and every third weekend

Preferred
- BSN
- CCRN certification
- CRRT experience
- Epic charting experience
- Spanish speaking is a plus

Benefits
Night and weekend shift differentials, tuition reimbursement, CCRN exam fee covered, medical, dental and a retirement plan.

Confidential – for the agency only
Bill rate $98.50/hr regular and $147.75/hr overtime; pay package $68/hr; margin 22%.
Hiring manager: Marisol Ortega, Nurse Manager MICU, mortega@stbrigidhealth.org, 414-555-0193 (cell).
Note to recruiter: the unit lost four nurses this year; do not mention the contract freeze.
Internal: the client converts contract nurses after 13 weeks for a $5,000 conversion fee (Northstar staffing initiative).`,
  expectedMustHaves: ['Registered Nurse', 'ICU', 'BLS', 'ACLS', 'Mechanical Ventilation'],
  plantedSensitive: [
    { category: 'client-name', text: 'St. Brigid' },
    { category: 'client-name', text: 'Lakeshore Health' },
    { category: 'identifying-detail', text: '7 West' },
    { category: 'identifying-detail', text: '2250 W Lakeview Ave' },
    { category: 'identifying-detail', text: '53204' },
    { category: 'identifying-detail', text: 'Northstar' },
    { category: 'rate-or-margin', text: '$98.50' },
    { category: 'rate-or-margin', text: '$147.75' },
    { category: 'rate-or-margin', text: '$68/hr' },
    { category: 'rate-or-margin', text: 'margin 22%' },
    { category: 'rate-or-margin', text: '$5,000' },
    { category: 'contact', text: 'Marisol Ortega' },
    { category: 'contact', text: 'mortega@stbrigidhealth.org' },
    { category: 'contact', text: '414-555-0193' },
    { category: 'internal-note', text: 'lost four nurses' },
    { category: 'internal-note', text: 'contract freeze' },
  ],
};

export const SENIOR_ACCOUNTANT: SampleJob = {
  id: 'senior-accountant',
  title: 'Senior Accountant',
  location: 'Dayton, OH',
  clientNames: ['Harlow Precision Components', 'Harlow Aerospace Castings'],
  companyInfo: `Client: Harlow Precision Components, Inc.
Harlow Precision Components is a family-owned manufacturing company in Dayton, Ohio, making machined and cast aluminum parts for the automotive and aerospace industries. Subsidiary: Harlow Aerospace Castings. About 900 employees in two plants.`,
  description: `Senior Accountant
Harlow Precision Components, Inc.
Location: 1850 Stanley Ave, Dayton, OH 45404 (on-site)

About the company
Harlow Precision Components is a family-owned manufacturer of machined and cast aluminum parts for the automotive and aerospace industries, with two plants in Ohio and about 900 employees. Its subsidiary Harlow Aerospace Castings supplies structural castings to tier-one aerospace suppliers.

The role
Reporting to the Corporate Controller, the Senior Accountant owns the general ledger for both plants and leads the month-end close. You will also be a key user in Project Keystone (confidential), the company's move from a legacy ERP to NetSuite next year.

Key responsibilities
- Prepare and post journal entries, accruals and intercompany entries
- Own month-end and year-end close for two entities within a five-day close calendar
- Perform balance sheet reconciliations and investigate variances
- Maintain inventory costing and standard cost roll-ups with operations
- Prepare monthly financial statements and variance analysis for leadership
- Support the annual external audit and quarterly reviews
- Maintain fixed asset records and depreciation schedules

Qualifications
- Bachelor's degree in Accounting or Finance
- 5+ years of progressive accounting experience, ideally in manufacturing
- Strong knowledge of US GAAP
- Hands-on experience with month-end close and account reconciliations
- Inventory and cost accounting experience in a manufacturing environment
- Advanced Excel skills (pivot tables, VLOOKUP/XLOOKUP)

Nice to have
- CPA license or progress toward a CPA
- NetSuite experience
- Experience with an ERP implementation

What's on offer
Competitive salary, annual bonus, full benefits from day one, and a hybrid schedule after the first six months.

Internal – not for candidates
Salary range $82,000–$92,000; our fee is 22% of first-year base salary, payable within 30 days.
Hiring manager: Greg Kowalczyk, Corporate Controller – gkowalczyk@harlowpc.com, (937) 555-0112 ext. 214.
Internal: the previous Senior Accountant left after a difficult audit; position the ERP project as growth.
Do not share that the NetSuite migration is happening; it has not been announced to staff.`,
  expectedMustHaves: ['Accounting Degree', 'GAAP', 'Month-End Close', 'Account Reconciliation', 'Cost Accounting', 'Excel'],
  plantedSensitive: [
    { category: 'client-name', text: 'Harlow' },
    { category: 'identifying-detail', text: '1850 Stanley Ave' },
    { category: 'identifying-detail', text: '45404' },
    { category: 'identifying-detail', text: 'Keystone' },
    { category: 'rate-or-margin', text: '$82,000' },
    { category: 'rate-or-margin', text: '$92,000' },
    { category: 'rate-or-margin', text: '22%' },
    { category: 'contact', text: 'Greg Kowalczyk' },
    { category: 'contact', text: 'gkowalczyk@harlowpc.com' },
    { category: 'contact', text: '555-0112' },
    { category: 'internal-note', text: 'difficult audit' },
    { category: 'internal-note', text: 'not been announced' },
  ],
};

export const LOGISTICS_COORDINATOR: SampleJob = {
  id: 'logistics-coordinator',
  title: 'Logistics Coordinator',
  location: 'Memphis, TN',
  clientNames: ['Meridian Cold Chain'],
  companyInfo:
    'Meridian Cold Chain is a third-party logistics company in Memphis storing and shipping temperature-controlled food and pharmaceutical products.',
  // Written as prose, without sections, as many requisitions arrive.
  description: `Logistics Coordinator – Memphis, TN
Meridian Cold Chain is a third-party logistics provider that stores and ships temperature-controlled food and pharmaceutical products for national brands. We are looking for a Logistics Coordinator to join the transportation desk at our Memphis distribution center (4100 Distribution Pkwy, Memphis, TN 38118) on the day shift, Monday to Friday.
The coordinator books inbound and outbound truckloads with carriers, tracks every load in our TMS until delivery, and resolves delays, temperature alarms and appointment changes with customers and drivers. You will work closely with the warehouse team in the WMS to plan dock appointments and cross-dock moves, and keep carrier scorecards and on-time KPIs up to date in Excel.
You must have at least 2 years of experience in freight brokerage, transportation or 3PL operations. You are comfortable on the phone with drivers and carriers and stay calm when several loads go wrong at once. Cold chain or food-grade shipping experience and conversational Spanish are a plus.
We offer a competitive hourly rate, overtime, medical and dental coverage and a 401(k).
Internal: bill rate $34.50/hr, pay rate $24/hr, 30% markup. Contact Tom Reyes, Transportation Manager, at treyes@meridiancoldchain.com or 901-555-0177 for interview slots. Do not share: Meridian is replacing its TMS next spring and may restructure the desk.`,
  expectedMustHaves: ['Transportation Management', 'Warehouse Management', 'Excel'],
  plantedSensitive: [
    { category: 'client-name', text: 'Meridian' },
    { category: 'identifying-detail', text: '4100 Distribution Pkwy' },
    { category: 'identifying-detail', text: '38118' },
    { category: 'rate-or-margin', text: '$34.50' },
    { category: 'rate-or-margin', text: '$24/hr' },
    { category: 'rate-or-margin', text: '30% markup' },
    { category: 'contact', text: 'Tom Reyes' },
    { category: 'contact', text: 'treyes@meridiancoldchain.com' },
    { category: 'contact', text: '901-555-0177' },
    { category: 'internal-note', text: 'restructure the desk' },
  ],
};

/** Every sample job, the three structured requisitions first. */
export const SAMPLE_JOBS: readonly SampleJob[] = [SENIOR_BACKEND_ENGINEER, ICU_REGISTERED_NURSE, SENIOR_ACCOUNTANT, LOGISTICS_COORDINATOR];

/** The sample job with this id, if any. */
export function sampleJob(id: string): SampleJob | undefined {
  return SAMPLE_JOBS.find((job) => job.id === id);
}
