/** @jest-environment ./test/support/backend-environment.js */
import {
  blocksOf,
  candidateSummaryDocument,
  fileNameOf,
  jobDescriptionDocument,
} from '../../../../../web/src/features/assistant/export/document-model';
import { documentHtml, documentPlainText } from '../../../../../web/src/features/assistant/export/email-text';
import { DESCRIPTION, SUMMARY } from './fixtures';

describe('the exported document', () => {
  it('holds the candidate summary: name, headline, summary, highlights, skills and the fit', () => {
    const doc = candidateSummaryDocument(SUMMARY);

    expect(doc).toMatchObject({ title: 'Zoë Brontë', subtitle: SUMMARY.output.headline, fileName: 'candidate-summary-zoe-bronte' });
    expect(doc.sections.map((section) => section.heading)).toEqual(['Summary', 'Highlights', 'Skills', 'Against the job’s must-haves']);
    expect(doc.sections[1].blocks).toEqual([{ kind: 'bullets', items: SUMMARY.output.highlights }]);
    expect(doc.sections[3].blocks).toContainEqual({ kind: 'bullets', items: ['Kafka'] });
  });

  it('keeps the job description’s "- " lines as one bullet list, other lines as paragraphs', () => {
    expect(blocksOf('Intro line\n- one\n• two\n\nAfter')).toEqual([
      { kind: 'paragraph', text: 'Intro line' },
      { kind: 'bullets', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'After' },
    ]);
    const doc = jobDescriptionDocument(DESCRIPTION);
    expect(doc.sections[1].blocks).toEqual([
      { kind: 'bullets', items: ['Design APIs', 'Run services on AWS', 'Review <code> with the team'] },
    ]);
    expect(doc.fileName).toBe('job-description-senior-backend-engineer');
  });

  it('names files with ASCII letters, digits and dashes only', () => {
    expect(fileNameOf('job-description', '  C++ / Go: Lead (m/w/d)  ')).toBe('job-description-c-go-lead-m-w-d');
    expect(fileNameOf('candidate-summary', '李雷')).toBe('candidate-summary');
  });

  it('copies for e-mail as escaped HTML with headings and lists, and the same words as plain text', () => {
    const doc = jobDescriptionDocument(DESCRIPTION);
    const html = documentHtml(doc);

    expect(html).toContain('<h1 style="font-size:20px;margin:0 0 4px">Senior Backend Engineer</h1>');
    expect(html).toContain('<li>Review &lt;code&gt; with the team</li>');
    expect(html).toContain('(remote-first) &amp; ships weekly.');
    expect(documentPlainText(doc)).toBe(
      [
        'Senior Backend Engineer',
        'About the role\nOur client builds payment software (remote-first) & ships weekly.',
        'What you will do\n- Design APIs\n- Run services on AWS\n- Review <code> with the team',
      ].join('\n\n'),
    );
  });
});
