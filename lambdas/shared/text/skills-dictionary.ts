/**
 * A curated skills dictionary: a few hundred canonical skills, certifications, languages and soft
 * skills of the trades recruiters fill most (software, data, cloud, nursing, accounting, sales,
 * operations), each with the synonyms and abbreviations people write. Compact on purpose (it
 * ships in every assistant Lambda). Words that are ordinary English in lower case ("excel",
 * "react", "swift", "epic") match only as written ({@link SkillEntry.exactCase}); "Go" and "R"
 * also need a list or "with/in" around them. Terms too ambiguous to place safely ("C", "AP", "TS")
 * are left out rather than matched wrongly.
 */

export const SKILL_CATEGORIES = [
  'software',
  'data',
  'cloud',
  'clinical',
  'finance',
  'sales',
  'operations',
  'certification',
  'education',
  'language',
  'soft-skill',
] as const;
export type SkillCategory = (typeof SKILL_CATEGORIES)[number];

export interface SkillEntry {
  /** The name shown to people and used as a search concept, e.g. "Kubernetes". */
  readonly canonical: string;
  /** Other names, spellings and abbreviations, matched case-insensitively at word boundaries. */
  readonly synonyms: readonly string[];
  readonly category: SkillCategory;
  /**
   * Forms that match only with exactly this case ("Excel", "React"); when the canonical is among
   * them it is not matched case-insensitively. They are left out of search strings (search engines
   * ignore case) unless no other form exists.
   */
  readonly exactCase?: readonly string[];
}

type Row = readonly [canonical: string, synonyms?: string, exactCase?: string];

/** Rows: canonical, "|"-separated synonyms, "|"-separated exact-case forms. */
const ROWS: Record<SkillCategory, readonly Row[]> = {
  software: [
    ['Java', 'Java 8|Java 11|Java 17|Java EE|J2EE'],
    ['Kotlin'],
    ['Scala'],
    ['Python', 'Python 3'],
    ['JavaScript', 'JS|ECMAScript|ES6'],
    ['TypeScript'],
    ['Node.js', 'NodeJS|Node JS'],
    ['React', 'React.js|ReactJS', 'React'],
    ['Angular', 'AngularJS'],
    ['Vue.js', 'Vue|VueJS'],
    ['Next.js', 'NextJS'],
    ['Express.js', 'ExpressJS'],
    ['Django'],
    ['Flask'],
    ['FastAPI'],
    ['Spring Boot', 'Spring Framework|Spring MVC'],
    ['Hibernate'],
    ['C#', 'C Sharp|C-Sharp'],
    ['.NET', 'dotnet|.NET Core|ASP.NET|ASP.NET Core'],
    ['C++', 'cpp'],
    ['Go', 'Golang', 'Go'],
    ['Rust', '', 'Rust'],
    ['Ruby on Rails', 'RoR', 'Rails'],
    ['Ruby', '', 'Ruby'],
    ['PHP', 'Laravel'],
    ['Swift', 'SwiftUI', 'Swift'],
    ['Objective-C', 'ObjC'],
    ['iOS'],
    ['Android'],
    ['HTML', 'HTML5'],
    ['CSS', 'CSS3|Sass|SCSS|Tailwind'],
    ['SQL', 'T-SQL|PL/SQL|structured query language'],
    ['PostgreSQL', 'Postgres|Postgre SQL|psql'],
    ['MySQL', 'MariaDB'],
    ['SQL Server', 'MS SQL|MSSQL|Microsoft SQL Server'],
    ['Oracle Database', 'Oracle DB|Oracle 19c'],
    ['MongoDB', 'Mongo'],
    ['Redis'],
    ['DynamoDB'],
    ['Cassandra'],
    ['Elasticsearch', 'OpenSearch|Elastic Stack|ELK'],
    ['NoSQL'],
    ['GraphQL'],
    ['REST APIs', 'RESTful|REST API|RESTful APIs|RESTful services', 'REST'],
    ['gRPC'],
    ['Microservices', 'microservice|micro-services|microservice architecture|service-oriented architecture|SOA'],
    ['Event-Driven Architecture', 'event-driven|event driven systems|event sourcing'],
    ['Apache Kafka', 'Kafka|Kafka Streams'],
    ['RabbitMQ'],
    ['Distributed Systems', 'distributed system|distributed computing'],
    ['System Design', 'systems design|software architecture'],
    ['Unit Testing', 'unit tests|JUnit|pytest|Jest|Mockito'],
    ['Test-Driven Development', 'TDD|test driven development'],
    ['CI/CD', 'continuous integration|continuous delivery|continuous deployment|CI CD|GitHub Actions|GitLab CI|Jenkins'],
    ['Git', 'GitHub|GitLab|Bitbucket'],
    ['Linux', 'Unix|Ubuntu|RHEL'],
    ['Bash', 'shell scripting|shell scripts'],
    ['Agile', 'agile methodology|agile methodologies'],
    ['Scrum'],
    ['Kanban'],
    ['Jira'],
    ['Confluence'],
    ['Figma'],
    ['OAuth', 'OAuth2|OAuth 2.0|OpenID Connect|OIDC'],
    ['OWASP', 'application security|secure coding'],
    ['Selenium'],
    ['Cypress'],
    ['Playwright'],
  ],
  data: [
    ['Machine Learning', 'machine-learning', 'ML'],
    ['Deep Learning'],
    ['Natural Language Processing', 'NLP'],
    ['Large Language Models', 'LLM|LLMs|generative AI|GenAI'],
    ['PyTorch'],
    ['TensorFlow', 'Keras'],
    ['scikit-learn', 'sklearn|scikit learn'],
    ['pandas', '', 'pandas|Pandas'],
    ['NumPy'],
    ['R', 'R programming|R language|RStudio|tidyverse', 'R'],
    ['Statistics', 'statistical analysis|statistical modeling|statistical modelling'],
    ['A/B Testing', 'A/B tests|AB testing|experimentation'],
    ['ETL', 'ELT|ETL pipelines|data pipelines|data pipeline'],
    ['Data Warehousing', 'data warehouse|data warehouses'],
    ['Data Modeling', 'data modelling|dimensional modeling'],
    ['Apache Spark', 'PySpark|Spark SQL', 'Spark'],
    ['Hadoop', 'HDFS|Hive'],
    ['Apache Airflow', 'Airflow'],
    ['dbt', 'data build tool'],
    ['Snowflake'],
    ['Databricks'],
    ['BigQuery'],
    ['Amazon Redshift', 'Redshift'],
    ['Tableau'],
    ['Power BI', 'PowerBI'],
    ['Looker', 'LookML'],
    ['Data Visualization', 'data visualisation|dashboards|dashboarding'],
    ['Data Analysis', 'data analytics|analyzing data|analysing data'],
  ],
  cloud: [
    ['AWS', 'Amazon Web Services'],
    ['Microsoft Azure', 'Azure'],
    ['Google Cloud', 'GCP|Google Cloud Platform'],
    ['Kubernetes', 'k8s|EKS|AKS|GKE|OpenShift'],
    ['Docker', 'containerization|containerisation|containerized|Docker Compose'],
    ['Helm'],
    ['Terraform', 'HCL'],
    ['Ansible'],
    ['AWS CloudFormation', 'CloudFormation'],
    ['AWS CDK', 'Cloud Development Kit'],
    ['Infrastructure as Code', 'IaC'],
    ['AWS Lambda', 'Lambda functions'],
    ['Serverless', 'serverless architecture'],
    ['Amazon S3', 'S3 buckets'],
    ['Amazon EC2', 'EC2'],
    ['Prometheus'],
    ['Grafana'],
    ['Datadog'],
    ['Observability', 'monitoring and alerting|distributed tracing|OpenTelemetry'],
    ['Site Reliability Engineering', 'SRE'],
    ['DevOps'],
    ['Networking', 'TCP/IP|DNS|load balancing|VPC'],
  ],
  clinical: [
    ['Critical Care', 'ICU|intensive care|intensive care unit|critical care unit|CCU|MICU|SICU|CVICU'],
    ['Emergency Department', 'emergency room|ER nursing|emergency nursing|trauma center'],
    ['Medical-Surgical', 'Med-Surg|Med Surg|medical surgical'],
    ['Telemetry', 'cardiac monitoring|tele unit'],
    ['Pediatrics', 'paediatrics|pediatric nursing'],
    ['Oncology'],
    ['Patient Assessment', 'patient assessments|head-to-toe assessments|head-to-toe assessment|nursing assessment|nursing assessments'],
    ['Medication Administration', 'administering medications|medication management|med administration|medication safety'],
    ['IV Therapy', 'intravenous therapy|IV insertion|IV starts|peripheral IV|IV infusions'],
    ['Mechanical Ventilation', 'ventilator management|ventilated patients|vent management|ventilators'],
    ['Hemodynamic Monitoring', 'haemodynamic monitoring|arterial lines|arterial line|art lines|Swan-Ganz|pulmonary artery catheter'],
    ['Central Line Care', 'central lines|central line|CVC|PICC lines|PICC'],
    ['Vasoactive Drips', 'titrating drips|vasopressors|vasoactive medications|titratable infusions'],
    ['CRRT', 'continuous renal replacement therapy'],
    ['ECMO', 'extracorporeal membrane oxygenation'],
    ['Sepsis Management', 'sepsis|sepsis bundles'],
    ['Triage'],
    ['Wound Care', 'wound management'],
    ['Infection Control', 'infection prevention'],
    ['Patient Education', 'educating patients|family education'],
    ['Care Planning', 'care plans|nursing care plans'],
    ['Discharge Planning'],
    ['Phlebotomy', 'venipuncture'],
    ['Clinical Documentation', 'charting|nursing documentation'],
    ['Epic', 'Epic EHR|Epic Systems|EpicCare', 'Epic'],
    ['Cerner', 'Oracle Health'],
    ['Electronic Health Records', 'EHR|EMR|electronic medical records|electronic medical record|electronic health record'],
    ['HIPAA'],
    ['Rapid Response', 'code blue|rapid response team'],
  ],
  finance: [
    ['GAAP', 'US GAAP|U.S. GAAP|generally accepted accounting principles'],
    ['IFRS'],
    ['Month-End Close', 'month end close|month-end closing|monthly close|financial close|close process|year-end close'],
    [
      'Account Reconciliation',
      'account reconciliations|reconciliations|balance sheet reconciliations|balance sheet reconciliation|bank reconciliations',
    ],
    ['General Ledger', 'GL accounting|general ledger accounting'],
    ['Journal Entries', 'journal entry|JEs|accruals'],
    ['Accounts Payable'],
    ['Accounts Receivable'],
    ['Financial Reporting', 'financial statements|financial statement preparation'],
    ['Fixed Assets', 'fixed asset accounting|depreciation schedules'],
    ['Inventory Accounting', 'inventory costing|inventory valuation'],
    ['Cost Accounting', 'standard costing|product costing|manufacturing accounting'],
    ['Variance Analysis', 'variance analyses|budget vs actual'],
    ['Budgeting', 'budgets|budget preparation'],
    ['Forecasting', 'financial forecasting|forecasts'],
    ['FP&A', 'financial planning and analysis|financial planning & analysis'],
    ['Financial Modeling', 'financial modelling|financial models'],
    ['External Audit', 'audit support|audit preparation|external auditors|audits'],
    ['Internal Controls', 'SOX|Sarbanes-Oxley|SOX compliance|internal control'],
    ['Tax Compliance', 'sales tax|tax returns|tax provision'],
    ['Payroll'],
    ['Intercompany Accounting', 'intercompany|intercompany reconciliations'],
    ['Revenue Recognition', 'ASC 606|rev rec'],
    ['Lease Accounting', 'ASC 842'],
    ['Consolidation', 'consolidations|financial consolidation'],
    ['NetSuite', 'Oracle NetSuite'],
    ['SAP', 'SAP S/4HANA|S/4HANA|SAP ECC|SAP FICO|SAP FI'],
    ['Oracle Financials', 'Oracle EBS|Oracle E-Business Suite|Oracle Fusion'],
    ['QuickBooks'],
    ['Xero'],
    ['Sage Intacct', 'Intacct'],
    ['BlackLine'],
    ['Excel', 'Microsoft Excel|MS Excel|advanced Excel|pivot tables|VLOOKUP|XLOOKUP', 'Excel'],
    ['Payments', 'payment processing|payment systems|card payments|payment gateway'],
    ['PCI DSS', 'PCI-DSS|PCI compliance'],
    ['Fintech', 'financial technology'],
    ['Banking', 'core banking'],
    ['Anti-Money Laundering', 'AML|KYC|know your customer'],
  ],
  sales: [
    ['B2B Sales', 'business-to-business sales|B2B selling|B2B'],
    ['SaaS Sales', 'software sales|selling SaaS'],
    ['Enterprise Sales', 'enterprise selling|enterprise accounts'],
    ['Cold Calling', 'cold calls|cold outreach'],
    ['Prospecting', 'outbound prospecting'],
    ['Lead Generation', 'lead gen|demand generation'],
    ['Pipeline Management', 'sales pipeline|pipeline generation|managing a pipeline'],
    ['Account Management', 'key account management|account growth'],
    ['Negotiation', 'negotiating|contract negotiation|negotiation skills'],
    ['Quota Attainment', 'quota|exceeding quota|exceeded quota|quota-carrying|sales targets'],
    ['CRM', 'customer relationship management'],
    ['Salesforce', 'SFDC|Salesforce CRM|Sales Cloud'],
    ['HubSpot'],
    ['Solution Selling', 'consultative selling|consultative sales|value selling'],
    ['MEDDIC', 'MEDDPICC'],
    ['Territory Management', 'territory planning'],
    ['Upselling', 'upsell|cross-selling|cross-sell'],
    ['Customer Retention', 'renewals|churn reduction'],
  ],
  operations: [
    ['Supply Chain Management', 'supply chain|SCM'],
    ['Logistics', 'logistics management|3PL|third-party logistics'],
    ['Inventory Management', 'inventory control|stock control|cycle counts'],
    ['Warehouse Management', 'warehousing|warehouse operations|WMS|warehouse management system'],
    ['Procurement', 'purchasing|strategic sourcing'],
    ['Demand Planning', 'demand forecasting'],
    ['S&OP', 'sales and operations planning|S&OP process'],
    ['Lean Manufacturing', 'lean principles|lean methodology|lean production', 'Lean'],
    ['Continuous Improvement', 'kaizen|process improvement'],
    ['5S'],
    ['Transportation Management', 'TMS|transportation management system|freight management'],
    ['Freight Forwarding', 'freight|freight forwarder'],
    ['Fleet Management'],
    ['Forklift Operation', 'forklift|forklift operator|reach truck'],
    ['ERP', 'enterprise resource planning|ERP systems'],
    ['Vendor Management', 'supplier management|vendor relations'],
    ['Last-Mile Delivery', 'last mile|last-mile'],
    ['Order Fulfillment', 'fulfillment|fulfilment|order fulfilment|pick and pack'],
    ['Customs Compliance', 'customs|customs brokerage|import/export|import and export'],
    ['KPI Reporting', 'KPIs|KPI|key performance indicators'],
    ['Project Management', 'project planning|managing projects'],
    ['Health and Safety', 'workplace safety|EHS|HSE'],
  ],
  certification: [
    ['AWS Certified Solutions Architect', 'AWS Solutions Architect|AWS SAA|Solutions Architect Associate|Solutions Architect Professional'],
    ['AWS Certified Developer', 'AWS Developer Associate'],
    ['AWS Certification', 'AWS certified|AWS certifications'],
    ['Azure Certification', 'Azure certified|AZ-104|AZ-900'],
    ['Certified Kubernetes Administrator', 'CKA|CKAD'],
    ['Registered Nurse', 'RN|RN license|registered nurse license|registered nursing license|licensed RN'],
    ['Licensed Practical Nurse', 'LPN|LVN|licensed vocational nurse'],
    ['Nurse Practitioner', 'NP|APRN'],
    ['Certified Nursing Assistant', 'CNA'],
    ['BLS', 'Basic Life Support|BLS certification|CPR'],
    ['ACLS', 'Advanced Cardiovascular Life Support|Advanced Cardiac Life Support'],
    ['PALS', 'Pediatric Advanced Life Support'],
    ['CCRN', 'critical care registered nurse certification'],
    ['NIH Stroke Scale', 'NIHSS'],
    ['TNCC', 'Trauma Nursing Core Course'],
    ['CPA', 'Certified Public Accountant|CPA license|CPA licence'],
    ['CMA', 'Certified Management Accountant'],
    ['CFA', 'Chartered Financial Analyst'],
    ['ACCA'],
    ['CIMA'],
    ['Chartered Accountant', 'ICAEW|ACA qualified'],
    ['PMP', 'Project Management Professional'],
    ['CISSP'],
    ['CISM'],
    ['CompTIA Security+', 'Security+'],
    ['ITIL'],
    ['Certified ScrumMaster', 'ScrumMaster|Scrum Master certification|PSM'],
    ['Six Sigma Green Belt', 'Green Belt|Lean Six Sigma Green Belt'],
    ['Six Sigma Black Belt', 'Black Belt|Lean Six Sigma Black Belt'],
    ['Six Sigma', 'Lean Six Sigma'],
    ['CSCP', 'Certified Supply Chain Professional'],
    ['CPIM', 'APICS'],
    ['CDL', "Commercial Driver's License|Commercial Drivers License|Class A CDL|CDL-A"],
    ['OSHA Certification', 'OSHA 10|OSHA 30|OSHA'],
    ['Salesforce Certified Administrator', 'Salesforce Administrator|Salesforce Admin'],
  ],
  education: [
    ['BSN', 'Bachelor of Science in Nursing|nursing degree'],
    ['MSN', 'Master of Science in Nursing'],
    ['MBA', 'Master of Business Administration'],
    [
      'Computer Science Degree',
      'degree in Computer Science|CS degree|Computer Science degree|B.S. in Computer Science|BSc Computer Science|BS in Computer Science',
    ],
    ['Accounting Degree', "degree in Accounting|bachelor’s degree in accounting|bachelor's degree in accounting|BS in Accounting"],
    ['Finance Degree', "degree in Finance|bachelor's degree in finance"],
  ],
  language: [
    ['English', 'fluent English|English-speaking'],
    ['Spanish', 'Spanish-speaking|Español'],
    ['French', 'Français'],
    ['German', 'Deutsch'],
    ['Portuguese'],
    ['Italian'],
    ['Dutch'],
    ['Mandarin', 'Mandarin Chinese'],
    ['Cantonese'],
    ['Japanese'],
    ['Korean'],
    ['Arabic'],
    ['Hindi'],
    ['Russian'],
    ['Polish'],
    ['Vietnamese'],
    ['Tagalog', 'Filipino'],
  ],
  'soft-skill': [
    ['Communication', 'communication skills|written and verbal communication|verbal and written communication|communicator'],
    ['Leadership', 'team leadership|leading teams|people management'],
    ['Mentoring', 'mentorship|mentor|coaching'],
    ['Collaboration', 'teamwork|team player|collaborative|cross-functional'],
    ['Problem Solving', 'problem-solving|problem solver|troubleshooting'],
    ['Attention to Detail', 'detail-oriented|detail oriented|attention to details'],
    ['Time Management', 'prioritization|prioritisation|organizational skills|organisational skills'],
    ['Stakeholder Management', 'stakeholder communication|stakeholders'],
    ['Customer Service', 'customer-facing|client-facing|customer focus'],
    ['Critical Thinking'],
    ['Adaptability', 'adaptable|flexibility'],
    ['Analytical Skills', 'analytical|analytical thinking'],
    ['Presentation Skills', 'public speaking|presenting to'],
    ['Ownership', 'accountability|self-starter'],
  ],
};

/** Every entry of the dictionary. */
export const SKILLS: readonly SkillEntry[] = SKILL_CATEGORIES.flatMap((category) =>
  ROWS[category].map(([canonical, synonyms, exactCase]): SkillEntry => ({
    canonical,
    synonyms: synonyms ? synonyms.split('|') : [],
    category,
    ...(exactCase ? { exactCase: exactCase.split('|') } : {}),
  })),
);

/** How a matched form is looked up: case-, space- and hyphen-insensitive. */
export function skillKey(form: string): string {
  return form.toLowerCase().replace(/[\s\-'’]+/g, '');
}

const BY_KEY = new Map<string, SkillEntry>();
for (const entry of SKILLS)
  for (const form of [entry.canonical, ...entry.synonyms, ...(entry.exactCase ?? [])])
    if (!BY_KEY.has(skillKey(form))) BY_KEY.set(skillKey(form), entry);

/** The dictionary entry a name belongs to (canonical or synonym, any case), or `undefined`. */
export function skillEntry(name: string): SkillEntry | undefined {
  return BY_KEY.get(skillKey(String(name ?? '').trim()));
}

/** Every name of a skill, canonical first (any of its names may be given); `[]` when unknown. */
export function synonymsOf(canonical: string): string[] {
  const entry = skillEntry(canonical);
  return entry ? unique([entry.canonical, ...entry.synonyms, ...(entry.exactCase ?? [])]) : [];
}

/**
 * The names to put in a search string: every name that is unambiguous in any case (search engines
 * ignore case), or the canonical when there is no other, e.g. Go gives "Golang" and "Go" never.
 */
export function searchTermsOf(canonical: string): string[] {
  const entry = skillEntry(canonical);
  if (!entry) return [];
  const exact = new Set((entry.exactCase ?? []).map(skillKey));
  const terms = [entry.canonical, ...entry.synonyms].filter((t) => !exact.has(skillKey(t)));
  return terms.length ? unique(terms) : [entry.canonical];
}

function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((v) => !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}

function pattern(form: string): string {
  return form
    .replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
    .replace(/['’]/g, "['’]?")
    .replace(/\s*-\s*/g, '[\\s-]?')
    .replace(/\s+/g, '[\\s-]+')
    .replace(/\\\//g, '\\s*\\/\\s*');
}

// Not inside a word, a dotted name ("Node.js" holds no "JS"), a hyphenated prefix ("T-SQL") or an e-mail.
const BEFORE = '(?<![\\p{L}\\p{N}_@]|[\\p{L}\\p{N}][.\\-])';
// Not followed by more word ("Java" in "JavaScript"), "+"/"#" ("C" in "C++") or a dotted suffix.
const AFTER = '(?![\\p{L}\\p{N}_+#]|\\.[\\p{L}\\p{N}])';

function alternation(forms: readonly string[]): string {
  return [...new Set(forms)]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(pattern)
    .join('|');
}

const CONTEXT_ONLY = new Set(['Go', 'R']);
/**
 * "Go" and "R" count only in a list or after "in/with/and/or", and not as "Go to", "Go live" or
 * "R&D". The name is found first and its surroundings checked after (a lookbehind scanning back
 * over every space would make long texts slow).
 */
const CONTEXTUAL: readonly { canonical: string; regex: RegExp; before: RegExp; after: RegExp }[] = [
  {
    canonical: 'Go',
    regex: /(?<![\p{L}\p{N}_])Go(?![\p{L}\p{N}_\-&'’])/gu,
    before: /(?:[,/(;:•*-]|\b(?:with|in|and|or|using|like|including|plus|as))[ \t]*$/,
    after: /^(?!\s+(?:to|ahead|live|back|through|beyond|for|get|on|out|over|with|the|a|an)\b)/,
  },
  {
    canonical: 'R',
    regex: /(?<![\p{L}\p{N}_])R(?![\p{L}\p{N}_\-&'’.+#])/gu,
    before: /(?:[,/(;:]|\b(?:with|in|and|or|using|like|including|plus))[ \t]*$/,
    after: /^[ \t]*(?:[,/);]|$|\n|[ \t]+(?:and|or|programming|language|packages|scripts)\b)/,
  },
];

let compiled: { insensitive: RegExp; exact: RegExp } | null = null;

function regexes(): { insensitive: RegExp; exact: RegExp } {
  if (compiled) return compiled;
  const insensitive: string[] = [];
  const exact: string[] = [];
  for (const entry of SKILLS) {
    const exactKeys = new Set((entry.exactCase ?? []).map(skillKey));
    for (const form of [entry.canonical, ...entry.synonyms]) if (!exactKeys.has(skillKey(form))) insensitive.push(form);
    for (const form of entry.exactCase ?? []) if (!CONTEXT_ONLY.has(form)) exact.push(form);
  }
  compiled = {
    insensitive: new RegExp(`${BEFORE}(?:${alternation(insensitive)})${AFTER}`, 'giu'),
    exact: new RegExp(`${BEFORE}(?:${alternation(exact)})${AFTER}`, 'gu'),
  };
  return compiled;
}

/** One mention of a dictionary skill in a text. */
export interface SkillMention {
  readonly canonical: string;
  /** The text as written, e.g. "k8s". */
  readonly matched: string;
  /** Where it starts in the text. */
  readonly index: number;
}

/**
 * Every mention of a dictionary skill, in order. Where names overlap the longest wins ("SQL Server"
 * is one mention, not also "SQL"; "Lean Six Sigma Green Belt" not also "Lean").
 */
export function findSkills(text: string): SkillMention[] {
  const source = String(text ?? '');
  if (!source.trim()) return [];
  // The same few texts come back again and again (a job's must-haves, matched against each of
  // hundreds of candidates in a sync): remember the latest answers. A copy, since callers reorder it.
  const remembered = RECENT_MENTIONS.get(source);
  if (remembered) return [...remembered];
  const mentions = scanForSkills(source);
  if (RECENT_MENTIONS.size >= RECENT_MENTIONS_LIMIT) RECENT_MENTIONS.clear();
  RECENT_MENTIONS.set(source, mentions);
  return [...mentions];
}

/** Texts whose mentions {@link findSkills} remembers; cleared whole when full (bounded memory). */
const RECENT_MENTIONS_LIMIT = 2_000;
const RECENT_MENTIONS = new Map<string, readonly SkillMention[]>();

function scanForSkills(source: string): SkillMention[] {
  const found: SkillMention[] = [];
  const { insensitive, exact } = regexes();
  for (const regex of [insensitive, exact]) {
    regex.lastIndex = 0;
    for (const m of source.matchAll(regex)) {
      const entry = BY_KEY.get(skillKey(m[0]));
      // "Excel at", "Excel in": the verb, not the spreadsheet.
      if (regex === exact && m[0] === 'Excel' && /^\s+(?:at|in|as|with)\b/.test(source.slice((m.index ?? 0) + 5, (m.index ?? 0) + 12)))
        continue;
      if (entry) found.push({ canonical: entry.canonical, matched: m[0], index: m.index ?? 0 });
    }
  }
  for (const { canonical, regex, before, after } of CONTEXTUAL) {
    for (const m of source.matchAll(regex)) {
      const at = m.index ?? 0;
      const head = source.slice(Math.max(source.lastIndexOf('\n', at - 1) + 1, at - 40), at);
      // At the start of a line (a list item) or after a list separator or "with/in/and/or".
      const placed = !head.trim() || before.test(head);
      if (placed && after.test(source.slice(at + m[0].length, at + m[0].length + 40))) {
        found.push({ canonical, matched: m[0], index: at });
      }
    }
  }
  found.sort((a, b) => a.index - b.index || b.matched.length - a.matched.length);
  const kept: SkillMention[] = [];
  let end = -1;
  for (const mention of found) {
    if (mention.index < end) continue;
    kept.push(mention);
    end = mention.index + mention.matched.length;
  }
  return kept;
}

/** The canonical names of the skills a text mentions, in order of first mention, without repeats. */
export function skillsIn(text: string): string[] {
  return [...new Set(findSkills(text).map((m) => m.canonical))];
}
