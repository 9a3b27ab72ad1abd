/**
 * `node --import tsx bin/build-occupations.ts [<O*NET text folder>]`: regenerates
 * lambdas/assistant/domain/occupations/occupations-data.json, the compact occupation vocabulary of
 * the sourcing terms (and occupations-data.ts, which names it and the families), from the O*NET
 * 29.2 text database (default ../shared/corpus/taxonomy; CC BY 4.0, attribution in both generated
 * files). Deterministic: the same files give the same data
 * (run `npx prettier --write` on it afterwards, as on any file).
 *
 * Per occupation it keeps: the titles recruiters write most (alternate titles reported by the
 * most O*NET sources, short forms and abbreviations), the software O*NET flags as hot or in
 * demand for it, and the words its task statements use that few other occupations use (tools,
 * materials, procedures: "micrometers", "furnace", "vital signs"). Only the occupations staffing
 * agencies fill most are kept. The handler reads the JSON beside its bundle, so it costs no code.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { titleKey } from '../lambdas/assistant/domain/occupations';

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'lambdas/assistant/domain/occupations/occupations-data.ts');
const DATA_OUT = path.join(ROOT, 'lambdas/assistant/domain/occupations/occupations-data.json');

/** The occupations agencies fill most, by family (O*NET-SOC codes). */
export const FAMILIES: Record<string, readonly string[]> = {
  healthcare: [
    '29-1141.00',
    '29-2061.00',
    '31-1131.00',
    '31-1121.00',
    '31-1122.00',
    '31-9092.00',
    '29-2052.00',
    '29-1126.00',
    '29-2031.00',
    '29-2034.00',
    '31-9097.00',
    '29-2012.00',
    '29-2042.00',
    '29-1171.00',
    '29-1123.00',
    '31-2021.00',
    '29-1292.00',
    '31-9091.00',
    '29-2072.00',
    '29-2055.00',
    '29-1122.00',
    '29-1051.00',
    '43-6013.00',
    '29-2053.00',
  ],
  'light-industrial': [
    '51-9161.00',
    '51-4041.00',
    '51-4191.00',
    '51-4031.00',
    '51-4081.00',
    '51-2092.00',
    '51-4121.00',
    '53-7051.00',
    '53-7062.00',
    '53-7064.00',
    '43-5071.00',
    '51-9061.00',
    '51-9111.00',
    '47-2061.00',
    '51-9198.00',
    '51-4072.00',
    '53-7065.00',
    '51-3092.00',
    '51-1011.00',
    '49-9071.00',
    '49-9041.00',
  ],
  transport: ['53-3032.00', '53-3033.00', '53-3031.00', '53-3052.00', '53-3051.00', '53-3053.00', '43-5011.00', '43-5032.00', '13-1081.00'],
  'office-admin': [
    '43-6014.00',
    '43-4171.00',
    '43-9021.00',
    '43-4051.00',
    '43-9061.00',
    '43-6011.00',
    '43-1011.00',
    '43-4071.00',
    '11-3012.00',
    '43-4161.00',
  ],
  'finance-accounting': [
    '43-3031.00',
    '13-2011.00',
    '43-3051.00',
    '43-3011.00',
    '43-3021.00',
    '13-2051.00',
    '43-3071.00',
    '13-2072.00',
    '13-1071.00',
    '11-3031.01',
    '13-2082.00',
  ],
  'it-software': [
    '15-1232.00',
    '15-1252.00',
    '15-1253.00',
    '15-1244.00',
    '15-1211.00',
    '15-1242.00',
    '15-1254.00',
    '15-1212.00',
    '15-2051.00',
    '15-1243.00',
  ],
  engineering: [
    '17-2141.00',
    '17-2071.00',
    '17-2051.00',
    '17-2112.00',
    '17-3013.00',
    '17-3023.00',
    '17-3026.00',
    '17-2072.00',
    '17-3011.00',
  ],
  legal: ['23-2011.00', '43-6012.00', '23-1011.00', '23-2093.00', '43-4031.00'],
  'sales-marketing': [
    '41-3091.00',
    '41-4012.00',
    '41-2031.00',
    '41-9041.00',
    '41-2011.00',
    '41-1011.00',
    '11-2022.00',
    '13-1161.00',
    '41-3021.00',
  ],
  'skilled-trades': [
    '47-2111.00',
    '49-9021.00',
    '47-2152.00',
    '47-2031.00',
    '49-3023.00',
    '49-3031.00',
    '47-2141.00',
    '47-2073.00',
    '37-2011.00',
    '37-3011.00',
  ],
  hospitality: [
    '35-2014.00',
    '35-9021.00',
    '35-2021.00',
    '35-3031.00',
    '35-3023.00',
    '35-1012.00',
    '35-2012.00',
    '37-2012.00',
    '43-4081.00',
    '35-3011.00',
    '35-1011.00',
  ],
  education: ['25-2031.00', '25-2021.00', '25-2022.00', '25-2056.00', '25-2058.00', '25-9042.00', '25-2011.00', '25-3031.00', '11-9032.00'],
  science: ['19-4031.00', '19-4021.00', '19-2031.00', '19-1042.00', '19-4099.01', '19-4013.00', '19-1012.00', '19-4042.00', '19-1021.00'],
};

/**
 * Keywords recruiters search for, per family (our words, as a sourcer writes them): kept only
 * where O*NET's task statements, software or occupation descriptions use them too, so the
 * vocabulary stays the trades' own. The sourcing terms use one when a posting does.
 * `keyword~form~form`: the other ways postings and O*NET write it ("GMP" for "good manufacturing
 * practices", "blueprints" for "read drawings"); either attests it, and the keyword is searched.
 */
export const FAMILY_KEYWORDS: Record<string, readonly string[]> = {
  healthcare: [
    'vital signs',
    'patient care',
    'medical terminology',
    'medical records',
    'phlebotomy',
    'telemetry',
    'EKG',
    'wound care',
    'infection control',
    'triage',
    'charting',
    'catheter',
    'IV therapy',
    'ventilator',
    'arterial blood gases',
    'prescriptions',
    'sterile technique',
    'specimen collection',
    'injections',
    'medication',
  ],
  'light-industrial': [
    'blueprints~drawings~prints',
    'micrometers',
    'calipers',
    'gauges',
    'pallet jack',
    'order picking~order picker',
    'shipping and receiving',
    'inventory',
    'assembly',
    'machine setup',
    'quality inspection~inspection',
    'lathe',
    'milling',
    'grinding',
    'welding',
    'soldering',
    'hand tools',
    'power tools',
    'conveyor',
    'loading',
    'cycle counts',
    'RF scanner',
    'lockout',
    'SPC',
    'CNC',
    'packaging',
    'fasteners',
    'furnace',
    'injection molding~injection mold',
    'stamping',
    'extrusion',
    'press brake',
    'cold heading~cold header',
  ],
  transport: [
    'tractor trailer',
    'DOT',
    'hazmat',
    'logbook',
    'ELD',
    'pre-trip inspection',
    'local delivery',
    'over the road',
    'flatbed',
    'reefer',
    'dry van',
    'box truck',
    'route delivery',
    'passengers',
    'driving record',
    'MVR',
    'manual transmission',
  ],
  'office-admin': [
    'data entry',
    'scheduling',
    'calendar management',
    'filing',
    'clerical',
    'typing',
    '10-key',
    'multi-line phones',
    'correspondence',
    'bookkeeping',
    'QuickBooks',
    'Microsoft Office',
    'Outlook',
    'Google Workspace~Google Suite~G Suite',
    'travel arrangements',
    'order entry',
    'call center',
    'receiving',
  ],
  'finance-accounting': [
    'invoice processing',
    'invoices',
    'purchase orders',
    '1099',
    'month-end close',
    'general ledger',
    'reconciliation',
    'journal entries',
    'ADP',
    'Workday',
    'QuickBooks',
    'expense reports',
    'audit',
    'GAAP',
    'billing',
    'collections',
    'tax returns',
    'budgeting',
    'forecasting',
    'vendors',
  ],
  'it-software': [
    'troubleshooting',
    'Active Directory',
    'Windows 10~Windows 11~Microsoft Windows',
    'Windows Server',
    'Office 365',
    'ticketing',
    'ServiceNow',
    'CompTIA',
    'help desk',
    'desktop support',
    'VPN',
    'imaging',
    'LAN',
    'data warehouse',
  ],
  engineering: [
    'AutoCAD',
    'SolidWorks',
    'MicroStation',
    'PDM',
    'CAD',
    'GD&T',
    'pneumatics',
    'hydraulics',
    'power systems',
    'PLC',
    'schematics',
    'FEA',
    'drafting',
    'prototyping',
    'ETAP',
    'Revit',
  ],
  legal: [
    'discovery',
    'pleadings',
    'litigation',
    'depositions',
    'subpoenas',
    'legal research',
    'e-filing',
    'case management',
    'Westlaw',
    'LexisNexis',
    'family law',
    'contracts',
    'trial preparation',
    'medical records',
    'docketing',
    'notary',
  ],
  'sales-marketing': [
    'B2B~business-to-business',
    'B2C',
    'cold calling',
    'lead generation',
    'prospecting',
    'account management',
    'quota',
    'territory management',
    'customer acquisition',
    'inside sales',
    'outside sales',
    'pipeline',
  ],
  'skilled-trades': [
    'conduit',
    'wiring',
    'NEC',
    'blueprints',
    'troubleshooting',
    'HVAC',
    'refrigeration',
    'heat pumps',
    'EPA',
    'boilers',
    'chillers',
    'plumbing',
    'carpentry',
    'drywall',
    'electrical',
    'journeyman',
    'lockout',
    'scissor lift',
    'boom lift',
    'commercial construction',
    'service calls',
    'preventive maintenance',
    'landscaping',
    'painting',
  ],
  hospitality: [
    'food safety',
    'food handler',
    'ServSafe',
    'sanitation',
    'kitchen',
    'food preparation',
    'prep',
    'knife skills',
    'high volume~high-volume',
    'dishwashing',
    'catering',
    'banquet',
    'front desk',
    'housekeeping',
    'bartending',
    'POS',
    'cash handling',
  ],
  education: [
    'lesson planning',
    'classroom management',
    'IEP',
    'special education',
    'curriculum',
    'differentiated instruction',
    'teaching license',
    'teaching certificate',
    'inquiry-based learning',
    'STEM',
    'online instruction',
    'tutoring',
    'ESL',
    'assessment',
    'grading',
  ],
  science: [
    'HPLC',
    'gas chromatography',
    'chromatography',
    'spectroscopy',
    'titration',
    'pipetting',
    'sample preparation',
    'lab safety~laboratory safety',
    'GLP~good laboratory practice',
    'GMP~good manufacturing practice',
    'SOP',
    'HACCP~hazard analysis',
    'SQF',
    'quality control',
    'microbiology',
    'LIMS',
    'calibration',
    'equipment maintenance',
  ],
};

const FAMILY_NAMES = Object.keys(FAMILIES);
const TITLES_KEPT = 5;
/**
 * More of an occupation's titles recognise a posting's title ("Help Desk Analyst", "Warehouse
 * Associate", "Monitor Technician") than a search should carry: these only find the occupation.
 * At most this many, of at most {@link MATCH_TITLE_WORDS} words (a longer posting title still
 * contains a shorter one): each costs the first posting's match a few microseconds to index.
 */
const MATCH_TITLES_KEPT = 120;
const MATCH_TITLE_WORDS = 3;
const SOFTWARE_KEPT = 2;
/** Software more occupations than this use (Excel, Windows, Outlook) is no keyword of a trade. */
const SOFTWARE_MAX_OCCUPATIONS = 200;
const EVERYDAY_SOFTWARE =
  /\b(?:electronic mail|video conferencing|instant messaging|internet browser|web page creation|operating system|office suite|spreadsheet|word processing|presentation|calendar and scheduling|desktop communications|social media)\b/i;
/** A first word (or two) this many products start with is a vendor ("Microsoft", "Dassault Systemes"). */
const VENDOR_MIN_PRODUCTS = 8;
const TASK_WORDS_KEPT = 2;
/** A task phrase shared by more occupations than this is everybody's ("medical records" is not). */
const TASK_WORD_MAX_OCCUPATIONS = 40;
/** A single task word must be rarer: "quenching" and "pleadings" name a trade, "dishes" and "routes" do not. */
const WORD_MAX_OCCUPATIONS = 6;

function rows(dir: string, file: string): string[][] {
  return fs
    .readFileSync(path.join(dir, file), 'utf8')
    .split(/\r?\n/)
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split('\t'));
}

const STOP = new Set(
  'a an and or of the to in on at for with by from as is are be such other others all any into per via using use used including include includes their its his her them they this that these those when where which who whom how what than then as well may might can must should would will not no nor each every both either more most less least new based related necessary appropriate specific various different following own also about through within without between during under over out up down off again further only same so too very s etc e.g i.e one two three existing prospective potential current qualified finished assigned required daily regular general certain several many personnel persons people functions responsibility responsibilities performed been against accurate taking providing reporting proper achieve needed needs purposes changes progress services service manner order orders type types level levels work workers job jobs duties tasks activities information data procedures methods equipment materials work area areas'.split(
    ' ',
  ),
);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

function main(): void {
  const dir = path.resolve(ROOT, process.argv[2] ?? '../shared/corpus/taxonomy');
  const occupations = new Map(rows(dir, 'onet-29.2-occupation-data.txt').map(([code, title]) => [code, title]));
  const tasks = new Map<string, string[]>();
  for (const [code, , task] of rows(dir, 'onet-29.2-task-statements.txt')) tasks.set(code, [...(tasks.get(code) ?? []), task]);
  // Task statements start with their verb: every first word is a verb, never a searchable noun.
  const verbs = new Set([...tasks.values()].flatMap((list) => list.map((t) => words(t)[0])));
  const gramsOf = (text: string): Set<string> => {
    const grams = new Set<string>();
    for (const clause of text.toLowerCase().split(/[,.;:()]/)) {
      const w = words(clause);
      for (let n = 1; n <= 2; n += 1)
        for (let i = 0; i + n <= w.length; i += 1) {
          const gram = w.slice(i, i + n);
          if (gram.every((x) => x.length >= 3 && /^[a-z][a-z-]*$/.test(x) && !STOP.has(x) && !verbs.has(x))) grams.add(gram.join(' '));
        }
    }
    return grams;
  };
  const df = new Map<string, number>();
  const gramsByCode = new Map<string, Map<string, number>>();
  for (const [code, list] of tasks) {
    const counts = new Map<string, number>();
    for (const task of list) for (const gram of gramsOf(task)) counts.set(gram, (counts.get(gram) ?? 0) + 1);
    gramsByCode.set(code, counts);
    for (const gram of counts.keys()) df.set(gram, (df.get(gram) ?? 0) + 1);
  }
  const total = tasks.size;

  const altTitles = new Map<string, { title: string; short: string; sources: number }[]>();
  for (const [code, title, short, sources] of rows(dir, 'onet-29.2-alternate-titles.txt'))
    altTitles.set(code, [...(altTitles.get(code) ?? []), { title, short, sources: (sources ?? '').split(',').length }]);
  // "Autodesk AutoCAD" is written "AutoCAD" in postings: a vendor name many products start with is dropped.
  const examples = new Set(rows(dir, 'onet-29.2-technology-skills.txt').map((r) => r[1]));
  const prefixCount = new Map<string, number>();
  for (const example of examples) {
    const w = example.split(' ');
    for (let n = 1; n < Math.min(3, w.length); n += 1)
      prefixCount.set(w.slice(0, n).join(' '), (prefixCount.get(w.slice(0, n).join(' ')) ?? 0) + 1);
  }
  const product = (example: string): string => {
    const w = example.split(' ');
    for (let n = Math.min(2, w.length - 1); n >= 1; n -= 1)
      // Only a distinctive name stands alone: "AutoCAD" does, "Docs" (Google Docs) does not.
      if ((prefixCount.get(w.slice(0, n).join(' ')) ?? 0) >= VENDOR_MIN_PRODUCTS && /^\p{Lu}\S*(?:\p{Lu}|\d)/u.test(w.slice(n).join(' ')))
        return w.slice(n).join(' ');
    return example;
  };
  const software = new Map<string, string[]>();
  const softwareDf = new Map<string, number>();
  const flagged = new Set<string>();
  for (const [code, listed, , commodity, hot, demand] of rows(dir, 'onet-29.2-technology-skills.txt')) {
    // Office, mail, browsers and video calls are everyone's tools, never a trade's keyword.
    if (EVERYDAY_SOFTWARE.test(commodity)) continue;
    const example = product(listed);
    softwareDf.set(example, (softwareDf.get(example) ?? 0) + 1);
    software.set(code, [...(software.get(code) ?? []), example]);
    if (hot === 'Y' || demand === 'Y') flagged.add(`${code}\t${example}`);
  }

  // A title's weight: how many O*NET sources report it as an alternate title, and how often
  // incumbents report it (more when My Next Move shows it, i.e. it is a common name of the job).
  const weights = new Map<string, Map<string, number>>();
  const weigh = (code: string, title: string, weight: number) => {
    const clean = title.replace(/\s+/g, ' ').trim();
    if (!clean || clean.split(' ').length > 4 || /[,/]/.test(clean)) return;
    const byTitle = weights.get(code) ?? new Map<string, number>();
    const key = [...byTitle.keys()].find((k) => k.toLowerCase() === clean.toLowerCase()) ?? clean;
    byTitle.set(key, (byTitle.get(key) ?? 0) + weight);
    weights.set(code, byTitle);
  };
  for (const [code, titles] of altTitles)
    for (const alt of titles) {
      weigh(code, alt.title.replace(/\s*\([^)]*\)/g, ''), 3 * alt.sources);
      if (alt.short !== 'n/a') weigh(code, alt.short, 2 * alt.sources);
    }
  for (const [code, reported, shown] of rows(dir, 'onet-29.2-sample-of-reported-titles.txt')) {
    const [main, inner] = reported.split(/\s*\(|\)/);
    weigh(code, main, shown === 'Y' ? 4 : 1);
    // "Over the Road Driver (OTR Driver)": the short form in brackets is a title too.
    if (inner && inner.length < main.length) weigh(code, inner, shown === 'Y' ? 3 : 1);
  }
  const rankedTitles = (code: string) =>
    [...(weights.get(code) ?? new Map<string, number>())]
      .sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))
      .map(([title]) => title);

  // The keywords O*NET uses somewhere (any case, singular or plural, as whole words).
  const onetText = [
    ...[...tasks.values()].flat(),
    ...rows(dir, 'onet-29.2-technology-skills.txt').map((r) => r[1]),
    ...rows(dir, 'onet-29.2-occupation-data.txt').map((r) => r[2]),
    ...rows(dir, 'onet-29.2-alternate-titles.txt').map((r) => r[1]),
  ].join('\n');
  const inOnet = (keyword: string) =>
    new RegExp(
      `(?<![\\p{L}\\p{N}])${keyword.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/s$/, '')}(?:e?s)?(?![\\p{L}\\p{N}])`,
      'iu',
    ).test(onetText);
  const attested = (entry: string) => entry.split('~').some(inOnet);
  const familyKeywords = FAMILY_NAMES.map((family) => (FAMILY_KEYWORDS[family] ?? []).filter(attested));
  const unused = FAMILY_NAMES.flatMap((family) =>
    (FAMILY_KEYWORDS[family] ?? []).filter((k) => !attested(k)).map((k) => `${family}: ${k}`),
  );

  const entries: [family: number, titles: string, matchTitles: string, skills: string][] = [];
  const vocabulary = new Map<string, number>();
  for (const [family, codes] of Object.entries(FAMILIES)) {
    for (const code of codes) {
      const name = occupations.get(code);
      if (!name) throw new Error(`No O*NET occupation ${code}`);
      const ranked = rankedTitles(code);
      const titles = ranked.slice(0, TITLES_KEPT);
      // As the words they are matched by, once each: the handler need not work them out.
      const keys = new Set(titles.map(titleKey));
      const matchTitles = ranked
        .slice(TITLES_KEPT)
        .filter((title) => title.split(' ').length <= MATCH_TITLE_WORDS)
        .map(titleKey)
        .filter((key) => key && !keys.has(key) && !!keys.add(key))
        .slice(0, MATCH_TITLES_KEPT);
      // Software few occupations use is a keyword of the trade (Dentrix, SolidWorks); Excel is not.
      const tools = (software.get(code) ?? [])
        .filter(
          (s) => s.split(' ').length <= 3 && !/\b(?:software|systems?)$/i.test(s) && (softwareDf.get(s) ?? 0) <= SOFTWARE_MAX_OCCUPATIONS,
        )
        .sort((a, b) => Number(flagged.has(`${code}\t${b}`)) - Number(flagged.has(`${code}\t${a}`)))
        .slice(0, SOFTWARE_KEPT);
      const counts = gramsByCode.get(code) ?? new Map<string, number>();
      const taskWords = [...counts]
        // In few other occupations' tasks: the occupation's own words. A word must recur in its
        // tasks, a two-word phrase recur or be shared with another occupation ("vital signs"): a
        // phrase only one task of one occupation has is a chance collocation ("good spirits").
        .filter(([gram, count]) =>
          gram.includes(' ')
            ? (count >= 2 || (df.get(gram) ?? 0) >= 2) && (df.get(gram) ?? total) <= TASK_WORD_MAX_OCCUPATIONS
            : count >= 2 && (df.get(gram) ?? total) <= WORD_MAX_OCCUPATIONS,
        )
        .map(([gram, count]) => ({ gram, score: count * Math.log(total / (df.get(gram) ?? total)) }))
        .sort((a, b) => b.score - a.score || a.gram.localeCompare(b.gram))
        .slice(0, TASK_WORDS_KEPT)
        .map((g) => g.gram);
      const refs = [...tools, ...taskWords].map((skill) => {
        if (!vocabulary.has(skill)) vocabulary.set(skill, vocabulary.size);
        return (vocabulary.get(skill) as number).toString(36);
      });
      entries.push([FAMILY_NAMES.indexOf(family), titles.join('|'), matchTitles.join('|'), refs.join('.')]);
    }
  }
  const attribution =
    'This file includes information from the O*NET 29.2 Database by the U.S. Department of Labor, Employment and Training Administration (USDOL/ETA). Used under the CC BY 4.0 license. O*NET® is a trademark of USDOL/ETA. USDOL/ETA has not approved, endorsed, or tested these modifications (titles, software and task words selected and compacted per occupation).';
  const module = `// Generated by bin/build-occupations.ts from the O*NET 29.2 Database: do not edit by hand.
// ${attribution.replace(/(.{1,96})(?:\s+|$)/g, '$1\n// ').replace(/\n\/\/ $/, '')}

/** The occupation families, in the order the data file's rows name them by index. */
export const OCCUPATION_FAMILIES = ${JSON.stringify(FAMILY_NAMES)} as const;

/**
 * The occupations' titles and words, read when first needed from this JSON file: beside this
 * module in the source tree, beside the handler's bundle when deployed (the route's \`dataFiles\`),
 * so the vocabulary is not in the handler's code (issue 5's 150 kB budget).
 */
export const OCCUPATIONS_DATA_FILE = '${path.basename(DATA_OUT)}';

/** {@link OCCUPATIONS_DATA_FILE} from the repository root, for the routes that deploy it. */
export const OCCUPATIONS_DATA_PATH = '${path.relative(ROOT, DATA_OUT)}';
`;
  const data = {
    attribution,
    /** Per family (in the order of OCCUPATION_FAMILIES), the recruiter keywords O*NET also uses, "|"-separated, each "~"-followed by the other ways it is written. */
    familyKeywords: familyKeywords.map((k) => k.join('|')),
    /** Every skill word once, "|"-separated; occupations name theirs by base-36 position. */
    skills: [...vocabulary.keys()].join('|'),
    /**
     * [family index, "|"-separated search titles (most reported first), "|"-separated keys (titleKey)
     * of the titles that only recognise the occupation, "."-separated base-36 skill positions
     * (software, then task words)].
     */
    rows: entries,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, module);
  // One row per line: a regenerated file's diff shows which occupations changed.
  const json = JSON.stringify(data, null, 0).replace('"rows":[', '"rows":[\n').replace(/\],\[/g, '],\n[');
  fs.writeFileSync(DATA_OUT, `${json}\n`);
  console.log(`${path.relative(ROOT, DATA_OUT)}: ${entries.length} occupations, ${fs.statSync(DATA_OUT).size} bytes`);
  console.log(`Family keywords O*NET does not use, left out: ${unused.join('; ') || 'none'}`);
}

main();
