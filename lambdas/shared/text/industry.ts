/**
 * The client's industry, read from its company information: sourcing searches add it as a
 * nice-to-have ("fintech", "hospital"), and the external job description names the client by it
 * ("our client, a fintech company") instead of by name.
 */

export interface Industry {
  /** e.g. "fintech". */
  readonly name: string;
  /** How a job ad names a client of this industry, e.g. "a fintech company". */
  readonly phrase: string;
  /** Words profiles of people from this industry carry. */
  readonly searchTerms: readonly string[];
}

/** Most specific first: a hospital is healthcare, a fintech is financial services. */
const INDUSTRIES: readonly (Industry & { readonly pattern: RegExp })[] = [
  {
    name: 'fintech',
    phrase: 'a fintech company',
    searchTerms: ['fintech', 'payments', 'financial services'],
    pattern: /\b(?:fintech|financial technology|payments? (?:company|processor|platform)|card processing|neobank|digital bank)/i,
  },
  {
    name: 'hospital',
    phrase: 'a hospital',
    searchTerms: ['hospital', 'health system', 'medical center'],
    pattern: /\b(?:hospital|medical cent(?:er|re)|health system|trauma cent(?:er|re)|acute care)/i,
  },
  {
    name: 'healthcare',
    phrase: 'a healthcare organization',
    searchTerms: ['healthcare', 'clinical'],
    pattern: /\b(?:healthcare|health care|clinic|patients|home health|long-term care|senior living)\b/i,
  },
  {
    name: 'manufacturing',
    phrase: 'a manufacturing company',
    searchTerms: ['manufacturing', 'industrial'],
    pattern: /\b(?:manufactur\w+|factory|factories|plants? in|machin(?:ed|ing) parts|castings|fabrication|industrial products)/i,
  },
  {
    name: 'logistics',
    phrase: 'a logistics company',
    searchTerms: ['logistics', '3PL', 'supply chain'],
    pattern: /\b(?:logistics|3PL|freight|distribution cent(?:er|re)s?|warehousing|supply chain|cold chain|trucking|shipping company)\b/i,
  },
  {
    name: 'pharmaceutical',
    phrase: 'a life sciences company',
    searchTerms: ['pharmaceutical', 'biotech', 'life sciences'],
    pattern: /\b(?:pharma\w*|biotech\w*|life sciences|medical devices?)\b/i,
  },
  {
    name: 'banking',
    phrase: 'a financial services company',
    searchTerms: ['banking', 'financial services'],
    pattern: /\b(?:bank|banking|credit union|asset management|wealth management|investment firm|financial services)\b/i,
  },
  {
    name: 'insurance',
    phrase: 'an insurance company',
    searchTerms: ['insurance'],
    pattern: /\b(?:insurance|insurer|underwriting|reinsurance)\b/i,
  },
  {
    name: 'retail',
    phrase: 'a retail company',
    searchTerms: ['retail', 'e-commerce'],
    pattern: /\b(?:retail(?:er)?|e-?commerce|consumer goods|stores? across)\b/i,
  },
  {
    name: 'software',
    phrase: 'a software company',
    searchTerms: ['SaaS', 'software'],
    pattern: /\b(?:saas|software (?:company|vendor|product)|tech(?:nology)? company|platform for|start-?up)\b/i,
  },
  {
    name: 'energy',
    phrase: 'an energy company',
    searchTerms: ['energy', 'utilities'],
    pattern: /\b(?:energy|utility|utilities|oil and gas|renewables?|solar|wind farms?)\b/i,
  },
  {
    name: 'construction',
    phrase: 'a construction company',
    searchTerms: ['construction'],
    pattern: /\b(?:construction|contractor|civil engineering|real estate development)\b/i,
  },
  {
    name: 'education',
    phrase: 'an education organization',
    searchTerms: ['education'],
    pattern: /\b(?:university|college|school district|education(?:al)? (?:provider|organization)|edtech)\b/i,
  },
  {
    name: 'public sector',
    phrase: 'a public sector organization',
    searchTerms: ['public sector', 'government'],
    pattern: /\b(?:government|public sector|municipal|federal agency|state agency)\b/i,
  },
  {
    name: 'non-profit',
    phrase: 'a non-profit organization',
    searchTerms: ['non-profit', 'nonprofit'],
    pattern: /\b(?:non-?profit|charity|foundation)\b/i,
  },
];

/** How a company describes itself: "… is a Chicago fintech company", "— a SaaS company selling …". */
const SELF_DESCRIPTION =
  /(?:\bis|\bare|[,—–-])\s+(?:a|an|the)\s+[^.\n]{0,60}?\b(?:company|provider|manufacturer|maker|firm|hospital|cent(?:er|re)|system|bank|insurer|retailer|distributor|platform|start-?up|business|organi[sz]ation|agency|group|network|operator|supplier|producer)\b/gi;

function industryIn(text: string): Industry | null {
  const found = INDUSTRIES.find((i) => i.pattern.test(text));
  return found ? { name: found.name, phrase: found.phrase, searchTerms: found.searchTerms } : null;
}

/**
 * The industry the company information (or, failing that, the description) points to; `null` when
 * unclear. The company's own description of itself ("… is a SaaS company selling supply-chain
 * analytics") decides first, so what it sells or to whom does not mislead.
 */
export function industryOf(companyInfo: string, description = ''): Industry | null {
  for (const source of [String(companyInfo ?? ''), String(description ?? '')]) {
    const text = source.slice(0, 20_000);
    if (!text.trim()) continue;
    for (const m of text.matchAll(SELF_DESCRIPTION)) {
      const industry = industryIn(m[0]);
      if (industry) return industry;
    }
    const industry = industryIn(text);
    if (industry) return industry;
  }
  return null;
}
