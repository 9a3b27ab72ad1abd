/**
 * Saves bytes made in the browser as a file, through a download link (what the browser calls a
 * download): the invoice PDFs and the results' exports.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to read it; the URL is dropped after.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
