import type { Requirement } from '../../shared/contracts/assistant';
import { hasIssuer } from './evidence-signals';
import {
  examplesOf,
  experienceSubject,
  fieldOf,
  gistOf,
  inlineSubject,
  isLicence,
  requirementShape,
  topicOf,
  type RequirementField,
} from './requirement-phrasing';
import { yearsRequired } from '../../shared/text/experience';
import { skillsIn } from '../../shared/text/skills-dictionary';

/**
 * The words of screening questions and their rubrics. A knock-out question checks a must-have
 * (phrased by its kind: a licence is asked for state, number and expiry, years as years and roles,
 * a skill as "tell me about a time…" in the words of its field); a competency question probes depth
 * (the hardest problem, the options weighed, the lesson). Rubric points are concrete and checkable,
 * and worded so interview evaluation knows what to look for in an answer: "States at least 5
 * years…", "Gives an expiry date…", "Explains a trade-off…".
 */

export interface Wording {
  readonly question: string;
  readonly goodAnswer: string[];
}

/** Who issues the common certifications, named in the rubric so a recruiter knows what to expect. */
const ISSUERS: Readonly<Record<string, readonly string[]>> = {
  BLS: ['American Heart Association', 'Red Cross'],
  ACLS: ['American Heart Association'],
  PALS: ['American Heart Association'],
  CCRN: ['AACN'],
  TNCC: ['Emergency Nurses Association'],
  PMP: ['PMI'],
  'Certified Kubernetes Administrator': ['CNCF'],
};

const SCOPE: Readonly<Partial<Record<RequirementField, string>>> = {
  technical: 'Describes the systems they built or ran and at what scale',
  clinical: 'Describes the unit, the patient types and the patient load',
  setting: 'Describes the unit, the patient types and the patient load',
  finance: 'Describes the processes they owned and the size of the business',
  sales: 'Describes the deal sizes, the buyers and the quota they carried',
  people: 'Describes the teams they worked with or led and their size',
  'hands-on': 'Describes the sites, equipment and volume of work they handled',
};
const SAFE_WORK = 'Mentions the safety or quality checks they followed';
const GENERAL_SCOPE = 'Describes what they were responsible for and at what scale';

const PERSONALLY = 'Says what they personally did (designed, built, ran, fixed)';
const OWNED = 'Says what they owned themselves (prepared, reviewed, led)';
const MEASURABLE = 'Gives a measurable result or scale (users, requests, latency, cost)';
const MEASURABLE_FINANCE = 'Gives a measurable result (days, accounts, amounts, errors)';
const TRADE_OFF = 'Explains a trade-off: the options considered and why they chose one';
const LESSON = 'Says what they learned or would do differently';

/**
 * Requirements of a fixed shape get their own wording whatever their kind: an age, a weight to
 * lift, a check to pass, the right to work, a place to live, a driving licence or CDL, or a line
 * that still reads as a sentence (asked as a plain yes/no on its gist, never spliced into a template).
 */
function typedWording(text: string, jobLocation: string): Wording | null {
  const shape = requirementShape(text);
  switch (shape.type) {
    case 'age':
      return {
        question: `Are you at least ${shape.years} years old?`,
        goodAnswer: [`Confirms they are at least ${shape.years} years old`, 'Can show an ID that proves it when hired'],
      };
    case 'lift':
      return {
        question: `This role involves lifting up to ${shape.pounds} lbs. Can you do that safely, and in which jobs have you done similar physical work?`,
        goodAnswer: [
          `Confirms they can lift up to ${shape.pounds} lbs safely`,
          'Names a job where they did similar physical work',
          'Mentions safe lifting or equipment they used',
        ],
      };
    case 'check':
      return {
        question: `Are you willing to complete a ${shape.what} before starting?`,
        goodAnswer: [`Confirms they will complete the ${shape.what}`, 'Mentions anything the recruiter should know ahead of it'],
      };
    case 'authorization':
      return {
        question: 'Are you legally authorized to work in the United States, and will you now or in the future need visa sponsorship?',
        goodAnswer: ['Confirms they are authorized to work in the United States', 'States whether they need sponsorship'],
      };
    case 'citizenship':
      return {
        question: 'This role requires US citizenship. Are you a US citizen?',
        goodAnswer: ['Confirms they are a US citizen', 'Can provide proof of citizenship when hired'],
      };
    case 'residence': {
      const place = shape.place || jobLocation.trim();
      return {
        question: `Do you live in ${place}, or will you relocate there before starting?`,
        goodAnswer: [`Confirms they live in ${place} or will move there`, 'Gives a start date or notice period'],
      };
    }
    case 'driver':
      return {
        question: shape.cdl
          ? `Do you hold a current ${shape.cdl}? In which state was it issued, when does it expire, and which endorsements do you have?`
          : "Do you hold a valid driver's license? In which state was it issued, and is your driving record clean?",
        goodAnswer: shape.cdl
          ? [
              `Confirms they hold a current ${shape.cdl}`,
              'Names the issuing state and an expiry date that has not passed',
              'Mentions endorsements and a clean driving record (MVR)',
            ]
          : ["Confirms they hold a valid driver's license", 'Names the issuing state', 'Describes a clean driving record'],
      };
    case 'availability':
      return {
        question: `Are you available ${shape.what}? What schedule do you work now?`,
        goodAnswer: [`Confirms they are available ${shape.what}`, 'Describes the schedule they work now or have worked'],
      };
    case 'action':
      return {
        question: `The role requires you to ${shape.action}. Are you able to do that, and where have you done it before?`,
        goodAnswer: [`Confirms they can ${shape.action}`, 'Names a job or setting where they did it'],
      };
    case 'statement':
      return {
        question: `Do you meet this requirement: ${shape.gist}? Please give a specific example.`,
        goodAnswer: [`Confirms they meet it: ${shape.gist}`, 'Gives a specific example: where, when and what they did'],
      };
    default:
      return null;
  }
}

/** The knock-out wording for a must-have, by its kind. */
export function knockoutWording(requirement: Requirement, jobLocation: string): Wording {
  const typed = typedWording(requirement.text, jobLocation);
  if (typed) return typed;
  const subject = inlineSubject(requirement.text);
  switch (requirement.kind) {
    case 'certification':
      return certification(
        requirement.text,
        gistOf(subject).replace(/^\p{Ll}/u, (c) => (/^[a-z]/.test(subject) ? c : c.toUpperCase())),
      );
    case 'experience':
      return experience(requirement.text, experienceSubject(requirement.text) ? subject : '');
    case 'education': {
      const degree = gistOf(subject);
      return {
        question: `Do you have ${/^(?:a|an)\s/i.test(degree) ? '' : `${article(degree)} `}${degree}? From which institution, and when did you complete it?`,
        goodAnswer: ['Names the degree or qualification and its field', 'Names the institution and the year of completion'],
      };
    }
    case 'location': {
      const place = jobLocation.trim() || subject;
      return {
        question: `This role requires ${subject}. Do you live within commuting distance of ${place} or plan to relocate, and when could you start?`,
        goodAnswer: [`Confirms they can work in ${place} (lives nearby, commutes or will relocate)`, 'Gives a start date or notice period'],
      };
    }
    case 'language': {
      const language = topicOf(requirement.text);
      return {
        question: `How well do you speak ${language}, and how have you used it at work?`,
        goodAnswer: [`States their level in ${language} (native, fluent or professional)`, `Gives an example of using ${language} at work`],
      };
    }
    case 'skill':
      return skill(requirement.text, subject);
    default:
      if (fieldOf(requirement.text) === 'schedule') return schedule(subject);
      return {
        question: `The role requires ${subject}. Do you meet that, and can you give a specific example?`,
        goodAnswer: [`Confirms they meet the requirement: ${subject}`, 'Gives a specific example: where, when and what they did'],
      };
  }
}

/** The competency wording for a nice-to-have or key skill: papers and places as their knock-out, skills in depth. */
export function competencyWording(requirement: Requirement, jobLocation: string): Wording {
  if (requirement.kind !== 'skill' && requirement.kind !== 'other') return knockoutWording(requirement, jobLocation);
  const typed = typedWording(requirement.text, jobLocation);
  if (typed) return typed;
  const subject = inlineSubject(requirement.text);
  const topic = topicOf(requirement.text);
  switch (fieldOf(requirement.text)) {
    case 'technical':
      return {
        question: `Describe the hardest problem you solved with ${subject}. What options did you consider, and why did you choose the one you did?`,
        goodAnswer: [`Describes a specific problem they solved with ${topic}`, PERSONALLY, TRADE_OFF, MEASURABLE],
      };
    case 'clinical':
      return {
        question: `Describe a time ${subject} mattered for a deteriorating patient. What did you notice, what did you do, and what would you do differently?`,
        goodAnswer: [
          `Describes a specific patient situation involving ${topic}`,
          'Says what they noticed and did themselves, and whom they escalated to',
          'Gives the outcome for the patient',
          LESSON,
        ],
      };
    case 'setting':
      return {
        question: `Tell me about a difficult shift in ${subject}: what was happening, what did you do, and what would you do differently?`,
        goodAnswer: [
          `Describes a specific patient situation in ${topic}`,
          'Says what they noticed and did themselves, and whom they escalated to',
          'Gives the outcome for the patient',
          LESSON,
        ],
      };
    case 'finance':
      return {
        question: `Tell me about a problem you solved in your ${subject} work: what was wrong, how did you fix it, and what control did you put in place afterwards?`,
        goodAnswer: [
          `Describes a specific issue they found in ${topic}`,
          OWNED,
          MEASURABLE_FINANCE,
          'Names the control or lesson that keeps it from happening again',
        ],
      };
    case 'domain':
      return {
        question: `Tell me about a hard problem you solved in ${subject}: what was at stake, which options did you weigh, and how did you keep it correct?`,
        goodAnswer: [
          `Describes a specific problem they solved in ${topic}`,
          PERSONALLY,
          TRADE_OFF,
          'Explains how they kept it correct or compliant (controls, reconciliation, audits)',
        ],
      };
    case 'hands-on':
      return {
        question: `What is the hardest job you have done involving ${subject}? What made it tricky, and how did you get it done safely and to standard?`,
        goodAnswer: [`Describes a specific job involving ${topic}`, 'Says what they did themselves, hands-on', SAFE_WORK, LESSON],
      };
    case 'tool':
    case 'project':
    case 'schedule':
      return skill(requirement.text, subject);
    default:
      return {
        question: `Describe a situation where ${subject} made a difference in your work. What was the challenge, what did you do, and what did you learn?`,
        goodAnswer: [
          `Describes a specific situation involving ${topic}`,
          'Says what they personally did',
          'Gives the result, in numbers where possible',
          LESSON,
        ],
      };
  }
}

function certification(text: string, subject: string): Wording {
  // "CPA license or progress toward a CPA": ask for the licence, or how far along they are.
  const progress = /,?\s+or\s+(?:progress|working)\s+towards?\b.*$/i;
  const main = subject.replace(progress, '');
  const orProgress = progress.test(subject);
  if (isLicence(text)) {
    // "RN license in Wisconsin" already names the state: ask only for what it leaves open.
    const asks = hasIssuer(main)
      ? 'What are the license number and expiry date?'
      : 'In which state was it issued, and what are the license number and expiry date?';
    return {
      question: orProgress
        ? `Do you hold a current ${main}, or how far along are you toward it? If licensed: ${asks.charAt(0).toLowerCase()}${asks.slice(1)}`
        : `Do you hold a current ${main}? ${asks}`,
      goodAnswer: [
        `Confirms they hold a current ${main}${orProgress ? ', or states how far along they are' : ''}`,
        'Names the issuing state or board',
        'Gives the license number so it can be verified',
        'Gives an expiry date that has not passed',
      ],
    };
  }
  const names = skillsIn(text);
  const issuers = [...new Set(names.flatMap((name) => ISSUERS[name] ?? []))];
  const noun = /certif|credential|qualification/i.test(main) ? main : `${main} certification`;
  const several = names.length > 1;
  return {
    question: `Do you hold a current ${noun}? Who issued ${several ? 'each' : 'it'}, and when ${several ? 'do they' : 'does it'} expire?`,
    goodAnswer: [
      several ? `Confirms they hold each of ${names.join(', ')}, current` : `Confirms they hold a current ${noun}`,
      issuers.length ? `Names the issuing body (${issuers.join(' or ')})` : 'Names the issuing body',
      'Gives an expiry date that has not passed',
    ],
  };
}

function experience(text: string, subject: string): Wording {
  // "6+ years of backend development, at least 3 of them in Java": two numbers to ask for.
  const part = /,?\s*(?:at least|including|with)\s+(\d{1,2})\s*\+?\s*(?:of them|years)?\s+(?:in|with|using|on)\s+(.+)$/i.exec(subject);
  const main = part ? subject.slice(0, part.index).trim() : subject;
  const years = yearsRequired(text);
  // "ICU in an adult critical care unit" → "ICU experience in an adult critical care unit".
  const place = /^(.+?)\s+((?:in|at|with|on)\s+(?:(?:a|an|the)\s)?.+)$/i.exec(main);
  const withNoun = !main
    ? 'relevant experience'
    : /experience|background|history/i.test(main)
      ? main
      : place
        ? `${place[1]} experience ${place[2]}`
        : `${main} experience`;
  const scope = SCOPE[fieldOf(text)] ?? GENERAL_SCOPE;
  if (years === null) {
    return {
      question: `Tell me about your ${withNoun}: for how long, in which roles, and what were you responsible for?`,
      goodAnswer: [`States how long they have done ${main || 'this work'}`, 'Names the roles or employers where they gained it', scope],
    };
  }
  const points = [`States at least ${years} year${years === 1 ? '' : 's'} of ${main || 'relevant experience'}`];
  if (part) points.push(`States at least ${part[1]} years in ${part[2]}`);
  return {
    question: `How many years of ${withNoun} do you have${part ? `, how many of them in ${part[2]}` : ''}, and in which roles?`,
    goodAnswer: [...points, 'Names the roles or employers where they gained it', scope],
  };
}

function schedule(subject: string): Wording {
  return {
    question: `Are you able to ${subject.replace(/^(?:to\s+)/i, '')}? What schedule do you work now?`,
    goodAnswer: [
      `Confirms they can work the schedule: ${subject.replace(/^work\s+/i, '')}`,
      'Describes the schedule they work now or have worked',
    ],
  };
}

/** The knock-out wording for a skill, in the words of its field. */
function skill(text: string, subject: string): Wording {
  const topic = topicOf(text);
  const field = fieldOf(text);
  switch (field) {
    case 'technical':
      return {
        question: /^[a-z]+ing\b/.test(subject)
          ? `Tell me about your experience ${subject}: what did you build or run, what was your own part, and how did it turn out?`
          : `Tell me about a time you used ${subject} in production: what did you build or run, what was your own part, and how did it turn out?`,
        goodAnswer: [`Names a real system, project or employer where they used ${topic}`, PERSONALLY, MEASURABLE],
      };
    case 'clinical':
      return {
        question: `Tell me about a patient situation where you relied on ${subject}: what did you assess, what did you do, and what was the outcome?`,
        goodAnswer: [
          `Describes a specific patient situation involving ${topic}`,
          'Says what they assessed and did themselves, and whom they escalated to',
          'Gives the outcome for the patient',
        ],
      };
    case 'setting':
      return {
        question: `How long have you worked in ${subject}, in which units, and with what patient types and patient load?`,
        goodAnswer: [
          `States how long they have worked in ${topic}`,
          'Names the units or hospitals where they worked',
          SCOPE.setting as string,
        ],
      };
    case 'finance':
      return {
        question: `Walk me through how you have handled ${subject}: which company and process, what you owned, and what improved?`,
        goodAnswer: [`Names the company or system where they handled ${topic}`, OWNED, MEASURABLE_FINANCE],
      };
    case 'domain':
      return {
        question: `Tell me about your work on ${subject}: what did you build or run, what was your part, and how did you keep it correct?`,
        goodAnswer: [
          `Names the company or system where they worked on ${topic}`,
          PERSONALLY,
          'Explains how they kept it correct or compliant (controls, reconciliation, audits)',
          'Gives a measurable result or scale (volume, amounts, errors)',
        ],
      };
    case 'tool': {
      const examples = examplesOf(text);
      return {
        question: `How long have you used ${topic}, at which employer, and what is the most advanced thing you have built or set up in it${examples ? ` (for example ${examples})` : ''}?`,
        goodAnswer: [
          `States how long they have used ${topic}`,
          `Names the employer or team where they used ${topic}`,
          'Says what they built, set up or improved in it themselves',
          ...(examples ? [`Mentions ${examples}`] : []),
        ],
      };
    }
    case 'project':
      return {
        question: `Tell me about ${/^(?:a|an|the)\s/i.test(subject) ? subject : `the ${subject}`} you took part in: what was your role, what did you own, and how did it go live?`,
        goodAnswer: ['Names the project, the system and the employer', OWNED, 'Gives the result: go-live, timeline or numbers'],
      };
    case 'schedule':
      return schedule(subject);
    case 'hands-on':
      return {
        question: `Tell me about a job where you used ${subject}: what equipment or materials did you work with, what did you do yourself, and how did you make sure the work was safe and correct?`,
        goodAnswer: [
          `Names the employer, site or equipment where they used ${topic}`,
          'Says what they did themselves, hands-on',
          SAFE_WORK,
        ],
      };
    case 'sales':
      return {
        question: `Tell me about a deal where ${subject} made the difference: what did you do, and what did it bring in?`,
        goodAnswer: [
          `Names a specific deal, account or employer where ${topic} mattered`,
          'Says what they personally did',
          'Gives the result in numbers (revenue, quota, cycle time)',
        ],
      };
    default:
      return {
        question: `Tell me about a time you used ${subject} at work: what was the situation, what did you do yourself, and what was the result?`,
        goodAnswer: [
          `Describes a specific situation involving ${topic}`,
          'Says what they personally did',
          'Gives the result, in numbers where possible',
        ],
      };
  }
}

/** "a" or "an" by the sound of the next word; acronyms by their first letter's name ("an MBA"). */
function article(word: string): string {
  if (/^[AEFHILMNORSX][A-Z]/.test(word)) return 'an';
  return /^[aeiou]/i.test(word) && !/^(?:uni|use|usu|eu|one)/i.test(word) ? 'an' : 'a';
}
