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
Chicago, IL · priya.raman@fastmail-sample.net · (312) 555-0147 · linkedin.com/in/priya-raman-sample

SUMMARY
Backend engineer with 8 years of experience building payment and ledger services in Java and Spring Boot on AWS. I design PostgreSQL schemas for money movement, run services on Kubernetes and care about correctness, observability and a calm on-call.

EXPERIENCE
Senior Software Engineer, Backend — Northwind Payments, Chicago, IL (2021 – Present)
- Led the rewrite of the card authorization service as Java 17 and Spring Boot microservices, cutting p99 latency from 420 ms to 95 ms at 3,000 requests per second.
- Designed the REST APIs for merchant payouts used by 25,000 merchants, with versioning, idempotency keys and contract tests.
- Designed the double-entry ledger on PostgreSQL 15 (partitioned tables, serializable transactions) that settles $1.2B a month with zero reconciliation breaks since launch; tuned the slowest queries from 2 s to 40 ms.
- Migrated 14 services from EC2 to Kubernetes on Amazon EKS with Docker, Helm and Argo CD; deploys went from weekly to 30 a day.
- Built event-driven settlement on Kafka and AWS SQS; mentored 4 engineers and ran the backend guild.

Software Engineer — Harbor Lending, Milwaukee, WI (2018 – 2021)
- Built Spring Boot REST services for a loan origination platform serving 200,000 borrowers.
- Tuned PostgreSQL indexes, reducing the nightly underwriting batch from 3 hours to 40 minutes.
- Automated AWS infrastructure (RDS, S3, IAM) with Terraform and wrote the PCI DSS evidence for the 2020 audit.

Junior Developer — Cascade Web Studio, Madison, WI (2016 – 2018)
- Built Java back ends and PostgreSQL reporting for e-commerce clients.

SKILLS
Java, Spring Boot, Kotlin, REST APIs, PostgreSQL, SQL, AWS (EKS, RDS, SQS, Lambda), Kubernetes, Docker, Helm, Terraform, Kafka, PCI DSS

EDUCATION
B.S. Computer Science, University of Illinois Chicago, 2016`;

const MARCUS_BELL = `Marcus Bell
Backend Engineer
Evanston, IL | marcus.bell.codes@protonmail-sample.com | +1 847-555-0188

PROFILE
Backend engineer with 7 years of experience shipping Java services on AWS for payments and e-commerce companies. Strong SQL and PostgreSQL skills; I like boring, well-tested systems.

EXPERIENCE
Backend Engineer — Summit Pay, Chicago, IL (2020 – Present)
- Built the subscription billing REST API in Java and Spring Boot with PostgreSQL, handling 1.5 million invoices a month.
- Designed the payment retry and dunning rules that recovered $3.4M of failed card payments a year.
- Moved batch jobs to AWS Lambda and Step Functions, cutting infrastructure cost by 35%.
- Introduced contract tests and raised coverage from 40% to 85%; led incident reviews for the payments team.

Software Developer — Trailhead Outfitters, Boulder, CO (2017 – 2020)
- Built order and inventory services in Java on AWS Elastic Beanstalk with PostgreSQL and Redis.
- Rewrote the reporting queries in SQL, cutting the daily sales report from 20 minutes to 2.

SKILLS
Java, Spring Boot, REST APIs, SQL, PostgreSQL, AWS (Lambda, RDS, Step Functions, Elastic Beanstalk), Redis, JUnit

EDUCATION
B.A. Mathematics, University of Colorado Boulder, 2017`;

const JORDAN_KIM = `Jordan Kim
Full Stack Developer | Cloud | DevOps | Backend
jordan.kim.dev@gmail-sample.com | 555-0133 | github.com/jordankim-sample

SKILLS
Java, Spring Boot, Kotlin, REST APIs, microservices, Python, Go, Node.js, AWS, Azure, GCP, SQL, PostgreSQL, MySQL, MongoDB, Kubernetes, Docker, Terraform, Kafka, RabbitMQ, Redis, GraphQL, CI/CD, React, Agile, payment processing, fintech, PCI DSS, machine learning

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
Milwaukee, WI · grace.okafor.rn@yahoo-sample.com · 414-555-0119 · 2918 N Downer Ave, Milwaukee, WI 53211

PROFESSIONAL SUMMARY
Critical care registered nurse with 7 years of adult ICU experience at a Level I trauma center, caring for ventilated, septic and post-surgical patients on 12-hour night shifts. Charge nurse and preceptor; Epic super-user; conversational Spanish.

LICENSES AND CERTIFICATIONS
- Registered Nurse, Wisconsin, multistate compact license #231877-30, expires 02/2027
- BLS (American Heart Association), expires 03/2026
- ACLS (American Heart Association), expires 03/2026
- CCRN (AACN), expires 2027

EXPERIENCE
Registered Nurse, Medical ICU — Lakeside University Hospital, Milwaukee, WI (2019 – Present)
- Care for 2 critically ill adults per shift in a 28-bed MICU: mechanical ventilation, vasoactive drips, CRRT and arterial lines.
- Work three 12-hour night shifts a week and every third weekend; charge nurse on 40% of shifts.
- Precepted 9 new graduate nurses through their ICU orientation.
- Led the unit's sepsis bundle project, raising 3-hour bundle compliance from 71% to 93%.
- Document assessments, titrations and handoffs in Epic; super-user for the 2022 Epic upgrade.

Registered Nurse, Cardiac ICU — Mercy Heart Institute, Madison, WI (2017 – 2019)
- Cared for post-CABG and valve patients on ventilators and vasopressors, including IABP support.
- Responded to rapid response and code blue calls as a member of the code team.

EDUCATION
B.S. Nursing, Marquette University, 2017`;

const DANIEL_REYES = `Daniel Reyes, RN
Waukesha, WI | daniel.reyes.rn@gmail-sample.com | (262) 555-0176

SUMMARY
Registered nurse with 5 years of ICU experience in a community hospital, skilled with ventilated and post-operative adult patients.

LICENSES AND CERTIFICATIONS
- Registered Nurse, Wisconsin, license #240315-30, expires 02/2026
- BLS (American Heart Association), expires 08/2026

EXPERIENCE
Registered Nurse, Intensive Care Unit — St. Brendan Community Hospital, Waukesha, WI (2020 – Present)
- Care for 2 patients per shift in a 16-bed adult ICU: ventilator management, titrating vasopressors and post-operative recovery.
- Work 12-hour night shifts, every other weekend.
- Charted on Cerner PowerChart; trained 6 colleagues on the new barcode medication administration workflow.
- Member of the rapid response team; cut central line infections on the unit from 4 to 1 a year by coaching CHG bathing.

EDUCATION
Associate Degree in Nursing, Milwaukee Area Technical College, 2019`;

const BRITTANY_HALL = `Brittany Hall
RN | ICU | ER | Critical Care | Trauma | Pediatrics | Oncology
brittany.hall@hotmail-sample.com | 555-0191

CERTIFICATIONS AND KEYWORDS
RN, BSN, BLS, ACLS, PALS, NRP, TNCC, CCRN, CEN, Epic, Cerner, Meditech, ICU, critical care, mechanical ventilation, vasopressors, CRRT, ECMO, sepsis, telemetry, triage, night shift, charge nurse, patient safety, HIPAA, Spanish

EXPERIENCE
Patient Care Technician — Sunrise Senior Living (2023 – Present)
- Help residents with bathing, meals and mobility.
- Take vital signs and report changes to the nurse.

EDUCATION
Nursing student, enrolled in an associate degree program`;

const KEVIN_NGUYEN = `Kevin Nguyen, LPN
Madison, WI · kevin.nguyen.lpn@icloud-sample.com · (608) 555-0154

SUMMARY
Licensed practical nurse with 2 years of experience in skilled nursing.

EXPERIENCE
Licensed Practical Nurse — Maple Grove Nursing Home, Madison, WI (2023 – Present)
- Pass medications for 20 residents per shift and document care in PointClickCare.
- Perform wound care and report changes to the charge nurse.

CERTIFICATIONS
- LPN, Wisconsin
- BLS, current

EDUCATION
Practical Nursing Diploma, Madison College, 2022`;

const SOFIA_MARTINEZ = `Sofia Martinez, CPA
Senior Accountant
Dayton, OH · sofia.martinez.cpa@gmail-sample.com · (937) 555-0128

SUMMARY
Certified Public Accountant (Ohio) with 7 years of progressive accounting experience, the last 4 in manufacturing. I own the month-end close, reconciliations and inventory costing for a two-plant manufacturer under US GAAP.

EXPERIENCE
Senior Accountant — Miami Valley Fabrication, Dayton, OH (2021 – Present)
- Lead the month-end close for 2 plants and 2 entities; shortened the close from 9 to 5 business days.
- Prepare balance sheet reconciliations for 140 accounts and investigate variances over $5,000.
- Own inventory and cost accounting for both plants: inventory costing and the quarterly standard cost roll-up with operations; found $380K of obsolete inventory.
- Prepare monthly financial statements and variance analysis under US GAAP for the CFO.
- Key user in the NetSuite implementation: mapped the chart of accounts and tested the close workflows.
- Built Excel models (pivot tables, XLOOKUP, Power Query) that cut the cost variance report from 2 days to 3 hours.

Staff Accountant, then Audit Senior — Crowe LLP, Columbus, OH (2017 – 2021)
- Audited manufacturing and distribution clients with revenue up to $800M under US GAAP, including inventory observations and cost testing.
- Supervised teams of 4 associates.

CERTIFICATIONS
Certified Public Accountant, Accountancy Board of Ohio, license #CPA.0741182, active

SKILLS
US GAAP, month-end close, account reconciliations, inventory accounting, cost accounting, NetSuite, SAP, Excel, financial reporting

EDUCATION
Bachelor's degree in Accounting, Wright State University, 2017`;

const TOM_HUGHES = `Thomas Hughes, CPA
Cincinnati, OH | tom.hughes.acct@outlook-sample.com | 513-555-0182

SUMMARY
CPA with 6 years of corporate accounting experience at software companies, responsible for the month-end close and GAAP financial statements.

EXPERIENCE
Senior Accountant — Bluestem Software, Cincinnati, OH (2021 – Present)
- Run the month-end close in NetSuite for 3 entities, delivering financials by business day 5.
- Reconcile cash, prepaid, accrual and deferred revenue accounts under US GAAP; prepare the audit schedules.
- Implemented ASC 606 revenue recognition for multi-year contracts, cutting manual journal entries by 60%.
- Automated the flux analysis in Excel with pivot tables and XLOOKUP, saving 8 hours a month.

Staff Accountant — Queen City Marketing Group, Cincinnati, OH (2019 – 2021)
- Posted journal entries and bank reconciliations in QuickBooks for a $40M agency.

CERTIFICATIONS
Certified Public Accountant, Ohio, active

SKILLS
US GAAP, NetSuite, QuickBooks, month-end close, account reconciliations, revenue recognition, Excel

EDUCATION
Bachelor's degree in Accounting, University of Cincinnati, 2019`;

const ALEX_MORGAN = `Alex Morgan
Accounting | Finance | CPA | Audit | Tax | FP&A
alex.morgan.finance@gmail-sample.com | 555-0145

SKILLS
CPA, US GAAP, IFRS, NetSuite, SAP, Oracle, QuickBooks, Xero, month-end close, account reconciliations, accruals, inventory accounting, cost accounting, ASC 606, SOX, audit, tax, FP&A, consolidations, Excel, pivot tables, Power BI, Tableau, SQL, ERP implementation

EXPERIENCE
Accounts Payable Clerk — Prairie Home Furnishings (2024 – Present)
- Enter vendor invoices and match them to purchase orders.
- Answer vendor questions about payment status.

EDUCATION
B.S. Business Administration, 2023`;

const RACHEL_FOSTER = `Rachel Foster
Bookkeeper
Springfield, OH · rachel.foster.books@yahoo-sample.com · (937) 555-0137

SUMMARY
Bookkeeper with 3 years of experience keeping the books for small businesses.

EXPERIENCE
Bookkeeper — Foster Bookkeeping Services, Springfield, OH (2022 – Present)
- Keep the books for 15 small businesses in QuickBooks Online and Xero.
- Run payroll for 4 clients and prepare sales tax filings.

SKILLS
QuickBooks Online, Xero, payroll, bank reconciliations, Excel

EDUCATION
A.A.S. Accounting, Clark State College, 2021`;

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
  { id: 'rachel-foster', jobId: 'senior-accountant', name: 'Rachel Foster', role: 'weak-fit', profile: RACHEL_FOSTER },
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
    'Yes. At Northwind Payments I led that work myself for 3 years: I built and ran it with a team of 6 engineers, measured the result (p99 latency down from 420 ms to 95 ms), and chose the simpler design because it was easier to operate on call.',
  answers: [
    {
      topics: ['kubernetes', 'docker', 'container'],
      answer:
        'Yes. At Northwind Payments I migrated 14 services from EC2 to Kubernetes on Amazon EKS, packaged as Docker images and deployed with Helm charts and Argo CD. I set up horizontal pod autoscaling and pod disruption budgets, and deploys went from weekly to 30 a day. The hard part was the settlement workers: we kept them on EC2 until we had proper graceful shutdown, because a killed pod mid-settlement was too risky.',
    },
    {
      topics: ['postgres', 'sql'],
      answer:
        'I designed the double-entry ledger at Northwind Payments on PostgreSQL 15: partitioned tables, serializable transactions and idempotency keys so a retried request can never post twice. It settles $1.2B a month with zero reconciliation breaks since launch. I chose serializable isolation even though it forces retries, because for money correctness beats raw throughput. I also tuned the slowest ledger queries from 2 seconds to 40 ms with covering indexes.',
    },
    {
      topics: ['spring', 'rest api', 'microservice'],
      answer:
        'I have built Spring Boot services for 6 years. At Northwind Payments I led the rewrite of the card authorization service as Java 17 and Spring Boot microservices, and p99 latency dropped from 420 ms to 95 ms at 3,000 requests per second. I designed the payouts REST API used by 25,000 merchants: versioned URLs, idempotency keys on every POST, and contract tests, because merchants retry aggressively and a duplicate payout costs real money.',
    },
    {
      topics: ['aws', 'amazon'],
      answer:
        'I have run production services on AWS for 6 years. At Northwind Payments I run our services on EKS, RDS and SQS, and I built event-driven settlement on SQS that moves 400,000 transfers a day. I chose SQS FIFO queues over Kinesis because ordering per merchant mattered more than throughput, which kept the design simple for on-call.',
    },
    {
      topics: ['payment', 'financial'],
      answer:
        'I have worked on payment systems for 6 years: loan origination at Harbor Lending and card payments at Northwind Payments. I designed the ledger so every payment is a balanced double entry, and I built the nightly reconciliation against the card networks that flags any break within 10 minutes. Since launch we have settled $1.2B a month with zero unexplained breaks.',
    },
    {
      topics: ['kafka', 'event'],
      answer:
        'I built the settlement pipeline at Northwind Payments on Kafka with 12 partitions keyed by merchant, using an outbox table in PostgreSQL so events are published exactly when the ledger commits. It handles 2 million events a day; I chose the outbox pattern over dual writes because dual writes lost events during failovers.',
    },
    {
      topics: ['observability', 'monitoring', 'tracing'],
      answer:
        'I introduced distributed tracing with OpenTelemetry and Datadog at Northwind Payments after a settlement delay took 6 hours to locate. I chose tracing over more logging because a payment crosses 9 services, and now every alert links to the trace; the median time to find a failing service dropped from 90 minutes to 10.',
    },
    {
      topics: ['terraform', 'infrastructure'],
      answer:
        'I wrote the Terraform modules for RDS, S3 and IAM at Harbor Lending and reviewed every change through pull requests with terraform plan in CI. That cut environment setup from 2 days to 1 hour. I kept modules small rather than one big stack so a mistake could not take down every environment.',
    },
    {
      topics: ['pci'],
      answer:
        'I wrote the PCI DSS evidence for the Harbor Lending audit in 2020 and designed tokenization at Northwind Payments so card numbers never reach our services or logs. That took 11 services out of PCI scope and cut the audit from 6 weeks to 2.',
    },
    {
      topics: ['kotlin'],
      answer:
        'I wrote two internal Spring Boot services in Kotlin at Northwind Payments, about 15,000 lines, and led the decision to keep new payment services in Java because more of the team knew it; Kotlin stayed for internal tools.',
    },
    {
      topics: ['year', 'backend'],
      answer:
        'I have 8 years of backend development, 6 of them in Java. I spent 2 years at Cascade Web Studio building Java back ends, 3 years at Harbor Lending building Spring Boot services for 200,000 borrowers, and the last 3 years at Northwind Payments as a senior engineer, where I lead the card authorization team of 5 engineers.',
    },
  ],
};

const WEAK_ANSWERS: SampleAnswerSet = {
  candidateName: 'Sam Carter',
  fallback: 'I think I could pick it up quickly.',
  answers: [
    {
      topics: ['kubernetes', 'docker', 'container'],
      answer: "No, I haven't used Kubernetes yet, but I have read about it and I'm keen to learn.",
    },
    { topics: ['postgres', 'sql'], answer: 'I have used PostgreSQL and MySQL, mostly for simple queries.' },
    {
      topics: ['spring', 'rest api', 'microservice'],
      answer: 'Yes, I know Spring Boot well. It is a great framework and I like it a lot.',
    },
    { topics: ['aws', 'amazon'], answer: 'I have worked with the cloud a bit and it went well.' },
    { topics: ['payment', 'financial'], answer: 'I am interested in finance.' },
    { topics: ['kafka', 'event'], answer: '' },
    { topics: ['terraform', 'infrastructure'], answer: 'Not really.' },
    { topics: ['pci'], answer: '' },
    { topics: ['kotlin'], answer: 'No.' },
    { topics: ['year', 'backend'], answer: 'About 4 years of backend work, on and off, doing various things.' },
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
 * requirement's text (specific topics come before the general 'years' one) (so the samples fit whatever must-haves the job has), else the fallback.
 */
export function sampleAnswerFor(set: SampleAnswerSet, requirement: string): string {
  const lower = requirement.toLowerCase();
  return set.answers.find((candidate) => candidate.topics.some((topic) => lower.includes(topic)))?.answer ?? set.fallback;
}
