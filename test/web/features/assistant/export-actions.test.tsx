import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CandidateSummaryView } from '../../../../web/src/features/assistant/components/candidate-summary-screen';
import { COPY_UNAVAILABLE_MESSAGE } from '../../../../web/src/features/assistant/components/copy-button';
import { COPIED_FORMATTED_MESSAGE, COPIED_PLAIN_MESSAGE } from '../../../../web/src/features/assistant/components/export-actions';
import { summaryResult } from '../../support/assistant';

/** What a ClipboardItem was given, as the browser's would hold it. */
class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
}

const blobText = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

function clipboardWith(clipboard: Partial<Clipboard> | undefined) {
  Object.defineProperty(navigator, 'clipboard', { value: clipboard, configurable: true });
}

const result = summaryResult({ output: { ...summaryResult().output, highlights: ['Led the card <authorization> rewrite'] } });

afterEach(() => {
  jest.restoreAllMocks();
  delete (globalThis as { ClipboardItem?: unknown }).ClipboardItem;
});

describe('exporting a candidate summary', () => {
  it.each([
    ['Download PDF of the candidate summary', 'candidate-summary-priya-raman.pdf', 'application/pdf', '%PDF-1.4'],
    [
      'Download Word document of the candidate summary',
      'candidate-summary-priya-raman.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'PK',
    ],
  ])('"%s" downloads %s', async (button, fileName, type, start) => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = jest.fn();
    const clicked: HTMLAnchorElement[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    render(<CandidateSummaryView result={result} />);

    await user.click(screen.getByRole('button', { name: button }));

    expect(await screen.findByText(`Downloaded ${fileName}.`)).toBeVisible();
    expect(clicked.map((link) => [link.download, link.getAttribute('href')])).toEqual([[fileName, 'blob:export']]);
    expect(blobs[0].type).toBe(type);
    expect((await blobText(blobs[0])).startsWith(start)).toBe(true);
  });

  it('copies for e-mail as HTML with plain text beside it', async () => {
    const user = userEvent.setup();
    (globalThis as { ClipboardItem?: unknown }).ClipboardItem = FakeClipboardItem;
    const write = jest.fn(async (_items: FakeClipboardItem[]) => undefined);
    clipboardWith({ write: write as unknown as Clipboard['write'], writeText: jest.fn() });
    render(<CandidateSummaryView result={result} />);

    await user.click(screen.getByRole('button', { name: 'Copy for e-mail (the candidate summary, formatted)' }));

    expect(await screen.findByText(COPIED_FORMATTED_MESSAGE)).toBeVisible();
    const [[item]] = write.mock.calls[0];
    expect(Object.keys(item.items)).toEqual(['text/html', 'text/plain']);
    const html = await blobText(item.items['text/html']);
    expect(html).toContain('<h1 style="font-size:20px;margin:0 0 4px">Priya Raman</h1>');
    expect(html).toContain('<li>Led the card &lt;authorization&gt; rewrite</li>');
    expect(await blobText(item.items['text/plain'])).toContain('Highlights\n- Led the card <authorization> rewrite');
  });

  it('falls back to plain text where the browser cannot copy HTML, and says how to copy by hand without a clipboard', async () => {
    const user = userEvent.setup();
    const writeText = jest.fn(async (_text: string) => undefined);
    clipboardWith({ writeText });
    const { unmount } = render(<CandidateSummaryView result={result} />);

    await user.click(screen.getByRole('button', { name: /^Copy for e-mail/ }));
    expect(await screen.findByText(COPIED_PLAIN_MESSAGE)).toBeVisible();
    expect(writeText.mock.calls[0][0]).toMatch(/^Priya Raman\nSenior backend engineer/);
    unmount();

    clipboardWith(undefined);
    render(<CandidateSummaryView result={result} />);
    await user.click(screen.getByRole('button', { name: /^Copy for e-mail/ }));
    await waitFor(() => expect(screen.getByText(COPY_UNAVAILABLE_MESSAGE)).toBeVisible());
  });
});
