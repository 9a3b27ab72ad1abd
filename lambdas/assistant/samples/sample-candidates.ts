/**
 * Sample resumes and interview answers written for this project (fictional people, reserved
 * phone numbers, made-up addresses). They pair with the sample jobs in `sample-jobs.ts`: per job
 * one planted best fit (every must-have, with evidence), a near miss (lacks exactly one
 * must-have), a keyword-stuffer (a long skills list with no experience behind it, who must not
 * rank first) and a weak fit. The domain tests review the engine's output on them, and the local
 * seed loads them so a person can try every capability at once.
 */

/** One sample candidate for one sample job. */
export interface SampleCandidate {
  readonly id: string;
  /** The sample job (`SAMPLE_JOBS` id) this candidate applies to. */
  readonly jobId: string;
  readonly name: string;
  /** What the candidate stands for in the samples. */
  readonly role: 'best-fit' | 'near-miss' | 'keyword-stuffer' | 'weak-fit';
  /** The resume or profile text, contact lines included as real resumes carry them. */
  readonly profile: string;
}

const PRIYA_RAMAN = `Priya Raman
Senior Backend Engineer
Seattle, WA · priya.raman@fastmail-sample.net · (206) 555-0147 · linkedin.com/in/priya-raman-sample

SUMMARY
Backend engineer with 8 years of experience building payment and ledger services in Node.js and TypeScript on AWS. I design PostgreSQL schemas for money movement, run services on Kubernetes (EKS) and care about correctness, observability and on-call calm.

EXPERIENCE
Senior Software Engineer, Backend — Northwind Payments, Seattle, WA (2021 – Present)
- Led the rewrite of the card authorization service in TypeScript on Node.js 20, cutting p99 latency from 420 ms to 95 ms at 3,000 requests per second.
- Designed the double-entry ledger on PostgreSQL 15 (partitioned tables, serializable transactions, idempotency keys) that settles $1.2B a month with zero reconciliation breaks since launch.
- Migrated 14 services from EC2 to Kubernetes on Amazon EKS with Helm and Argo CD; deploys went from weekly to 30 a day.
- Built event-driven payouts on AWS Lambda, SQS and Kafka; mentored 4 engineers and ran the backend guild.

Software Engineer — Harbor Lending, Portland, OR (2018 – 2021)
- Built REST and GraphQL APIs in Node.js and TypeScript for a loan origination platform serving 200,000 borrowers.
- Tuned PostgreSQL queries and indexes, reducing the nightly underwriting batch from 3 hours to 40 minutes.
- Automated AWS infrastructure (RDS, ECS, S3, IAM) with Terraform and wrote the PCI DSS evidence for the audit.

Junior Developer — Cascade Web Studio, Tacoma, WA (2016 – 2018)
- Built Express.js back ends and PostgreSQL reporting for e-commerce clients.

SKILLS
Node.js, TypeScript, JavaScript, AWS (Lambda, SQS, RDS, EKS, DynamoDB), PostgreSQL, Kubernetes, Docker, Helm, Terraform, Kafka, GraphQL, REST, PCI DSS

EDUCATION
B.S. Computer Science, University of Washington, 2016`;

const MARCUS_BELL = `Marcus Bell
Backend Engineer
Denver, CO | marcus.bell.codes@protonmail-sample.com | +1 720-555-0188

PROFILE
Backend engineer with 6 years of experience shipping Node.js and TypeScript services on AWS for fintech and e-commerce companies. Strong PostgreSQL skills; I like boring, well-tested systems.

EXPERIENCE
Backend Engineer — Summit Pay, Denver, CO (2020 – Present)
- Built the subscription billing API in TypeScript on Node.js with PostgreSQL, handling 1.5 million invoices a month.
- Moved batch jobs to AWS Lambda and Step Functions, cutting infrastructure cost by 35%.
- Introduced contract tests and raised coverage from 40% to 85%; led incident reviews for the payments team.

Software Developer — Trailhead Outfitters, Boulder, CO (2018 – 2020)
- Built order and inventory services in Node.js on AWS ECS with PostgreSQL and Redis.
- Wrote the Heroku-to-AWS migration plan and executed it with zero downtime.

SKILLS
Node.js, TypeScript, AWS (Lambda, ECS, RDS, Step Functions), PostgreSQL, Redis, Docker, Jest, REST APIs

EDUCATION
B.A. Mathematics, University of Colorado Boulder, 2017`;

const JORDAN_KIM = `Jordan Kim
Full Stack Developer | Cloud | DevOps | Backend
jordan.kim.dev@gmail-sample.com | 555-0133 | github.com/jordankim-sample

SKILLS
Node.js, TypeScript, JavaScript, Python, Go, Java, AWS, Azure, GCP, PostgreSQL, MySQL, MongoDB, DynamoDB, Kubernetes, Docker, Terraform, Kafka, RabbitMQ, Redis, GraphQL, REST, microservices, CI/CD, Jenkins, React, Angular, Vue, Linux, Agile, Scrum, fintech, payments, PCI DSS, machine learning

EXPERIENCE
IT Support Intern — Metro Office Supplies (2023 – 2024)
- Reset passwords and set up laptops for new hires.
- Helped maintain the internal wiki.

PROJECTS
- Completed an online course on cloud computing.

EDUCATION
Coding bootcamp certificate, 2023`;

const ELENA_PETROVA = `Elena Petrova
Frontend Developer
Austin, TX · elena.petrova@outlook-sample.com · (512) 555-0162

SUMMARY
Frontend developer with 3 years of experience building React interfaces for marketing and retail sites.

EXPERIENCE
Frontend Developer — Bluebonnet Digital, Austin, TX (2022 – Present)
- Built React and Next.js storefronts for 12 retail clients, improving Lighthouse performance scores from 60 to 95.
- Wrote small Node.js scripts to resize product images during builds.

Web Design Intern — Lone Star Creative (2021 – 2022)
- Built landing pages in HTML, CSS and JavaScript.

SKILLS
React, Next.js, JavaScript, HTML, CSS, Figma, Node.js

EDUCATION
B.F.A. Graphic Design, Texas State University, 2021`;

const GRACE_OKAFOR = `Grace Okafor, RN, BSN, CCRN
Chicago, IL · grace.okafor.rn@yahoo-sample.com · 312-555-0119 · 4410 N Clarendon Ave, Chicago, IL 60640

PROFESSIONAL SUMMARY
Critical care registered nurse with 7 years of ICU experience in a Level I trauma center, caring for ventilated, post-surgical and septic patients. Charge nurse and preceptor; fluent in Epic documentation.

LICENSES AND CERTIFICATIONS
- Registered Nurse, Illinois, license #041-398812, expires 05/2027 (multistate eligible)
- BLS (American Heart Association), expires 03/2026
- ACLS (American Heart Association), expires 03/2026
- CCRN (AACN), expires 2027

EXPERIENCE
Registered Nurse, Medical-Surgical ICU — Lakeshore University Medical Center, Chicago, IL (2019 – Present)
- Care for 2 critically ill patients per shift in a 32-bed ICU: mechanical ventilation, vasoactive drips, CRRT and arterial lines.
- Charge nurse on 40% of shifts; precepted 9 new graduate nurses through their ICU orientation.
- Led the unit's sepsis bundle project, raising 3-hour bundle compliance from 71% to 93%.
- Document assessments, titrations and handoffs in Epic; super-user for the 2022 Epic upgrade.

Registered Nurse, Cardiac ICU — Mercy Heart Institute, Milwaukee, WI (2017 – 2019)
- Cared for post-CABG and valve patients, including IABP and Impella support.
- Responded to rapid response and code blue calls as a member of the code team.

EDUCATION
B.S. Nursing, Loyola University Chicago, 2017`;

const DANIEL_REYES = `Daniel Reyes, RN
Milwaukee, WI | daniel.reyes.rn@gmail-sample.com | (414) 555-0176

SUMMARY
Registered nurse with 5 years of ICU experience in a community hospital, skilled with ventilated and post-operative patients.

LICENSES AND CERTIFICATIONS
- Registered Nurse, Wisconsin, license #231045-30, expires 02/2026
- BLS (American Heart Association), current
- ACLS (American Heart Association), current

EXPERIENCE
Registered Nurse, Intensive Care Unit — St. Brendan Community Hospital, Milwaukee, WI (2020 – Present)
- Care for 2 patients per shift in a 16-bed mixed ICU: ventilator management, titrating vasopressors and post-operative recovery.
- Charted on Cerner PowerChart; trained 6 colleagues on the new barcode medication administration workflow.
- Member of the rapid response team; reduced central line infections on the unit by coaching CHG bathing.

EDUCATION
Associate Degree in Nursing, Milwaukee Area Technical College, 2019`;

const BRITTANY_HALL = `Brittany Hall
RN | ICU | ER | Critical Care | Trauma | Pediatrics | Oncology
brittany.hall@hotmail-sample.com | 555-0191

CERTIFICATIONS AND KEYWORDS
RN, BSN, BLS, ACLS, PALS, NRP, TNCC, CCRN, CEN, Epic, Cerner, Meditech, ICU, critical care, ventilator, CRRT, ECMO, sepsis, telemetry, triage, charge nurse, patient safety, HIPAA

EXPERIENCE
Patient Care Technician — Sunrise Senior Living (2023 – Present)
- Help residents with bathing, meals and mobility.
- Take vital signs and report changes to the nurse.

EDUCATION
Nursing student, expected graduation 2026`;

const KEVIN_NGUYEN = `Kevin Nguyen, LPN
Madison, WI · kevin.nguyen.lpn@icloud-sample.com · (608) 555-0154

SUMMARY
Licensed practical nurse with 2 years of experience in long-term care.

EXPERIENCE
Licensed Practical Nurse — Maple Grove Nursing Home, Madison, WI (2023 – Present)
- Pass medications for 20 residents per shift and document care in PointClickCare.
- Perform wound care and communicate changes to the supervising RN.

CERTIFICATIONS
- LPN, Wisconsin
- BLS, current

EDUCATION
Practical Nursing Diploma, Madison College, 2022`;

const SOFIA_MARTINEZ = `Sofia Martinez, CPA
Senior Accountant
Dallas, TX · sofia.martinez.cpa@gmail-sample.com · (214) 555-0128

SUMMARY
Certified Public Accountant (Texas) with 7 years of experience in public accounting and industry. I own the month-end close, reconciliations and GAAP reporting for a multi-entity SaaS company on NetSuite.

EXPERIENCE
Senior Accountant — Bluestem Software, Dallas, TX (2021 – Present)
- Own the month-end close for 6 entities in NetSuite; shortened the close from 10 to 5 business days.
- Prepare balance sheet reconciliations, accruals, prepaid and fixed asset schedules under US GAAP.
- Implemented ASC 606 revenue recognition for multi-year contracts with the NetSuite revenue module.
- Led SOX 404 walkthroughs with the external auditors; zero material weaknesses in 3 audits.
- Built the intercompany elimination and consolidation workbook, cutting manual entries by 60%.

Audit Senior — Deloitte, Dallas, TX (2017 – 2021)
- Led audits of technology and manufacturing clients with revenue up to $800M under US GAAP.
- Supervised teams of 4 associates and reviewed revenue, inventory and lease testing.

CERTIFICATIONS
Certified Public Accountant, Texas State Board of Public Accountancy, license #098213, active

SKILLS
US GAAP, NetSuite, month-end close, account reconciliation, ASC 606, ASC 842, SOX, Excel (pivot tables, XLOOKUP), FloQast

EDUCATION
M.S. Accounting, University of Texas at Austin, 2017`;

const TOM_HUGHES = `Thomas Hughes, CPA
Fort Worth, TX | tom.hughes.acct@outlook-sample.com | 817-555-0182

SUMMARY
CPA with 6 years of corporate accounting experience in manufacturing, responsible for the month-end close and GAAP financial statements.

EXPERIENCE
Senior Accountant — Trinity Valve Works, Fort Worth, TX (2020 – Present)
- Run the month-end close in SAP S/4HANA for 3 plants, delivering financials by business day 6.
- Reconcile inventory, fixed asset and accrual accounts under US GAAP; prepare the audit schedules.
- Built standard cost variance analysis that found $450K of annual scrap savings.

Staff Accountant — Lone Oak Distributors, Arlington, TX (2018 – 2020)
- Posted journal entries and bank reconciliations in QuickBooks Enterprise for a $60M distributor.

CERTIFICATIONS
Certified Public Accountant, Texas, active

SKILLS
US GAAP, SAP S/4HANA, QuickBooks, month-end close, reconciliations, inventory accounting, Excel

EDUCATION
B.B.A. Accounting, Texas Christian University, 2018`;

const ALEX_MORGAN = `Alex Morgan
Accounting | Finance | CPA | Audit | Tax | FP&A
alex.morgan.finance@gmail-sample.com | 555-0145

SKILLS
CPA, GAAP, IFRS, NetSuite, SAP, Oracle, QuickBooks, Xero, month-end close, reconciliations, accruals, ASC 606, ASC 842, SOX, audit, tax, FP&A, consolidations, Excel, Power BI, Tableau, SQL

EXPERIENCE
Accounts Payable Clerk — Prairie Home Furnishings (2024 – Present)
- Enter vendor invoices and match them to purchase orders.
- Answer vendor questions about payment status.

EDUCATION
B.S. Business Administration, 2023`;

const RACHEL_GREEN = `Rachel Foster
Bookkeeper
Plano, TX · rachel.foster.books@yahoo-sample.com · (469) 555-0137

SUMMARY
Bookkeeper with 3 years of experience keeping the books for small businesses.

EXPERIENCE
Bookkeeper — Foster Bookkeeping Services, Plano, TX (2022 – Present)
- Keep the books for 15 small businesses in QuickBooks Online and Xero.
- Run payroll for 4 clients and prepare sales tax filings.

SKILLS
QuickBooks Online, Xero, payroll, bank reconciliations, Excel

EDUCATION
A.A.S. Accounting, Collin College, 2021`;

/** Every sample candidate, grouped by job: best fit, near miss, keyword-stuffer, weak fit. */
export const SAMPLE_CANDIDATES: readonly SampleCandidate[] = [
  { id: 'priya-raman', jobId: 'senior-backend-engineer', name: 'Priya Raman', role: 'best-fit', profile: PRIYA_RAMAN },
  { id: 'marcus-bell', jobId: 'senior-backend-engineer', name: 'Marcus Bell', role: 'near-miss', profile: MARCUS_BELL },
  { id: 'jordan-kim', jobId: 'senior-backend-engineer', name: 'Jordan Kim', role: 'keyword-stuffer', profile: JORDAN_KIM },
  { id: 'elena-petrova', jobId: 'senior-backend-engineer', name: 'Elena Petrova', role: 'weak-fit', profile: ELENA_PETROVA },
  { id: 'grace-okafor', jobId: 'icu-registered-nurse', name: 'Grace Okafor', role: 'best-fit', profile: GRACE_OKAFOR },
  { id: 'daniel-reyes', jobId: 'icu-registered-nurse', name: 'Daniel Reyes', role: 'near-miss', profile: DANIEL_REYES },
  { id: 'brittany-hall', jobId: 'icu-registered-nurse', name: 'Brittany Hall', role: 'keyword-stuffer', profile: BRITTANY_HALL },
  { id: 'kevin-nguyen', jobId: 'icu-registered-nurse', name: 'Kevin Nguyen', role: 'weak-fit', profile: KEVIN_NGUYEN },
  { id: 'sofia-martinez', jobId: 'senior-accountant', name: 'Sofia Martinez', role: 'best-fit', profile: SOFIA_MARTINEZ },
  { id: 'thomas-hughes', jobId: 'senior-accountant', name: 'Thomas Hughes', role: 'near-miss', profile: TOM_HUGHES },
  { id: 'alex-morgan', jobId: 'senior-accountant', name: 'Alex Morgan', role: 'keyword-stuffer', profile: ALEX_MORGAN },
  { id: 'rachel-foster', jobId: 'senior-accountant', name: 'Rachel Foster', role: 'weak-fit', profile: RACHEL_GREEN },
];

/** The candidate each sample job's ranking must put first (by candidate id). */
export const PLANTED_BEST_CANDIDATE_BY_JOB: Readonly<Record<string, string>> = {
  'senior-backend-engineer': 'priya-raman',
  'icu-registered-nurse': 'grace-okafor',
  'senior-accountant': 'sofia-martinez',
};

/** The candidates of one sample job, in the order above. */
export function sampleCandidatesFor(jobId: string): SampleCandidate[] {
  return SAMPLE_CANDIDATES.filter((candidate) => candidate.jobId === jobId);
}

/** A sample answer to the screening question whose requirement mentions `topic`. */
export interface SampleAnswer {
  /** Lower-case words; the answer belongs to the question whose requirement contains one. */
  readonly topics: readonly string[];
  readonly answer: string;
}

/** A candidate's answers to the sample backend job's screening questions. */
export interface SampleAnswerSet {
  readonly candidateName: string;
  readonly answers: readonly SampleAnswer[];
  /** The answer to a question no topic matches ('' = left unanswered). */
  readonly fallback: string;
}

const STRONG_ANSWERS: SampleAnswerSet = {
  candidateName: 'Priya Raman',
  fallback:
    'Yes. At Northwind Payments I led that work myself for 3 years: I built and ran it for a team of 6 engineers, measured the result (p99 latency down from 420 ms to 95 ms), and chose the simpler design because it was easier to operate on call.',
  answers: [
    {
      topics: ['year', 'backend', 'server'],
      answer:
        'I have 8 years of backend development. I spent 2 years at Cascade Web Studio building Express.js back ends, 3 years at Harbor Lending building loan origination APIs for 200,000 borrowers, and the last 3 years at Northwind Payments as a senior engineer, where I lead the card authorization team of 5 engineers.',
    },
    {
      topics: ['kubernetes', 'k8s', 'container', 'eks'],
      answer:
        'Yes. At Northwind Payments I migrated 14 services from EC2 to Kubernetes on Amazon EKS using Helm charts and Argo CD. I set up horizontal pod autoscaling and pod disruption budgets, and deploys went from weekly to 30 a day. The hard part was stateful workers: we kept them on ECS until we had proper graceful shutdown, because a killed pod mid-settlement was too risky.',
    },
    {
      topics: ['postgres', 'sql', 'database'],
      answer:
        'I designed the double-entry ledger at Northwind Payments on PostgreSQL 15: partitioned tables, serializable transactions and idempotency keys so a retried request never posts twice. It settles $1.2B a month with zero reconciliation breaks since launch. I chose serializable isolation even though it forces retries, because for money correctness beats raw throughput. At Harbor Lending I tuned indexes and cut the nightly underwriting batch from 3 hours to 40 minutes.',
    },
    {
      topics: ['aws', 'amazon', 'cloud', 'lambda'],
      answer:
        'I have used AWS for 6 years. I built event-driven payouts on AWS Lambda and SQS that move 400,000 transfers a day, and I manage RDS, ECS, S3 and IAM with Terraform. I chose SQS FIFO queues over Kinesis because ordering per merchant mattered more than throughput, which kept the design simple for on-call.',
    },
    {
      topics: ['node', 'typescript', 'javascript'],
      answer:
        'I have written Node.js and TypeScript in production for 7 years. At Northwind Payments I led the rewrite of the card authorization service from JavaScript to strict TypeScript on Node.js 20; the types caught a class of currency rounding bugs, and p99 latency dropped from 420 ms to 95 ms at 3,000 requests per second. The trade-off was a slower first month while we typed legacy models, so we migrated one module at a time behind the same API.',
    },
    {
      topics: ['kafka', 'event', 'messag', 'queue', 'stream'],
      answer:
        'I built the payouts pipeline at Northwind Payments on Kafka with 12 partitions keyed by merchant, using an outbox table in PostgreSQL so events are published exactly when the ledger commits. It handles 2 million events a day; I chose the outbox pattern over dual writes because dual writes lost events during failovers.',
    },
    {
      topics: ['terraform', 'infrastructure', 'iac'],
      answer:
        'I wrote the Terraform modules for RDS, ECS and IAM at Harbor Lending and reviewed every change through pull requests with terraform plan in CI. That cut environment setup from 2 days to 1 hour. I kept modules small rather than one big stack so a mistake could not take down every environment.',
    },
    {
      topics: ['payment', 'fintech', 'financial', 'pci', 'card', 'ledger'],
      answer:
        'I have worked in fintech for 6 years: loan origination at Harbor Lending and card payments at Northwind Payments. I wrote the PCI DSS evidence for our 2020 audit and designed tokenization so card numbers never reach our logs. Our ledger settles $1.2B a month.',
    },
  ],
};

const WEAK_ANSWERS: SampleAnswerSet = {
  candidateName: 'Sam Carter',
  fallback: 'I think I could pick it up quickly.',
  answers: [
    { topics: ['year', 'backend', 'server'], answer: 'A few years, on and off, doing various things.' },
    { topics: ['kubernetes', 'k8s', 'container', 'eks'], answer: "No, I haven't used Kubernetes yet, but I have read about it and I'm keen to learn." },
    { topics: ['postgres', 'sql', 'database'], answer: 'Databases are fine, I have used them.' },
    { topics: ['aws', 'amazon', 'cloud', 'lambda'], answer: 'I have worked with the cloud a bit and it went well.' },
    { topics: ['node', 'typescript', 'javascript'], answer: 'Yes, I know it well. It is a great language and I like it a lot.' },
    { topics: ['kafka', 'event', 'messag', 'queue', 'stream'], answer: '' },
    { topics: ['terraform', 'infrastructure', 'iac'], answer: 'Not really.' },
    { topics: ['payment', 'fintech', 'financial', 'pci', 'card', 'ledger'], answer: 'I am interested in finance.' },
  ],
};

/** Interview answers for the sample backend job: a strong, specific set and a weak, vague one. */
export const SAMPLE_INTERVIEW_ANSWERS = {
  jobId: 'senior-backend-engineer',
  strong: STRONG_ANSWERS,
  weak: WEAK_ANSWERS,
} as const;

/**
 * The answer of `set` to the question about `requirement`: the first answer with a topic in the
 * requirement's text (so the samples fit whatever must-haves the job has), else the fallback.
 */
export function sampleAnswerFor(set: SampleAnswerSet, requirement: string): string {
  const lower = requirement.toLowerCase();
  return set.answers.find((candidate) => candidate.topics.some((topic) => lower.includes(topic)))?.answer ?? set.fallback;
}
